import { describe, expect, it } from 'vitest';
import { ConfigError } from '@cr/core/config/env-parse';
import { governanceIndexing, loadWorkerConfig } from './worker-config';

const key = `0x${'ab'.repeat(32)}`;
const base = {
  REDIS_URL: 'redis://127.0.0.1:6379',
  CHAIN_RPC_URL: 'http://127.0.0.1:8545',
  CHAIN_ID: '31337',
  RELAYER_PRIVATE_KEY: key,
};

describe('worker config', () => {
  it('parses with defaults and never prints the relayer key', () => {
    const config = loadWorkerConfig(base);
    expect(config.CONFIRMATIONS).toBe(1);
    expect(config.WORKER_QUEUES).toEqual(['submit', 'confirm', 'track', 'finalize', 'dispatcher', 'watcher']);
    expect(config.RELAYER_PRIVATE_KEY.reveal()).toBe(key);
    expect(JSON.stringify(config)).not.toContain('abab');
    expect(String(config.RELAYER_PRIVATE_KEY)).toBe('[redacted]');
  });
  it('lists every bad variable without echoing values', () => {
    try {
      loadWorkerConfig({
        ...base,
        RELAYER_PRIVATE_KEY: 'secret-value',
        WORKER_QUEUES: 'submit,bogus',
        CHAIN_ID: 'x',
      });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const text = (err as ConfigError).message;
      expect(text).toContain('RELAYER_PRIVATE_KEY');
      expect(text).toContain('WORKER_QUEUES');
      expect(text).toContain('CHAIN_ID');
      expect(text).not.toContain('secret-value');
    }
  });
  it('parses the variables it shares with the api as the api does, and needs Redis and the chain id', () => {
    const config = loadWorkerConfig({
      ...base,
      QUEUE_PREFIX: 'site-b',
      CONFIRMATIONS: '3',
      LOG_LEVEL: 'warn',
    });
    expect(config).toMatchObject({
      QUEUE_PREFIX: 'site-b',
      CONFIRMATIONS: 3,
      LOG_LEVEL: 'warn',
      CHAIN_ID: 31337,
    });
    const { REDIS_URL: _r, CHAIN_ID: _c, ...without } = base;
    expect(() => loadWorkerConfig(without)).toThrow(
      /REDIS_URL: required[\s\S]*CHAIN_ID: required|CHAIN_ID: required[\s\S]*REDIS_URL: required/,
    );
  });
});

describe('where event indexing starts', () => {
  const addresses = {
    COUNCIL_ADDRESS: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    GOVERNANCE_ADDRESS: '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512',
    TREASURY_ADDRESS: '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0',
  };
  const problemsOf = (env: Record<string, string>) => {
    try {
      governanceIndexing(loadWorkerConfig({ ...base, ...env }));
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as ConfigError).problems;
    }
    return expect.unreachable('accepted');
  };

  it('starts at CONTRACTS_FROM_BLOCK for configured contracts', () => {
    expect(
      governanceIndexing(loadWorkerConfig({ ...base, ...addresses, CONTRACTS_FROM_BLOCK: '1234567' })),
    ).toEqual({
      addresses: {
        council: addresses.COUNCIL_ADDRESS,
        governance: addresses.GOVERNANCE_ADDRESS,
        treasury: addresses.TREASURY_ADDRESS,
      },
      fromBlock: 1234567,
    });
  });
  it('refuses configured contracts without CONTRACTS_FROM_BLOCK instead of scanning from block 0', () => {
    const problems = problemsOf(addresses);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^CONTRACTS_FROM_BLOCK: required with the contract addresses/);
    expect(problemsOf({ ...addresses, CONTRACTS_FROM_BLOCK: ' ' })[0]).toMatch(/^CONTRACTS_FROM_BLOCK/);
  });
  it('refuses some of the three addresses', () => {
    expect(problemsOf({ COUNCIL_ADDRESS: addresses.COUNCIL_ADDRESS, CONTRACTS_FROM_BLOCK: '5' })).toEqual([
      'COUNCIL_ADDRESS, GOVERNANCE_ADDRESS, TREASURY_ADDRESS: set all three or none',
    ]);
  });
  it('indexes nothing without addresses', () => {
    expect(governanceIndexing(loadWorkerConfig(base))).toBeNull();
    expect(loadWorkerConfig(base).CONTRACTS_FROM_BLOCK).toBeUndefined();
  });
});
