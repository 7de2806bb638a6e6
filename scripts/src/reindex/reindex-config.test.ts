import { describe, expect, it } from 'vitest';
import { ConfigError } from '@cr/core/config/env-parse';
import { loadReindexConfig } from './reindex-config';

const env = {
  CHAIN_RPC_URL: 'http://127.0.0.1:8545',
  CHAIN_ID: '31337',
  COUNCIL_ADDRESS: '0x0000000000000000000000000000000000000001',
  GOVERNANCE_ADDRESS: '0x0000000000000000000000000000000000000002',
  TREASURY_ADDRESS: '0x0000000000000000000000000000000000000003',
  CONTRACTS_FROM_BLOCK: '12',
};

describe('loadReindexConfig', () => {
  it('reads the worker variables and --dry-run', () => {
    const c = loadReindexConfig(['--dry-run'], { ...env, DATA_DIR: '/tmp/cr' });
    expect(c).toMatchObject({ chainId: 31337, fromBlock: 12, dryRun: true, pgliteDir: '/tmp/cr/pglite' });
    expect(c.addresses.treasury).toBe(env.TREASURY_ADDRESS);
    expect(c.queuePrefix).toBeTruthy();
  });

  it('refuses PostgreSQL without Redis (no watcher lock), no contracts, and a deployment block missing', () => {
    expect(() => loadReindexConfig([], { ...env, DATABASE_URL: 'postgres://db/cr' })).toThrow(/REDIS_URL/);
    const { COUNCIL_ADDRESS: _c, GOVERNANCE_ADDRESS: _g, TREASURY_ADDRESS: _t, ...none } = env;
    expect(() => loadReindexConfig([], none)).toThrow(ConfigError);
    expect(() => loadReindexConfig([], { ...env, CONTRACTS_FROM_BLOCK: '' })).toThrow(/CONTRACTS_FROM_BLOCK/);
    expect(() => loadReindexConfig(['--everything'], env)).toThrow();
  });
});
