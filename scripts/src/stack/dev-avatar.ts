import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';

/** One PNG chunk: length, type, data, CRC-32 over type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** An RGB colour from a hue (0-360), saturation and lightness (0-1). */
function hsl(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [Math.round(f(0) * 255), Math.round(f(8) * 255), Math.round(f(4) * 255)];
}

/**
 * A generated avatar for dev and seed identities: a PNG (the upload route's formats; no external URL) of a
 * mirrored 5×5 pattern in a colour of its own on a pale ground, the same for the same `seed` every time.
 */
export function identiconPng(seed: string, size = 160): Buffer {
  const hash = createHash('sha256').update(seed, 'utf8').digest();
  const hue = hash.readUInt16BE(0) % 360;
  const fg = hsl(hue, 0.55, 0.48);
  const bg = hsl(hue, 0.45, 0.93);
  const cells: boolean[] = [];
  for (let row = 0; row < 5; row++)
    for (let col = 0; col < 5; col++) {
      // Mirrored left to right, like a face: columns 3 and 4 copy 1 and 0.
      const c = col < 3 ? col : 4 - col;
      cells.push(((hash[2 + row * 3 + c]! >> 1) & 1) === 1);
    }
  const margin = Math.round(size * 0.15);
  const cell = (size - 2 * margin) / 5;
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    const line = y * (size * 3 + 1);
    raw[line] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const cx = Math.floor((x - margin) / cell);
      const cy = Math.floor((y - margin) / cell);
      const on = cx >= 0 && cx < 5 && cy >= 0 && cy < 5 && cells[cy * 5 + cx];
      const [r, g, b] = on ? fg : bg;
      raw[line + 1 + x * 3] = r;
      raw[line + 2 + x * 3] = g;
      raw[line + 3 + x * 3] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
