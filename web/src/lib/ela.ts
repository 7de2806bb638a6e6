/**
 * ELA amounts arrive as exact decimal strings (18 decimals at most). Shown exactly: the whole part grouped by
 * thousands, the fraction as it is — never through a float, so the page shows the chain's number to the wei.
 */
export function formatEla(amount: string): string {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction] = (negative ? amount.slice(1) : amount).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
}

/**
 * An amount to at most `digits` decimals (half up, trailing zeros dropped), grouped as `formatEla`: a figure to
 * read at a glance (the home page's treasury). Rounded on the decimal string, never through a float, and the same
 * in every browser whatever its own locale (English and Chinese both write "1,234.5").
 */
export function roundedEla(amount: string, digits = 2): string {
  const negative = amount.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? amount.slice(1) : amount).split('.');
  const up = Number(fraction[digits] ?? '0') >= 5 ? 1n : 0n;
  const scaled = BigInt(`${whole || '0'}${fraction.padEnd(digits, '0').slice(0, digits)}`) + up;
  const text = scaled.toString().padStart(digits + 1, '0');
  const kept = text.slice(text.length - digits).replace(/0+$/, '');
  const sign = negative && scaled > 0n ? '-' : '';
  return formatEla(`${sign}${text.slice(0, text.length - digits)}${kept ? `.${kept}` : ''}`);
}

/** A compact axis label (1.2k, 3.4M); geometry and labels only, never a shown amount. */
export function compactEla(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1e6) return `${+(value / 1e6).toFixed(1)}M`;
  if (abs >= 1e3) return `${+(value / 1e3).toFixed(1)}k`;
  return `${+value.toFixed(2)}`;
}

/** An amount as a number for chart geometry (pixel sizes), where a float's last digits do not matter. */
export const elaValue = (amount: string) => Number(amount);
