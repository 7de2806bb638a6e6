import { z } from 'zod';

/** A start-up configuration problem: every bad or missing variable, listed, without secret values. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration is invalid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses an env-like record with a zod object schema; throws ConfigError naming each bad variable. */
export function parseEnv<S extends z.ZodObject>(
  schema: S,
  env: Record<string, string | undefined>,
): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    // Never echo the received value: it may be a secret.
    return `${name}: ${issue.message}`;
  });
  throw new ConfigError(problems);
}

/** Optional string: treats an empty value as unset. */
export const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** Boolean from "true"/"false"/"1"/"0". */
export const booleanString = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'], { message: 'must be true or false' })
    .optional()
    .transform((v) => (v === undefined ? fallback : v === 'true' || v === '1'));

/** URL with one of the given protocols, e.g. postgres:, redis:. */
export const urlWithProtocol = (...protocols: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { message: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}` },
  );

/** Integer port 0..65535 (0 = any free port). */
export const portString = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
