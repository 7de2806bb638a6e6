import { describe, expect, it } from 'vitest';
import { countWords, wordsMaxMessage } from './word-count';

describe('word count (spec §5)', () => {
  it('counts a run of Latin letters or digits as one word', () => {
    expect(countWords('Build a wallet in 2025, v2!')).toBe(6);
    expect(countWords('  ')).toBe(0);
    expect(countWords('**bold** _and_ [link](https://x.org/a)')).toBe(7); // bold, and, link, https, x, org, a
  });
  it('counts each CJK character as one word', () => {
    expect(countWords('区块链钱包')).toBe(5);
    expect(countWords('我们的DAO提案 proposal')).toBe(3 + 1 + 2 + 1);
    expect(countWords('ひらがなカタカナ한국어')).toBe(11);
  });
  it('ignores inline base64 images', () => {
    expect(countWords('see ![x](data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==) here')).toBe(3);
  });
  it('words the limit message as the spec does', () => {
    expect(wordsMaxMessage(200)).toBe('You can only type 200 words max');
  });
});
