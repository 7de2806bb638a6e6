import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { EMAIL_CODE_LENGTH } from '@cr/contract/account.contract';

/** A uniformly random 6-digit code (leading zeros kept), from the CSPRNG. */
export function generateEmailCode(): string {
  return String(randomInt(0, 10 ** EMAIL_CODE_LENGTH)).padStart(EMAIL_CODE_LENGTH, '0');
}

export function newCodeSalt(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * What the database keeps of a code: SHA-256 over a per-code random salt and the code. A 6-digit code is easy to
 * brute-force from its hash; what protects it is its 15-minute life and the 5-try limit.
 */
export function hashEmailCode(code: string, salt: string): string {
  return createHash('sha256').update(`${salt}:${code}`, 'utf8').digest('hex');
}

/** Constant-time check of a typed code against the stored salt and hash. */
export function emailCodeMatches(code: string, salt: string, storedHash: string): boolean {
  const a = Buffer.from(hashEmailCode(code, salt), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
