import { timingSafeEqual } from 'node:crypto';

const BASE64URL = /^[A-Za-z0-9_-]*$/;
const HEX = /^(?:[0-9a-fA-F]{2})*$/;

/** Strict base64url decode (no padding, no other alphabet); null when the text is not base64url. */
export function base64urlDecode(text: string): Buffer | null {
  if (!BASE64URL.test(text) || text.length % 4 === 1) return null;
  const bytes = Buffer.from(text, 'base64url');
  // Reject non-canonical encodings (trailing bits set), so one signature has one spelling.
  return bytes.toString('base64url') === text ? bytes : null;
}

export function base64urlEncode(bytes: Uint8Array | string): string {
  return Buffer.from(bytes).toString('base64url');
}

/** Decodes bare hex (no 0x); null when not even-length hex. */
export function hexDecode(text: string): Buffer | null {
  return HEX.test(text) ? Buffer.from(text, 'hex') : null;
}

export function isHex64(text: unknown): text is string {
  return typeof text === 'string' && /^[0-9a-f]{64}$/.test(text);
}

/** Constant-time string equality (lengths may leak, contents do not). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
