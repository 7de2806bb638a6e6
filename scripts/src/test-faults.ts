// `npm run test:faults`: the fault suite (scripts/src/faults/fault-suite.faults.ts; docs/robustness.md) on the
// PostgreSQL server of DATABASE_URL (default: the machine's, postgres://postgres@127.0.0.1:5432/postgres; the suite
// makes and drops a database of its own there). FAULT_SEED replays a run (default: a new seed, printed);
// FAULT_WINDOW_S spreads the faults over more or fewer seconds (default 150).
import { spawnSync } from 'node:child_process';
import { z } from 'zod';
import { parseEnv } from '@cr/core/config/env-parse';

const env = parseEnv(
  z.object({
    DATABASE_URL: z.string().default('postgres://postgres@127.0.0.1:5432/postgres'),
    FAULT_SEED: z.coerce.number().int().min(0).optional(),
  }),
  process.env,
);
const seed = env.FAULT_SEED ?? Math.floor(Math.random() * 2 ** 31);
console.log(`fault suite: seed ${seed} (replay with FAULT_SEED=${seed} npm run test:faults)`);
const result = spawnSync('npx', ['vitest', 'run', '--project', 'faults', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: {
    ...process.env,
    TEST_DATABASE: 'postgres',
    DATABASE_URL: env.DATABASE_URL,
    FAULT_SEED: String(seed),
  },
});
process.exit(result.status ?? 1);
