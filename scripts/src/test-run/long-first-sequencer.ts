import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The integration and browser files that take longest (seconds of a quiet 2-core run on PostgreSQL), started first so that no
 * worker is left with a long file at the end while the others idle. Vitest orders by the durations it cached on
 * the machine's last run; a fresh clone has none, and falls back to file size, which says little of a test's time.
 */
const LONG_FIRST = [
  'chain-worker/test/chain-kill.int.test.ts', // 160 s: 40 SIGKILLs of a worker process, 2 Redis restarts
  'scripts/test/demo.int.test.ts', // 90–108 s on a loaded machine: a whole stack, then the demo DAO played on it
  'contracts-abi/src/governance.int.test.ts', // 73 s
  'chain-worker/test/chain-node-down.int.test.ts', // 71 s
  'chain-worker/test/chain-reorg.int.test.ts', // 67 s
  'api/test/fuzz.int.test.ts', // 33 s
  'contracts-abi/src/treasury.int.test.ts', // 31 s
  'scripts/src/reindex/reindex.int.test.ts', // 22 s
  // The browser suite's (seconds of one lane on a quiet machine).
  // 187–256 s on a machine loaded by other suites (load 12–16 on 2 cores; suggestion.e2e.ts took 182 s beside
  // it): 412 axe runs, bound by CPU rather than waiting.
  'web/e2e/accessibility.e2e.ts',
  'web/e2e/suggestion.e2e.ts', // 139 s
  'web/e2e/proposal-cycle.e2e.ts', // 133 s: three cycles waiting for their windows side by side
  'web/e2e/navigation.e2e.ts', // 61 s
];

const rank = (spec: TestSpecification) => {
  const i = LONG_FIRST.findIndex((file) => spec.moduleId.endsWith(file));
  return i === -1 ? LONG_FIRST.length : i;
};

/** Vitest's own order (cached durations, then size), with the known long files first. */
export default class LongFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    return sorted
      .map((spec, i) => ({ spec, i }))
      .sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i)
      .map(({ spec }) => spec);
  }
}
