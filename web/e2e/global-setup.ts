import type { TestProject } from 'vitest/node';
import { BROWSER_LANES } from './lanes';
import { startE2eSite } from './site';

/**
 * Starts one product stack per lane for all browser tests (vitest project `browser`, `globalSetup`): a file runs
 * on the stack of the worker slot it runs in (`useSite`, VITEST_POOL_ID), never beside another file on it.
 */
export default async function setup(project: TestProject) {
  const started = await Promise.allSettled(Array.from({ length: BROWSER_LANES }, () => startE2eSite()));
  const stacks = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stopAll = () => Promise.all(stacks.map((s) => s.stop())).then(() => undefined);
  const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  project.provide(
    'e2eSites',
    stacks.map((s) => s.site),
  );
  return stopAll;
}
