import { defineConfig } from 'vitest/config';
import LongFirstSequencer from './scripts/src/test-run/long-first-sequencer';
import { BROWSER_LANES } from './web/e2e/lanes';

// Three homes for tests (conventions.md): unit tests beside the code, integration tests through
// real services (*.int.test.ts), browser tests in web/e2e (*.e2e.ts); plus the long fault suite (*.faults.ts).
export default defineConfig({
  test: {
    sequence: { sequencer: LongFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['{contract,did,contracts-abi,core,api,chain-worker,scripts}/src/**/*.test.ts'],
          exclude: ['**/*.int.test.ts', '**/node_modules/**'],
          environment: 'node',
          // Each worker keeps its imports across files (as the integration project does): the unit and web
          // projects used 88 s of CPU isolated, 22 s not, the same 408 tests passing in any file order.
          isolate: false,
        },
      },
      {
        test: {
          name: 'web',
          include: ['web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['web/src/test-setup.ts'],
          // Imports kept across files; each file still gets a fresh jsdom (see the unit project).
          isolate: false,
          // Above test-setup's 8 s wait for a lazily loaded page: its first visit transforms the page's
          // module graph, which takes seconds on two busy cores.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['{did,contracts-abi,core,api,chain-worker,scripts}/{src,test}/**/*.int.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file starts its own services on free ports. Three at a time on two cores: the long files mostly
          // wait (worker kills, node outages, mined windows), and two left a quarter of the CPU idle.
          maxWorkers: 3,
          // Each worker keeps its imports across the files it runs: every file re-importing the api (about 3 s of
          // CPU each) was 278 of the suite's import seconds. A file still starts its own api, database, queues
          // (own QUEUE_PREFIX, which also namespaces the rate counters) and chain; nothing is shared through modules.
          isolate: false,
        },
      },
      {
        // `npm run test:faults` (scripts/src/test-faults.ts): the fault suite, several minutes, never in `npm test`.
        test: {
          name: 'faults',
          include: ['scripts/src/faults/**/*.faults.ts'],
          environment: 'node',
          testTimeout: 1_800_000,
          hookTimeout: 600_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['web/e2e/**/*.e2e.ts'],
          // One product stack for the whole browser run (started and stopped by the global setup).
          globalSetup: ['web/e2e/global-setup.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // expect.poll waits for what a page shows after a round trip to the api: vitest's default ceiling of 1 s
          // held on a quiet machine and failed on a busy one (a dismissed report's row still listed after 1 s). The
          // same 15 s as the suites' locator waits; a poll that succeeds returns at once.
          expect: { poll: { timeout: 15_000 } },
          // Lanes of files side by side, each on its own stack (web/e2e/lanes.ts, web/e2e/global-setup.ts).
          maxWorkers: BROWSER_LANES,
          // A lane's worker keeps its imports (playwright, the DID SDK, the api's helpers) from one file to the
          // next: eight files took 131 CPU s in the test processes isolated and 94 s not (the whole run: 383 → 329
          // CPU s). What a file needs afresh is registered by the setup file, which runs before each file.
          isolate: false,
          setupFiles: ['web/e2e/test-setup.ts'],
        },
      },
    ],
  },
});
