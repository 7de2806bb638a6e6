import path from 'node:path';
import { z } from 'zod';
import { optionalString, parseEnv, urlWithProtocol } from '@cr/core/config/env-parse';

/** `npm run seed -- --suggestions 100000 [--proposals 5000] [--tasks 10000] [--teams 2000] [--users 5000] [--reset] [--seed 42]`, against DATABASE_URL or DATA_DIR. */
export const seedArgsSchema = z.object({
  suggestions: z.coerce.number().int().min(0).max(2_000_000).default(1000),
  /** Proposals made from signed seed suggestions by the seed council, each with 12 votes. */
  proposals: z.coerce.number().int().min(0).max(200_000).default(0),
  /** Tasks, projects and events (all statuses, a few applications each). */
  tasks: z.coerce.number().int().min(0).max(500_000).default(0),
  /** Teams and CRcles with their members. */
  teams: z.coerce.number().int().min(0).max(200_000).default(0),
  /** Default: one member per 20 suggestions, at least 200. */
  users: z.coerce.number().int().min(10).max(200_000).optional(),
  /** Delete earlier seed data (members @seed.example.org and everything they wrote) first. */
  reset: z.boolean().default(false),
  /** PRNG seed: the same value gives the same data. */
  seed: z.coerce.number().int().default(42),
});

export type SeedConfig = z.infer<typeof seedArgsSchema> & {
  users: number;
  databaseUrl: string | undefined;
  pgliteDir: string;
  /** Where the api keeps uploads (DATA_DIR/uploads): the seed's generated avatars go there. */
  uploadsDir: string;
};

function parseArgs(argv: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) throw new Error(`Unexpected argument "${a}"`);
    const name = a.slice(2);
    if (name === 'reset') out.reset = true;
    else out[name] = argv[++i];
  }
  return out;
}

export function loadSeedConfig(argv = process.argv.slice(2), env = process.env): SeedConfig {
  const args = seedArgsSchema.strict().parse(parseArgs(argv));
  const e = parseEnv(
    z.object({
      DATABASE_URL: optionalString.pipe(urlWithProtocol('postgres:', 'postgresql:').optional()),
      DATA_DIR: z.string().default('.data'),
    }),
    env,
  );
  return {
    ...args,
    users: args.users ?? Math.max(200, Math.ceil(args.suggestions / 20)),
    databaseUrl: e.DATABASE_URL,
    pgliteDir: path.join(path.resolve(e.DATA_DIR), 'pglite'),
    uploadsDir: path.join(path.resolve(e.DATA_DIR), 'uploads'),
  };
}
