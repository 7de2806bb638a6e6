// `npm run test:integration`: the integration suite on embedded PGlite, then again on the PostgreSQL server of
// DATABASE_URL when it is set (CI sets it), so both databases are proven by every run.
import { spawnSync } from 'node:child_process';
import { z } from 'zod';
import { optionalString, parseEnv } from '@cr/api/config/env-parse';

const env = parseEnv(z.object({ DATABASE_URL: optionalString }), process.env);
const extraArgs = process.argv.slice(2);
const runs: Array<{ label: string; env: Record<string, string>; paths: string[] }> = [
  { label: 'PGlite', env: { TEST_DATABASE: 'pglite' }, paths: [] },
];
// The second pass repeats only the suites that use a database (did and contracts-abi do not).
if (env.DATABASE_URL)
  runs.push({
    label: 'PostgreSQL',
    env: { TEST_DATABASE: 'postgres' },
    paths: ['api/', 'chain-worker/', 'scripts/'],
  });
else console.log('DATABASE_URL is not set: the integration suite runs on PGlite only.');

// `npm start` end to end (api/test/startup.int.test.ts) spawns the whole product — chain, Redis, database, api,
// worker — and times it: it runs first and alone, not beside another suite's stack on the same two cores. It uses
// no test database of its own, so once is enough.
const STARTUP = 'api/test/startup.int.test.ts';
if (!extraArgs.length) runs.unshift({ label: 'npm start, alone', env: {}, paths: [STARTUP] });

for (const run of runs) {
  console.log(`\n=== integration tests on ${run.label} ===`);
  const exclude = !extraArgs.length && !run.paths.includes(STARTUP) ? ['--exclude', STARTUP] : [];
  const args = [
    'vitest',
    'run',
    '--project',
    'integration',
    ...(extraArgs.length ? extraArgs : run.paths),
    ...exclude,
  ];
  const result = spawnSync('npx', args, {
    stdio: 'inherit',
    env: { ...process.env, ...run.env },
  });
  if (result.status !== 0) {
    console.error(`integration tests failed on ${run.label}`);
    process.exit(result.status ?? 1);
  }
}
