import { describe, expect, it } from 'vitest';
import { preparedOnce } from './statement-params';

describe('preparedOnce', () => {
  it('prepares a name once per database handle and hands back the same statement after', () => {
    const a = {};
    const b = {};
    let made = 0;
    const make = () => ({ n: ++made });
    const first = preparedOnce(a, 'list_x', make);
    expect(preparedOnce(a, 'list_x', make)).toBe(first);
    expect(preparedOnce(a, 'list_y', make)).not.toBe(first);
    expect(preparedOnce(b, 'list_x', make)).not.toBe(first);
    expect(made).toBe(3);
  });
});
