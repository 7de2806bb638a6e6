import { describe, expect, it } from 'vitest';
import { amountToSela, isValidAmount, normalizeAmount, selaToAmount } from './ela-amount';

describe('ELA amounts', () => {
  it('accepts whole numbers and up to 8 decimals', () => {
    for (const ok of ['0', '1', '10', '0.5', '123.12345678', '99999999'])
      expect(isValidAmount(ok)).toBe(true);
  });
  it('refuses signs, exponents, leading zeros, 9 decimals and stray characters', () => {
    for (const bad of ['', '-1', '+1', '1e3', '01', '1.', '.5', '1.123456789', '1,5', ' 1', 'NaN', 'abc'])
      expect(isValidAmount(bad)).toBe(false);
  });
  it('converts to sela exactly (no float rounding) and back', () => {
    expect(amountToSela('0.1')).toBe(10_000_000n);
    expect(amountToSela('0.00000001')).toBe(1n);
    expect(amountToSela('123.45678901')).toBe(12_345_678_901n);
    // 0.1 + 0.2 is exact here.
    expect(selaToAmount(amountToSela('0.1')! + amountToSela('0.2')!)).toBe('0.3');
    expect(selaToAmount(100_000_000n)).toBe('1');
    expect(normalizeAmount('1.50000000')).toBe('1.5');
    expect(amountToSela('1.x')).toBeNull();
  });
});
