/**
 * Names (members, communities) in one order wherever they are sorted: letters regardless of case, then by code
 * point. Not `localeCompare`: its order follows the runtime's locale, so the server's render and a browser could
 * sort the same votes differently (a hydration mismatch), and a page's first call loads the collator's data
 * (16 ms of a proposal's start-up in a profile).
 */
export function compareNames(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
