import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEidSimulator } from '@cr/did/eid-simulator/eid-simulator';
import { BROWSER_LANES } from './lanes';
import { startE2eSite } from './site';

/**
 * Starts one product stack per lane for all browser tests (vitest project `browser`, `globalSetup`): a file runs
 * on the stack of the worker slot it runs in (`useSite`, VITEST_POOL_ID), never beside another file on it. The
 * stacks share one EID simulator, as deployments share the one ID chain: the DID SDK resolves through one
 * backend per process, and every identity is new, so none is seen by two stacks.
 */
export default async function setup(project: TestProject) {
  const eidDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cr-e2e-eid-'));
  const eid = await startEidSimulator({ dataDir: eidDir });
  const started = await Promise.allSettled(
    Array.from({ length: BROWSER_LANES }, () => startE2eSite({ eidResolverUrl: eid.url })),
  );
  const stacks = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stopAll = async () => {
    await Promise.all(stacks.map((s) => s.stop()));
    await eid.stop();
    fs.rmSync(eidDir, { recursive: true, force: true });
  };
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
