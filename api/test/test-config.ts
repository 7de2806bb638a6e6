import { z } from 'zod';
import { parseEnv, optionalString } from '@cr/core/config/env-parse';

/**
 * What the integration tests run against: TEST_DATABASE=postgres uses a fresh database on the server of
 * DATABASE_URL (created and dropped per test file); otherwise embedded PGlite in memory. Redis is real.
 */
export const testConfig = parseEnv(
  z.object({
    TEST_DATABASE: z.enum(['pglite', 'postgres']).default('pglite'),
    DATABASE_URL: optionalString,
    REDIS_URL: z.string().default('redis://127.0.0.1:6379'),
  }),
  process.env,
);
