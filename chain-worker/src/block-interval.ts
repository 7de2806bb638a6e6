/**
 * The observed average block interval in ms over the given headers (unix-second timestamps), for ETAs
 * ("≈ 3 h 20 min, block 123,456"). Null with fewer than two blocks. Second-resolution timestamps average out over
 * a window of many blocks.
 */
export function averageBlockMs(headers: readonly { number: number; timestamp: number }[]): number | null {
  if (headers.length < 2) return null;
  let lo = headers[0]!;
  let hi = headers[0]!;
  for (const h of headers) {
    if (h.number < lo.number) lo = h;
    if (h.number > hi.number) hi = h;
  }
  const blocks = hi.number - lo.number;
  if (blocks <= 0) return null;
  return Math.round(((hi.timestamp - lo.timestamp) * 1000) / blocks);
}
