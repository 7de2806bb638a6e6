import { describe, expect, it } from 'vitest';
import { compactEla, formatEla, roundedEla } from './ela';

describe('formatEla', () => {
  it('groups the whole part and keeps every decimal (no float on the way)', () => {
    expect(formatEla('100012.345678901234567891')).toBe('100,012.345678901234567891');
    expect(formatEla('0')).toBe('0');
    expect(formatEla('999')).toBe('999');
    expect(formatEla('1000')).toBe('1,000');
    expect(formatEla('-1234567.5')).toBe('-1,234,567.5');
  });

  it('rounds a figure to two decimals on the decimal string, half up, grouped whatever the browser locale', () => {
    expect(roundedEla('100012.345678901234567891')).toBe('100,012.35');
    expect(roundedEla('9007199254740993.004')).toBe('9,007,199,254,740,993');
    expect(roundedEla('999.995')).toBe('1,000');
    expect(roundedEla('1234.5')).toBe('1,234.5');
    expect(roundedEla('0.004')).toBe('0');
    expect(roundedEla('0')).toBe('0');
    expect(roundedEla('.5')).toBe('0.5');
    expect(roundedEla('-1234.567')).toBe('-1,234.57');
    expect(roundedEla('-0.001')).toBe('0');
    expect(roundedEla('12', 0)).toBe('12');
  });

  it('writes axis labels compactly', () => {
    expect(compactEla(100000)).toBe('100k');
    expect(compactEla(2_500_000)).toBe('2.5M');
    expect(compactEla(12.345)).toBe('12.35');
  });
});
