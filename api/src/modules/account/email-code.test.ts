import { describe, expect, it } from 'vitest';
import { emailCodeMatches, generateEmailCode, hashEmailCode, newCodeSalt } from './email-code';

describe('registration codes', () => {
  it('are 6 digits, leading zeros included, and spread over the whole range', () => {
    const codes = Array.from({ length: 3000 }, generateEmailCode);
    for (const c of codes) expect(c).toMatch(/^\d{6}$/);
    expect(new Set(codes).size).toBeGreaterThan(2950);
    // Each first digit should appear about 300 times in 3000 codes; none may be missing or dominant.
    const firstDigits = new Map<string, number>();
    for (const c of codes) firstDigits.set(c[0]!, (firstDigits.get(c[0]!) ?? 0) + 1);
    expect(firstDigits.size).toBe(10);
    for (const n of firstDigits.values()) expect(n).toBeGreaterThan(200);
  });

  it('are stored as a salted hash that matches only the same code', () => {
    const salt = newCodeSalt();
    const stored = hashEmailCode('042917', salt);
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).not.toContain('042917');
    expect(emailCodeMatches('042917', salt, stored)).toBe(true);
    expect(emailCodeMatches('042918', salt, stored)).toBe(false);
    expect(emailCodeMatches('042917', newCodeSalt(), stored)).toBe(false);
    expect(hashEmailCode('042917', newCodeSalt())).not.toBe(stored);
  });
});
