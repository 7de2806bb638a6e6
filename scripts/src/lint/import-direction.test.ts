import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The repository's own lint configuration (eslint.config.js), applied to one import written at a given path.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: root });

// Loading the configuration and its plugins is the one slow step (seconds of CPU on a busy machine): done once,
// before the tests, within a budget of its own instead of inside the first test's 5 s.
beforeAll(async () => {
  await eslint.calculateConfigForFile(path.join(root, 'web/src/lib/probe.ts'));
}, 60_000);

async function importErrors(
  file: string,
  source: string,
  rules = ['no-restricted-imports', 'workspace/relative-import'],
): Promise<string[]> {
  const [result] = await eslint.lintText(`import { x } from '${source}';\nexport const y = x;\n`, {
    filePath: path.join(root, file),
  });
  return result!.messages.filter((m) => rules.includes(m.ruleId ?? '')).map((m) => m.message);
}

describe('the import direction between workspaces', () => {
  it('lets web import the contract package, and nothing of the api', async () => {
    expect(await importErrors('web/src/lib/probe.ts', '@cr/contract/proposal.contract')).toEqual([]);
    expect(await importErrors('web/src/lib/probe.ts', '@cr/api/app-deps')).toEqual([
      expect.stringContaining('may not import that workspace'),
    ]);
    expect(await importErrors('web/src/lib/probe.ts', '@cr/api/contract/proposal.contract')).toHaveLength(1);
  });

  it('keeps the contract on the ground floor: it imports no workspace of ours', async () => {
    for (const source of [
      '@cr/api/app-deps',
      '@cr/core/db/db-client',
      '@cr/did/did-backend',
      '@cr/contracts-abi/statements',
    ])
      expect(await importErrors('contract/src/probe.ts', source), source).toHaveLength(1);
  });

  it('lets the api and the worker import the contract', async () => {
    expect(await importErrors('api/src/modules/probe.ts', '@cr/contract/proposal.contract')).toEqual([]);
    expect(await importErrors('chain-worker/src/probe.ts', '@cr/contract/proposal.contract')).toEqual([]);
  });

  it('keeps core below the api and the worker: it refuses an import of either', async () => {
    expect(await importErrors('core/src/db/probe.ts', '@cr/contract/proposal.contract')).toEqual([]);
    expect(await importErrors('core/src/db/probe.ts', '@cr/core/queues/mail-queue')).toEqual([]);
    expect(await importErrors('core/src/db/probe.ts', '@cr/api/app-deps')).toEqual([
      expect.stringContaining('core stands below the api and the worker'),
    ]);
    expect(await importErrors('core/src/db/probe.ts', '@cr/api/modules/proposal/index')).toHaveLength(1);
    expect(await importErrors('core/src/db/probe.ts', '@cr/chain-worker/worker-context')).toHaveLength(1);
    expect(await importErrors('core/src/db/probe.ts', '@cr/did/did-backend')).toHaveLength(1);
    expect(await importErrors('core/src/db/probe.ts', '../../../api/src/app-deps')).toEqual([
      expect.stringContaining('by its package name'),
    ]);
  });

  it("lets the worker import core, and of the api only a module's public face and the process composition", async () => {
    for (const source of [
      '@cr/core/db/db-client',
      '@cr/core/chain/chain-outbox',
      '@cr/api/modules/proposal/index',
      '@cr/api/app-composition',
    ])
      expect(await importErrors('chain-worker/src/probe.ts', source), source).toEqual([]);
  });

  it("refuses the worker's import of an api internal: a module's file, the HTTP layer, a shared folder", async () => {
    for (const source of [
      '@cr/api/modules/proposal/proposal-worker-plugin',
      '@cr/api/modules/proposal/proposal.routes',
      '@cr/api/app-deps',
      '@cr/api/http/route',
      '@cr/api/chain/chain-reader',
      '@cr/api/routes',
    ])
      expect(await importErrors('chain-worker/src/probe.ts', source), source).toEqual([
        expect.stringContaining("only a module's public face"),
      ]);
    expect(await importErrors('chain-worker/src/probe.ts', 'express')).toEqual([
      expect.stringContaining('runs no HTTP server'),
    ]);
  });

  it('refuses a relative path into another workspace', async () => {
    expect(await importErrors('web/src/lib/probe.ts', '../../../contract/src/proposal.contract')).toEqual([
      expect.stringContaining('by its package name'),
    ]);
  });
});

describe('the public faces of the api modules', () => {
  const faceErrors = (file: string, source: string) => importErrors(file, source, ['modules/public-face']);

  it('lets a module import another through its index.ts, and its own files directly', async () => {
    expect(await faceErrors('api/src/modules/milestone/probe.ts', '../proposal')).toEqual([]);
    expect(await faceErrors('api/src/modules/milestone/probe.ts', '../proposal/index')).toEqual([]);
    expect(await faceErrors('api/src/modules/milestone/probe.ts', './milestone.repo')).toEqual([]);
    expect(await faceErrors('api/src/modules/milestone/probe.ts', '../../chain/chain-clock')).toEqual([]);
  });

  it("refuses a module's import of another module's file", async () => {
    expect(await faceErrors('api/src/modules/milestone/probe.ts', '../proposal/proposal.repo')).toEqual([
      expect.stringContaining("only through its public face ('../proposal'"),
    ]);
  });

  it('leaves the floor above the modules free to compose them', async () => {
    expect(await faceErrors('api/src/routes.ts', './modules/proposal/proposal.routes')).toEqual([]);
  });
});
