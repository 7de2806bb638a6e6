// The processes' parts of the one environment schema (core/src/config/env.ts), checked against the whole.
import { describe, expect, it } from 'vitest';
import { apiEnvSchema } from '@cr/api/config/api-config';
import { workerEnvSchema } from '@cr/chain-worker/worker-config';
import { envSchema, envVariables, SHARED_ENV } from '@cr/core/config/env';

describe('one environment schema for every process', () => {
  it("declares every variable the api and the worker read, and each process's part is a part of it", () => {
    const declared = Object.keys(envVariables);
    for (const name of Object.keys(apiEnvSchema.shape)) expect(declared, name).toContain(name);
    for (const name of Object.keys(workerEnvSchema.shape)) expect(declared, name).toContain(name);
    for (const name of SHARED_ENV) {
      expect(Object.keys(apiEnvSchema.shape), name).toContain(name);
      expect(Object.keys(workerEnvSchema.shape), name).toContain(name);
    }
  });

  it('parses a shared variable the same way in every process', () => {
    const env = { QUEUE_PREFIX: 'site-b', LOG_LEVEL: 'warn', CONFIRMATIONS: '3', CHAIN_ID: '31337' };
    const all = envSchema.parse(env);
    const api = apiEnvSchema.parse(env);
    expect(api).toMatchObject({
      QUEUE_PREFIX: 'site-b',
      LOG_LEVEL: 'warn',
      CONFIRMATIONS: 3,
      CHAIN_ID: 31337,
    });
    for (const name of SHARED_ENV) expect(api[name], name).toEqual(all[name]);
  });
});
