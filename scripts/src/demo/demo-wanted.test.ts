import { describe, expect, it } from 'vitest';
import { demoWanted } from './demo-wanted';

describe('npm start plays the demo', () => {
  it('on a new data directory in development, unless asked not to', () => {
    expect(demoWanted([], {}, true)).toBe(true);
    expect(demoWanted([], { NODE_ENV: 'development' }, true)).toBe(true);
    expect(demoWanted([], {}, false)).toBe(false);
    expect(demoWanted(['--empty'], {}, true)).toBe(false);
    expect(demoWanted([], { CR_DEMO: '0' }, true)).toBe(false);
    expect(demoWanted([], { NODE_ENV: 'production' }, true)).toBe(false);
    expect(demoWanted([], { NODE_ENV: 'test' }, true)).toBe(true);
    expect(demoWanted([], { CHAIN_RPC_URL: 'http://node' }, true)).toBe(false);
    expect(demoWanted([], { DEV_TOOLS: 'false' }, true)).toBe(false);
  });
});
