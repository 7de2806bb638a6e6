import { describe, expect, it } from 'vitest';
import { whitepaperEn } from './whitepaper.en';
import { whitepaperZh } from './whitepaper.zh';

describe('whitepaper', () => {
  it('has sections 0 to 10 and appendices A and B, the same in both languages', () => {
    expect(whitepaperEn.map((s) => s.label)).toEqual([
      ...Array.from({ length: 11 }, (_, i) => String(i)),
      'Appendix A',
      'Appendix B',
    ]);
    expect(whitepaperZh.map((s) => s.id)).toEqual(whitepaperEn.map((s) => s.id));
  });

  it('states the council rules of the spec', () => {
    const text = JSON.stringify(whitepaperEn);
    for (const fact of [
      '12 seats',
      '8 of 12',
      '5,040 blocks',
      '10% of the circulating ELA supply',
      '20% of the circulating',
      '5,000 ELA',
      '262,800 blocks',
      '21,900 blocks',
      'at most 128 proposals',
    ])
      expect(text, fact).toContain(fact);
  });
});
