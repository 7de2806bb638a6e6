import { describe, expect, it } from 'vitest';
import { escapeLike, searchLexemes, searchTsQuery } from './suggestion-search';

describe('suggestion search tokens', () => {
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
