import { describe, expect, it } from 'vitest';
import { formatCount } from './numbers';

describe('formatCount', () => {
  it('groups as the interface language does, whatever the runtime locale', () => {
    expect(formatCount(15040, 'en')).toBe('15,040');
    expect(formatCount(30123456, 'zh')).toBe('30,123,456');
    expect(formatCount(7, 'en')).toBe('7');
  });

  it('writes every integer as Intl writes it in English and Chinese', () => {
    const samples = [
      0,
      1,
      12,
      999,
      1000,
      1001,
      99999,
      100000,
      123456789,
      -1,
      -1000,
      -987654,
      Number.MAX_SAFE_INTEGER,
    ];
    for (const n of samples)
      for (const [lang, locale] of [
        ['en', 'en-US'],
        ['zh', 'zh-CN'],
      ] as const)
        expect(formatCount(n, lang)).toBe(new Intl.NumberFormat(locale).format(n));
  });

  it('leaves fractions to Intl', () => {
    expect(formatCount(1234.5, 'en')).toBe('1,234.5');
    expect(formatCount(0.1234, 'zh')).toBe('0.123');
  });
});
