import { describe, expect, it } from 'vitest';
import { detectLanguage } from './language';

describe('detectLanguage', () => {
  it('uses the saved preference first', () => {
    expect(detectLanguage('zh', ['en-US'])).toBe('zh');
    expect(detectLanguage('en', ['zh-CN'])).toBe('en');
  });

  it('treats any zh-* browser language as Chinese', () => {
    for (const tag of ['zh', 'zh-CN', 'zh-TW', 'zh-Hans-CN', 'ZH_hk'])
      expect(detectLanguage(null, [tag])).toBe('zh');
  });

  it('takes the first browser language we have, and English otherwise', () => {
    expect(detectLanguage(null, ['fr-FR', 'zh-CN', 'en'])).toBe('zh');
    expect(detectLanguage(null, ['de-DE', 'fr'])).toBe('en');
    expect(detectLanguage(null, [])).toBe('en');
  });

  it('ignores a saved value that is not one of our languages', () => {
    expect(detectLanguage('fr', ['zh-CN'])).toBe('zh');
    expect(detectLanguage('', [])).toBe('en');
  });
});
