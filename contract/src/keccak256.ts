/**
 * Keccak-256 (Ethereum's, padding 0x01) in plain TypeScript, so the Smart Chain address checksum (EIP-55) shared
 * with the browser needs no chain library there; cross-checked against ethers in keccak256.test.ts.
 *
 * Each 64-bit lane is two 32-bit halves (lo at 2i, hi at 2i + 1) in a Uint32Array: integer arithmetic only, no
 * BigInt (which made every address checksum cost about half a millisecond of CPU on the api's hot path).
 */

/** The 24 round constants as [hi, lo] 32-bit halves. */
const ROUND_CONSTANTS: readonly (readonly [number, number])[] = [
  [0x00000000, 0x00000001],
  [0x00000000, 0x00008082],
  [0x80000000, 0x0000808a],
  [0x80000000, 0x80008000],
  [0x00000000, 0x0000808b],
  [0x00000000, 0x80000001],
  [0x80000000, 0x80008081],
  [0x80000000, 0x00008009],
  [0x00000000, 0x0000008a],
  [0x00000000, 0x00000088],
  [0x00000000, 0x80008009],
  [0x00000000, 0x8000000a],
  [0x00000000, 0x8000808b],
  [0x80000000, 0x0000008b],
  [0x80000000, 0x00008089],
  [0x80000000, 0x00008003],
  [0x80000000, 0x00008002],
  [0x80000000, 0x00000080],
  [0x00000000, 0x0000800a],
  [0x80000000, 0x8000000a],
  [0x80000000, 0x80008081],
  [0x80000000, 0x00008080],
  [0x00000000, 0x80000001],
  [0x80000000, 0x80008008],
];
/** Rotation offsets by lane index x + 5y. */
const ROTATIONS = [
  0, 1, 62, 28, 27, 36, 44, 6, 55, 20, 3, 10, 43, 25, 39, 41, 45, 15, 21, 8, 18, 2, 61, 56, 14,
];

/** Writes lane `src` of `from`, rotated left by n bits, into lane `dst` of `to`. */
function rotateLane(from: Uint32Array, src: number, to: Uint32Array, dst: number, n: number): void {
  let lo = from[2 * src]!;
  let hi = from[2 * src + 1]!;
  if (n >= 32) {
    [lo, hi] = [hi, lo];
    n -= 32;
  }
  if (n === 0) {
    to[2 * dst] = lo;
    to[2 * dst + 1] = hi;
    return;
  }
  to[2 * dst] = (lo << n) | (hi >>> (32 - n));
  to[2 * dst + 1] = (hi << n) | (lo >>> (32 - n));
}

function keccakF(s: Uint32Array): void {
  const c = new Uint32Array(10);
  const d = new Uint32Array(2);
  const b = new Uint32Array(50);
  for (const [rcHi, rcLo] of ROUND_CONSTANTS) {
    // θ
    for (let x = 0; x < 5; x++)
      for (let h = 0; h < 2; h++)
        c[2 * x + h] =
          s[2 * x + h]! ^
          s[2 * (x + 5) + h]! ^
          s[2 * (x + 10) + h]! ^
          s[2 * (x + 15) + h]! ^
          s[2 * (x + 20) + h]!;
    for (let x = 0; x < 5; x++) {
      rotateLane(c, (x + 1) % 5, d, 0, 1);
      const prev = (x + 4) % 5;
      const dLo = d[0]! ^ c[2 * prev]!;
      const dHi = d[1]! ^ c[2 * prev + 1]!;
      for (let y = 0; y < 25; y += 5) {
        s[2 * (x + y)] = s[2 * (x + y)]! ^ dLo;
        s[2 * (x + y) + 1] = s[2 * (x + y) + 1]! ^ dHi;
      }
    }
    // ρ and π
    for (let x = 0; x < 5; x++)
      for (let y = 0; y < 5; y++)
        rotateLane(s, x + 5 * y, b, y + 5 * ((2 * x + 3 * y) % 5), ROTATIONS[x + 5 * y]!);
    // χ
    for (let y = 0; y < 25; y += 5)
      for (let x = 0; x < 5; x++)
        for (let h = 0; h < 2; h++)
          s[2 * (x + y) + h] =
            b[2 * (x + y) + h]! ^ (~b[2 * (((x + 1) % 5) + y) + h]! & b[2 * (((x + 2) % 5) + y) + h]!);
    // ι
    s[0] = s[0]! ^ rcLo;
    s[1] = s[1]! ^ rcHi;
  }
}

/** Keccak-256 (Ethereum's, padding 0x01) of bytes, as lowercase hex without 0x. */
export function keccak256Hex(data: Uint8Array): string {
  const rate = 136;
  const padded = new Uint8Array(Math.ceil((data.length + 1) / rate) * rate);
  padded.set(data);
  padded[data.length] = padded[data.length]! ^ 0x01;
  padded[padded.length - 1] = padded[padded.length - 1]! ^ 0x80;
  const state = new Uint32Array(50);
  const word = (at: number) =>
    (padded[at]! | (padded[at + 1]! << 8) | (padded[at + 2]! << 16) | (padded[at + 3]! << 24)) >>> 0;
  for (let off = 0; off < padded.length; off += rate) {
    for (let i = 0; i < rate / 4; i++) state[i] = state[i]! ^ word(off + 4 * i);
    keccakF(state);
  }
  let out = '';
  for (let i = 0; i < 8; i++) {
    const w = state[i]!;
    for (let j = 0; j < 4; j++) out += ((w >>> (8 * j)) & 0xff).toString(16).padStart(2, '0');
  }
  return out;
}
