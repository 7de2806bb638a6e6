/**
 * A whole number grouped as the interface language writes it ("15,040"): the same on the server and in every
 * browser, whatever the browser's own locale (a German browser would write "15.040" and, on a page the server
 * rendered, not match it).
 */
export function formatCount(n: number, lang: string): string {
  return n.toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-US');
}
