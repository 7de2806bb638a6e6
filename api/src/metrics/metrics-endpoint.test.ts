import { describe, expect, it } from 'vitest';
import { metricsAccess } from './metrics-endpoint';

const token = 'a-metrics-token-of-32-characters';

describe('metricsAccess: who may read /metrics (deny by default)', () => {
  it('production without a token: the api’s own port hides it, the separate metrics port serves it', () => {
    expect(metricsAccess({ NODE_ENV: 'production' }, 'main', undefined)).toBe('hidden');
    expect(metricsAccess({ NODE_ENV: 'production' }, 'metrics-port', undefined)).toBe('allow');
  });

  it('outside production without a token: open on the api’s port (a development machine, the tests)', () => {
    expect(metricsAccess({ NODE_ENV: 'development' }, 'main', undefined)).toBe('allow');
    expect(metricsAccess({ NODE_ENV: 'test' }, 'main', undefined)).toBe('allow');
  });

  it('with a token: only its bearer, on either port and in any environment', () => {
    for (const NODE_ENV of ['production', 'development'])
      for (const door of ['main', 'metrics-port'] as const) {
        const config = { NODE_ENV, METRICS_TOKEN: token };
        expect(metricsAccess(config, door, `Bearer ${token}`)).toBe('allow');
        expect(metricsAccess(config, door, `bearer ${token}`)).toBe('allow');
        expect(metricsAccess(config, door, undefined)).toBe('unauthorized');
        expect(metricsAccess(config, door, `Bearer ${token.slice(1)}`)).toBe('unauthorized');
        expect(metricsAccess(config, door, `Basic ${token}`)).toBe('unauthorized');
        expect(metricsAccess(config, door, token)).toBe('unauthorized');
      }
  });
});
