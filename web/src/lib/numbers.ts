/** One formatter per interface language, built once (`toLocaleString(locale)` looks its locale up at every call). */
const formatters = new Map<string, Intl.NumberFormat>();

/** Every third digit from the right, where a comma goes. */
const THOUSANDS = /\B(?=(\d{3})+(?!\d))/g;

/**
 * A whole number grouped as the interface language writes it ("15,040"): the same on the server and in every
 * browser, whatever the browser's own locale (a German browser would write "15.040" and, on a page the server
 * rendered, not match it). English and Chinese both group integers by three with ",", so an integer is grouped
 * here: the first `Intl.NumberFormat` of a page loads its locale's data, a few milliseconds of a phone's start-up
 * for every block height on a proposal's first screen. Anything else goes to Intl.
 */
export function formatCount(n: number, lang: string): string {
  if (Number.isSafeInteger(n)) return n < 0 ? `-${group(-n)}` : group(n);
  const locale = lang === 'zh' ? 'zh-CN' : 'en-US';
  let f = formatters.get(locale);
  if (!f) formatters.set(locale, (f = new Intl.NumberFormat(locale)));
  return f.format(n);
}

function group(n: number): string {
  return String(n).replace(THOUSANDS, ',');
}
