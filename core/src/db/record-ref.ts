/**
 * How a URL or request names a record: its uuid primary key, or (suggestions, proposals) its display number.
 * Anything else matches nothing; it is never handed to PostgreSQL, which would refuse a malformed uuid with an
 * error rather than an empty result.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A display number: positive, at most 16 digits (a bigint column, well inside JavaScript's safe integers). */
const DISPLAY_NUMBER = /^#?([1-9][0-9]{0,15})$/;

export const isUuid = (ref: string): boolean => UUID.test(ref);

/** The display number `ref` names ("12" or "#12"), or null. */
export function displayNumberOf(ref: string): number | null {
  const m = DISPLAY_NUMBER.exec(ref);
  return m ? Number(m[1]) : null;
}
