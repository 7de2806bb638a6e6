import { describe, expect, it } from 'vitest';
import { personName } from './person-name';

describe('personName', () => {
  it('writes Latin names given name first, with a space', () => {
    expect(personName({ firstName: 'Ada', lastName: 'Chen', username: 'ada_chen' })).toBe('Ada Chen');
  });
  it('writes Chinese, Japanese and Korean names family name first, without a space', () => {
    expect(personName({ firstName: '嘉怡', lastName: '陈', username: 'x' })).toBe('陈嘉怡');
    expect(personName({ firstName: 'ゆい', lastName: '佐藤', username: 'x' })).toBe('佐藤ゆい');
    expect(personName({ firstName: '민준', lastName: '김', username: 'x' })).toBe('김민준');
  });
  it('keeps the given order when the scripts are mixed, and falls back to one part or the username', () => {
    expect(personName({ firstName: 'Grace', lastName: '周', username: 'x' })).toBe('Grace 周');
    expect(personName({ firstName: '嘉怡', lastName: null, username: 'x' })).toBe('嘉怡');
    expect(personName({ firstName: ' ', lastName: '', username: 'member' })).toBe('member');
  });
});
