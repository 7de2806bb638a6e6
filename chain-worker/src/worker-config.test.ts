import { describe, expect, it } from 'vitest';
import { ConfigError } from '@cr/api/config/env-parse';
import { loadWorkerConfig } from './worker-config';

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
});
