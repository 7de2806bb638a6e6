/** The interface languages (spec: English or Chinese, default English). */
export const LANGUAGES = ['en', 'zh'] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = 'en';

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/**
 * The saved `lang` wins; otherwise the browser's first language that we have (any `zh-*` means Chinese, which
 * the original site missed); otherwise English.
 */
export function detectLanguage(saved: string | null | undefined, browserLanguages: readonly string[]): Lang {
  if (isLang(saved)) return saved;
  for (const tag of browserLanguages) {
    const base = tag.toLowerCase().split(/[-_]/)[0];
    if (isLang(base)) return base;
  }
  return DEFAULT_LANG;
}
