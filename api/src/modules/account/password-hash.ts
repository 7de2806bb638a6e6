import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt (node:crypto). Stored as `scrypt$N$r$p$<salt base64>$<hash base64>` so the cost
 * can be raised later: `needsRehash` tells when a stored hash uses weaker parameters than today's, and sign-in
 * re-hashes it. N = 2^15, r = 8 uses 32 MiB and about 50–100 ms per hash on one core.
 */
export const SCRYPT_PARAMS = { N: 2 ** 15, r: 8, p: 1, keyLen: 32, saltLen: 16 } as const;
export type ScryptParams = { N: number; r: number; p: number; keyLen: number; saltLen: number };

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

function scrypt(password: string, salt: Buffer, keyLen: number, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password, salt, keyLen, opts, (err, key) => (err ? reject(err) : resolve(key)));
  });
}

/** The same text whatever Unicode composition the keyboard produced. */
const normalize = (password: string) => password.normalize('NFC');
const maxmem = (N: number, r: number) => 128 * N * r * 2 + 1024 * 1024;

/** Hashes a password with a fresh random salt. */
export async function hashPassword(password: string, params: ScryptParams = SCRYPT_PARAMS): Promise<string> {
  const salt = randomBytes(params.saltLen);
  const { N, r, p } = params;
  const hash = await scrypt(normalize(password), salt, params.keyLen, { N, r, p, maxmem: maxmem(N, r) });
  return ['scrypt', N, r, p, salt.toString('base64'), hash.toString('base64')].join('$');
}

/** Reads a stored hash; null when it is not a well-formed scrypt hash with sane parameters. */
export function parsePasswordHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map((x) => (/^\d{1,8}$/.test(x!) ? Number(x) : NaN)) as [
    number,
    number,
    number,
  ];
  // Bounds keep a corrupted row from asking for gigabytes of memory.
  if (!(N >= 2 ** 10 && N <= 2 ** 20 && (N & (N - 1)) === 0)) return null;
  if (!(r >= 1 && r <= 32 && p >= 1 && p <= 16)) return null;
  const salt = Buffer.from(parts[4]!, 'base64');
  const hash = Buffer.from(parts[5]!, 'base64');
  if (salt.length < 8 || hash.length < 16 || hash.length > 64) return null;
  return { N, r, p, salt, hash };
}

/** True when `password` matches the stored hash (constant-time comparison of the derived keys). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parsePasswordHash(stored);
  if (!parsed) {
    await burnPasswordCheck(password);
    return false;
  }
  const { N, r, p, salt, hash } = parsed;
  const derived = await scrypt(normalize(password), salt, hash.length, { N, r, p, maxmem: maxmem(N, r) });
  return timingSafeEqual(derived, hash);
}

/** True when the stored hash is weaker than today's parameters (re-hash it at the next successful sign-in). */
export function needsRehash(stored: string, params: ScryptParams = SCRYPT_PARAMS): boolean {
  const parsed = parsePasswordHash(stored);
  if (!parsed) return true;
  return (
    parsed.N < params.N || parsed.r < params.r || parsed.p < params.p || parsed.hash.length < params.keyLen
  );
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the time of one verification without an account to check, so "no such account" and "wrong password"
 * take as long as each other.
 */
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  const parsed = parsePasswordHash(await dummyHash)!;
  const { N, r, p, salt, hash } = parsed;
  await scrypt(normalize(password), salt, hash.length, { N, r, p, maxmem: maxmem(N, r) });
}
