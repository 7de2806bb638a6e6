// `npm run fuzz`: the request fuzzer of api/test/fuzz.int.test.ts for longer than CI runs it. FUZZ_COUNT (default
// 50,000 requests), FUZZ_SEED (default: a new one, printed, so a finding can be replayed), FUZZ_CONCURRENCY;
// TEST_DATABASE=postgres with DATABASE_URL runs it against PostgreSQL instead of PGlite.
import { spawnSync } from 'node:child_process';
import { z } from 'zod';
import { parseEnv } from '@cr/core/config/env-parse';

const env = parseEnv(
  z.object({
    FUZZ_COUNT: z.coerce.number().int().min(1).default(50_000),
    FUZZ_SEED: z.coerce.number().int().min(0).optional(),
    FUZZ_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(8),
  }),
  process.env,
);
const seed = env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31);
console.log(`fuzz: ${env.FUZZ_COUNT} requests, seed ${seed} (replay with FUZZ_SEED=${seed})`);
const result = spawnSync(
  'npx',
  ['vitest', 'run', '--project', 'integration', 'api/test/fuzz.int.test.ts', ...process.argv.slice(2)],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      FUZZ_COUNT: String(env.FUZZ_COUNT),
      FUZZ_SEED: String(seed),
      FUZZ_CONCURRENCY: String(env.FUZZ_CONCURRENCY),
      // About 40 requests a second on a busy two-core machine, with room to spare.
      FUZZ_TIMEOUT_MS: String(Math.max(600_000, env.FUZZ_COUNT * 100)),
    },
  },
);
process.exit(result.status ?? 1);
