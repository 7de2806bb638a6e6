import { describe, expect, it } from 'vitest';
import { pageLanguage } from './prerender-language';

describe('the language of a first screen', () => {
  it('is the language the reader chose, whatever the browser says', () => {
    expect(pageLanguage('a=1; cr_lang=zh; b=2', 'en-US,en')).toBe('zh');
    expect(pageLanguage('cr_lang=en', 'zh-CN')).toBe('en');
  });

  it("else the browser's first language that we have, any zh-* being Chinese", () => {
    expect(pageLanguage(undefined, 'zh-TW,zh;q=0.9,en;q=0.8')).toBe('zh');
    expect(pageLanguage(undefined, 'fr-FR,de;q=0.9,zh-Hans;q=0.5,en;q=0.4')).toBe('zh');
    expect(pageLanguage(undefined, 'fr,en-GB;q=0.8,zh;q=0.7')).toBe('en');
    expect(pageLanguage(undefined, 'en;q=0.2,zh;q=0.9')).toBe('zh');
  });

  it('else English; a refused language or an odd cookie counts for nothing', () => {
    expect(pageLanguage(undefined, undefined)).toBe('en');
    expect(pageLanguage('cr_lang=fr', 'de')).toBe('en');
    expect(pageLanguage('xcr_lang=zh', 'zh;q=0, en;q=0.5')).toBe('en');
  });
});
