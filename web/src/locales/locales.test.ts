import { describe, expect, it } from 'vitest';
import en from './en.json';
import zh from './zh.json';
import { featureResources } from '../lib/feature-locales';

function leafKeys(obj: Record<string, unknown>, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object' ? leafKeys(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
}

describe('locales', () => {
  it('en and zh have exactly the same keys', () => {
    expect(leafKeys(zh).sort()).toEqual(leafKeys(en).sort());
  });

  it('no translation is empty, and every {{placeholder}} of English exists in Chinese', () => {
    const get = (o: unknown, key: string) =>
      key.split('.').reduce((v: unknown, k) => (v as never)[k], o) as string;
    for (const key of leafKeys(en)) {
      const e = get(en, key);
      const z = get(zh, key);
      expect(e.trim(), key).not.toBe('');
      expect(z.trim(), key).not.toBe('');
      expect([...z.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort(), key).toEqual(
        [...e.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort(),
      );
    }
  });

  it('every feature namespace has the same keys in en and zh, none empty', () => {
    const { en: fen, zh: fzh } = featureResources();
    expect(Object.keys(fzh).sort()).toEqual(Object.keys(fen).sort());
    for (const ns of Object.keys(fen)) {
      expect(leafKeys(fzh[ns]!).sort(), ns).toEqual(leafKeys(fen[ns]!).sort());
      const get = (o: unknown, key: string) =>
        key.split('.').reduce((v: unknown, k) => (v as never)[k], o) as string;
      for (const key of leafKeys(fen[ns]!)) expect(get(fzh[ns], key).trim(), `${ns}:${key}`).not.toBe('');
    }
  });

  it('keeps the exact English texts the spec requires', () => {
    expect(en.errors.notFound).toBe('404, not found');
    expect(en.errors.maintenanceTitle).toBe('Maintenance Mode');
    expect(en.errors.maintenanceText).toBe('Sorry our website is currently down due to maintenance.');
    expect(en.errors.uploadNotImage).toBe('The upload file is not an image.');
    expect(en.errors.uploadTooLarge).toBe('The maximum upload image size is less than 200 KB.');
  });
});
