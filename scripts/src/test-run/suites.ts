import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Task } from './run-task';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
const vitest = (args: string[], env?: Record<string, string>): Pick<Task, 'command' | 'args' | 'env'> => ({
  command: bin('vitest'),
  args: ['run', ...args],
  ...(env ? { env } : {}),
});

/** The web build with its size budget: the browser suite runs on what it builds. */
export const BUILD = 'build and size';
export const buildTask = (): Task => ({
  label: BUILD,
  command: 'npm',
  args: ['run', '--silent', 'build:size'],
  gate: true,
});

/** The checks and the unit tests: each a gate (a failure stops the run at once). Quickest to fail first. */
export const checkTasks = (): Task[] =>
  [
    // One program for every Node package (they share tsconfig.base.json), one for the web app (DOM, JSX).
    { label: 'typecheck node', command: bin('tsc'), args: ['-p', '.'] },
    { label: 'typecheck web', command: bin('tsc'), args: ['-p', 'web'] },
    { label: 'lint', command: bin('eslint'), args: ['.'] },
    { label: 'format', command: bin('prettier'), args: ['--check', '.'] },
    { label: 'unit', ...vitest(['--project', 'unit', '--project', 'web']) },
  ].map((t) => ({ ...t, gate: true }));

/**
 * `npm start` end to end (api/test/startup.int.test.ts) spawns the whole product and waits for it (bounded at
 * 150 s, no timing asserted): it runs beside the integration suite, after the PGlite database layer.
 */
export const STARTUP_TEST = 'api/test/startup.int.test.ts';
export const startupTask = (): Task => ({
  label: 'start-up',
  ...vitest(['--project', 'integration', STARTUP_TEST]),
});

/**
 * The database-layer suites, run on both engines: the client, row JSON, generic plans, the counts, the status
 * transitions and the once-only claims (every suite also applies all migrations to its own database). The domain
 * suites run on PostgreSQL alone when it is there; PGlite is covered end to end by the start-up test and the demo's
 * test (scripts/test/demo.int.test.ts), which run the product on it as `npm start` does.
 */
export const DATABASE_LAYER_TESTS = [
  'api/test/row-json.int.test.ts',
  'api/test/generic-plans.int.test.ts',
  'api/test/suggestion-counts.int.test.ts',
  'api/test/proposal-counts.int.test.ts',
  'api/test/status-transitions.int.test.ts',
  'api/test/once-only.int.test.ts',
];

/** The integration suite: on PostgreSQL (and its database layer again on PGlite), or all on PGlite without it. */
export function integrationTasks(databaseUrl: string | undefined): Task[] {
  const exclude = ['--exclude', STARTUP_TEST];
  if (!databaseUrl)
    return [
      {
        label: 'integration (PGlite)',
        ...vitest(['--project', 'integration', ...exclude], { TEST_DATABASE: 'pglite' }),
      },
    ];
  return [
    {
      label: 'integration (PostgreSQL)',
      ...vitest(['--project', 'integration', ...exclude], { TEST_DATABASE: 'postgres' }),
    },
    {
      label: 'database layer (PGlite)',
      ...vitest(['--project', 'integration', ...DATABASE_LAYER_TESTS], { TEST_DATABASE: 'pglite' }),
    },
  ];
}

/**
 * The browser suite: one vitest run, its files in lanes (web/e2e/lanes.ts), each lane on its own product stack
 * (web/e2e/global-setup.ts), after the web build. One lane left the two cores more than half idle (1,180 s at
 * about 45 % busy); two took 751 s at 87 %.
 *
 * With PostgreSQL there, each lane's stack runs on a fresh copy of the migrated template (web/e2e/site.ts), not on
 * PGlite: PGlite runs its WebAssembly engine on the api's own thread, and the suite is bound by CPU. Measured on
 * two files, the test process's CPU fell 28 % (proposal-tracking, 49.8 → 35.8 s) and 15 % (suggestion, 77.4 →
 * 65.8 s). PGlite stays covered end to end by the start-up test and the demo's test, which run the product as
 * `npm start` does, and by the database-layer suites.
 */
export const browserTask = (databaseUrl: string | undefined): Task => ({
  label: databaseUrl ? 'browser (PostgreSQL)' : 'browser (PGlite)',
  ...vitest(['--project', 'browser'], { TEST_DATABASE: databaseUrl ? 'postgres' : 'pglite' }),
  after: [BUILD],
});
