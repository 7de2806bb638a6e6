/** One formatter per interface language, built once (`toLocaleString(locale)` looks its locale up at every call). */
const formatters = new Map<string, Intl.NumberFormat>();

/**
 * A whole number grouped as the interface language writes it ("15,040"): the same on the server and in every
 * browser, whatever the browser's own locale (a German browser would write "15.040" and, on a page the server
 * rendered, not match it).
 */
export function formatCount(n: number, lang: string): string {
  const locale = lang === 'zh' ? 'zh-CN' : 'en-US';
  let f = formatters.get(locale);
  if (!f) formatters.set(locale, (f = new Intl.NumberFormat(locale)));
  return f.format(n);
}
