import { describe, expect, it } from 'vitest';
import { formatCount } from './numbers';

describe('formatCount', () => {
  it('groups as the interface language does, whatever the runtime locale', () => {
    expect(formatCount(15040, 'en')).toBe('15,040');
    expect(formatCount(30123456, 'zh')).toBe('30,123,456');
    expect(formatCount(7, 'en')).toBe('7');
  });
});
