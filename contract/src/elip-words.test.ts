import { describe, expect, it } from 'vitest';
import { ELIP_DESC_MAX_WORDS, elipInputSchema, elipWords } from './elip.contract';
import { countWords } from './word-count';

const base = {
  title: 'Fee market',
  type: 'STANDARD_TRACK',
  abstract: 'a',
  motivation: 'b',
  specification: 'c',
  copyright: 'd',
};

describe('ELIP description words (the counter the form and the api share)', () => {
  it('counts mixed English, Chinese and digits as the spec says', () => {
    expect(countWords('ELIP 12 引入手续费市场 for side-chains v2')).toBe(2 + 6 + 4 + 1);
    expect(countWords('版本2.0发布，支持ESC与EID')).toBe(2 + 1 + 1 + 2 + 2 + 1 + 1 + 1);
    expect(countWords('3000字')).toBe(2);
  });
  it('adds every section of the description (not the title or the preamble)', () => {
    expect(
      elipWords({ abstract: '区块链', motivation: 'two words', specification: '42', copyright: 'CC0' }),
    ).toBe(3 + 2 + 1 + 1);
  });
  it('refuses 3,001 words and accepts 3,000, with the same schema the api uses', () => {
    const fill = (n: number) => '字'.repeat(n);
    const ok = elipInputSchema.safeParse({ ...base, specification: fill(ELIP_DESC_MAX_WORDS - 3) });
    expect(ok.success).toBe(true);
    const over = elipInputSchema.safeParse({ ...base, specification: fill(ELIP_DESC_MAX_WORDS - 2) });
    expect(over.success).toBe(false);
    expect(over.error?.issues.map((i) => i.message)).toContain('The description is limited to 3000 words');
  });
  it('requires abstract, motivation, specification and copyright; language en or zh', () => {
    const r = elipInputSchema.safeParse({ ...base, abstract: ' ', copyright: '' });
    expect(r.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['abstract', 'required'],
      ['copyright', 'required'],
    ]);
    const lang = elipInputSchema.safeParse({ ...base, language: 'fr' });
    expect(lang.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['language', 'The language must be en or zh'],
    ]);
  });
});
