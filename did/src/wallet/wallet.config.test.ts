import path from 'node:path';
import { describe, expect, it } from 'vitest';
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
});
