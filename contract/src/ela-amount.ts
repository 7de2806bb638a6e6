/**
 * ELA amounts are decimal strings with at most 8 decimals (1 ELA = 100,000,000 sela). Code does arithmetic on
 * bigint sela, never on floats; the database keeps numeric(30, 8); JSON carries strings.
 */
export const ELA_DECIMALS = 8;
const SELA_PER_ELA = 10n ** BigInt(ELA_DECIMALS);

/** The accepted form: no sign, no leading zeros, no exponent, 1 to 8 decimals when a point is present. */
export const ELA_AMOUNT_PATTERN = /^(0|[1-9][0-9]{0,17})(\.[0-9]{1,8})?$/;

export const isValidAmount = (text: string) => ELA_AMOUNT_PATTERN.test(text);

/** "12.5" → 1250000000n sela; null when the text is not a valid amount. */
export function amountToSela(text: string): bigint | null {
  const m = ELA_AMOUNT_PATTERN.exec(text);
  if (!m) return null;
  const fraction = (m[2] ?? '.').slice(1).padEnd(ELA_DECIMALS, '0');
  return BigInt(m[1]!) * SELA_PER_ELA + BigInt(fraction);
}

/** 1250000000n → "12.5" (no trailing zeros; whole amounts without a point). */
export function selaToAmount(sela: bigint): string {
  const negative = sela < 0n;
  const abs = negative ? -sela : sela;
  const whole = abs / SELA_PER_ELA;
  const fraction = (abs % SELA_PER_ELA).toString().padStart(ELA_DECIMALS, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** The same amount written canonically ("1.50" → "1.5", "007" is invalid and stays null). */
export function normalizeAmount(text: string): string | null {
  const sela = amountToSela(text);
  return sela === null ? null : selaToAmount(sela);
}

/** An ELA amount as written in a suggestion (at most 8 decimals) in wei (18 decimals), exactly. */
export function elaToWei(amount: string): bigint {
  const m = /^(\d+)(?:\.(\d{1,18}))?$/.exec(amount.trim());
  if (!m) throw new RangeError(`not an ELA amount: ${amount}`);
  return BigInt(m[1]!) * 10n ** 18n + BigInt((m[2] ?? '').padEnd(18, '0') || '0');
}

/** Wei as ELA without trailing zeros ("12.5", "3"). */
export function weiToEla(wei: bigint | string): string {
  const v = BigInt(wei);
  const whole = v / 10n ** 18n;
  const frac = (v % 10n ** 18n).toString().padStart(18, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : whole.toString();
}
