import { describe, expect, it } from 'vitest';
import { cjkPairs } from './like-search';

describe('cjkPairs', () => {
  it('takes each pair of neighbouring Han characters, as cjk_pairs() does in SQL', () => {
    expect(cjkPairs('区块链钱包')).toEqual(['区块', '块链', '链钱', '钱包']);
    expect(cjkPairs('钱包钱包')).toEqual(['钱包', '包钱']);
  });
  it('has no pair for one character, Latin text, or characters split by a space or a letter', () => {
    expect(cjkPairs('包')).toEqual([]);
    expect(cjkPairs('wallet')).toEqual([]);
    expect(cjkPairs('钱 包')).toEqual([]);
    expect(cjkPairs('钱a包')).toEqual([]);
  });
  it('counts a character outside the BMP as one character, never half of a pair', () => {
    expect(cjkPairs('𠀀钱')).toEqual([]);
  });
});
