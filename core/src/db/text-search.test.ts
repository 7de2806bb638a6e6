import { describe, expect, it } from 'vitest';
import { escapeLike, searchLexemes, searchNumber, searchTsQuery } from './text-search';

describe('text search tokens', () => {
  it('stores lower-case words and CJK characters with their neighbour pairs', () => {
    expect(searchLexemes('Essentials Wallet: 区块链钱包 v2')).toEqual([
      'essentials',
      'wallet',
      '区',
      '区块',
      '块',
      '块链',
      '链',
      '链钱',
      '钱',
      '钱包',
      '包',
      'v2',
    ]);
  });
  it('builds prefix queries for words and pair queries for CJK', () => {
    expect(searchTsQuery('Wal')).toBe("'wal':*");
    expect(searchTsQuery('钱包')).toBe("'钱包'");
    expect(searchTsQuery('链')).toBe("'链'");
    expect(searchTsQuery('区块链 wallet')).toBe("'区块' & '块链' & 'wallet':*");
  });
  it('ignores punctuation and quotes (no tsquery syntax reaches the database)', () => {
    expect(searchTsQuery("a' | b:* & !c")).toBe("'a':* & 'b':* & 'c':*");
    expect(searchTsQuery('!!! ???')).toBeNull();
  });
  it('escapes LIKE wildcards', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
  });
});

describe('searchNumber', () => {
  it('reads 12, #12 and # 12; nothing else, and nothing past the integer column', () => {
    expect(['12', '#12', '# 12'].map(searchNumber)).toEqual([12, 12, 12]);
    expect(searchNumber('2147483647')).toBe(2_147_483_647);
    for (const text of ['0', '012', '12a', '-1', '1.5', '2147483648', '#9999999999999999', ''])
      expect(searchNumber(text)).toBeNull();
  });
});
