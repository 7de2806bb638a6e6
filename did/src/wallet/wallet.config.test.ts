import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { devEidEndpointFile, writeDevChainEndpoint } from '../dev-endpoints';
import { loadWalletConfig } from './wallet.config';

describe('dev wallet config', () => {
  it('takes env vars, lets flags win, and resolves the wallet dir', () => {
    const env = {
      WALLET_DIR: '/tmp/w',
      EID_RESOLVER_URL: 'http://127.0.0.1:9/',
      CHAIN_RPC_URL: 'http://127.0.0.1:8/',
      CHAIN_ID: '31337',
    };
    expect(loadWalletConfig({}, env)).toEqual({
      walletDir: '/tmp/w',
      resolverUrl: 'http://127.0.0.1:9/',
      chainRpcUrl: 'http://127.0.0.1:8/',
      chainId: 31337,
    });
    expect(loadWalletConfig({ walletDir: 'rel', resolverUrl: 'http://h:1/' }, env)).toMatchObject({
      walletDir: path.resolve('rel'),
      resolverUrl: 'http://h:1/',
    });
  });

  it('defaults the wallet dir to .data/wallets at the repo root and refuses bad URLs', () => {
    expect(loadWalletConfig({}, {}).walletDir).toBe(
      path.resolve(import.meta.dirname, '../../../.data/wallets'),
    );
    expect(() => loadWalletConfig({ resolverUrl: 'ftp://x' }, {})).toThrow(/resolverUrl/);
    expect(() => loadWalletConfig({ chainId: '-1' }, {})).toThrow(/chainId/);
  });

  it('finds the EID simulator and the chain a running npm start advertises under DATA_DIR', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'wallet-config-'));
    try {
      expect(loadWalletConfig({}, { DATA_DIR: dataDir })).toEqual({
        walletDir: path.join(dataDir, 'wallets'),
        resolverUrl: 'http://127.0.0.1:9123/',
        chainRpcUrl: undefined,
        chainId: undefined,
      });
      await mkdir(path.dirname(devEidEndpointFile(dataDir)), { recursive: true });
      await writeFile(
        devEidEndpointFile(dataDir),
        JSON.stringify({ url: 'http://127.0.0.1:40001/', pid: 1 }),
      );
      const remove = await writeDevChainEndpoint(dataDir, {
        rpcUrl: 'http://127.0.0.1:40002',
        chainId: 31337,
      });
      expect(loadWalletConfig({}, { DATA_DIR: dataDir })).toMatchObject({
        resolverUrl: 'http://127.0.0.1:40001/',
        chainRpcUrl: 'http://127.0.0.1:40002',
        chainId: 31337,
      });
      // Flags and env still win over what the stack advertises.
      expect(
        loadWalletConfig(
          { chainRpcUrl: 'http://127.0.0.1:7/' },
          { DATA_DIR: dataDir, EID_RESOLVER_URL: 'http://e:1/' },
        ),
      ).toMatchObject({ resolverUrl: 'http://e:1/', chainRpcUrl: 'http://127.0.0.1:7/' });
      await remove();
      expect(loadWalletConfig({}, { DATA_DIR: dataDir }).chainRpcUrl).toBeUndefined();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
