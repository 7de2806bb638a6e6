import { describe, expect, it } from 'vitest';
import { SUGGESTION_MESSAGES as M } from '@cr/contract/suggestion-messages.contract';
import en from '../locales/en.json';
import zh from '../locales/zh.json';
import { RULE_KEYS, translateRule } from './rule-messages';

const translator =
  (res: Record<string, unknown>) =>
  (key: string, opts: Record<string, unknown> = {}) => {
    const text = key.split('.').reduce((o: unknown, k) => (o as Record<string, unknown>)?.[k], res) as string;
    return text.replace(/{{(\w+)}}/g, (_, name: string) => String(opts[name]));
  };

describe('rule messages', () => {
  it('every rule of the shared schema has an English and a Chinese text', () => {
    for (const key of RULE_KEYS) {
      expect((en.rules as Record<string, string>)[key], key).toBeTruthy();
      expect((zh.rules as Record<string, string>)[key], key).toBeTruthy();
    }
  });

  it('English shows exactly the server text; Chinese translates it', () => {
    const tEn = translator(en);
    const tZh = translator(zh);
    for (const [, message] of Object.entries(M)) {
      if (typeof message !== 'string') continue;
      expect(translateRule(message, tEn)).toBe(message);
      expect(translateRule(message, tZh)).not.toBe(message);
    }
    expect(translateRule(M.duplicateDidNames(['a', 'b']), tEn)).toBe(M.duplicateDidNames(['a', 'b']));
    expect(translateRule(M.duplicateDidNames(['a']), tZh)).toContain('a');
    expect(translateRule('You can only type 200 words max', tZh)).toContain('200');
  });

  it('a payment address message says: a smart-chain (0x…) wallet address, not an exchange deposit address', () => {
    for (const message of [M.escAddressRequired, M.invalidAddress]) {
      expect(translateRule(message, translator(en))).toMatch(/Elastos Smart Chain \(0x…\) wallet address/);
      expect(translateRule(message, translator(en))).toContain('exchange deposit address');
      expect(translateRule(message, translator(zh))).toMatch(/智能链（0x…）钱包地址/);
      expect(translateRule(message, translator(zh))).toContain('交易所充值地址');
    }
  });
});
