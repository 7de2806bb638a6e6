import { describe, expect, it } from 'vitest';
import { compareNames } from './compare-names';

describe('compareNames', () => {
  it('orders letters regardless of case, then by code point, the same in every runtime', () => {
    const names = ['bob', 'Alice', 'alice', '张三', 'Carol', 'ALICE', '李四', 'bob'];
    expect([...names].sort(compareNames)).toEqual([
      'ALICE',
      'Alice',
      'alice',
      'bob',
      'bob',
      'Carol',
      '张三',
      '李四',
    ]);
  });

  it('is a consistent comparator', () => {
    expect(compareNames('a', 'a')).toBe(0);
    expect(compareNames('a', 'B')).toBe(-1);
    expect(compareNames('B', 'a')).toBe(1);
  });
});
