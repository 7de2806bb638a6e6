/** The interface languages of the web app (web/src/lib/language.ts): the first screen is sent in one of them. */
export type PageLang = 'en' | 'zh';

/** The cookie the web app keeps the chosen language in (web/src/lib/i18n.ts, `LANG_COOKIE`). */
const LANG_COOKIE = 'cr_lang';

/**
 * The language of a page's first screen, as the web app will pick it (web/src/lib/language.ts): the language the
 * reader chose (its cookie), else the browser's first language that we have (any `zh-*` is Chinese), else English.
 */
export function pageLanguage(cookieHeader: string | undefined, acceptLanguage: string | undefined): PageLang {
  const chosen = new RegExp(`(?:^|;\\s*)${LANG_COOKIE}=(en|zh)(?:;|$)`).exec(cookieHeader ?? '')?.[1];
  if (chosen === 'en' || chosen === 'zh') return chosen;
  const tags = (acceptLanguage ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(/^\s*q=([\d.]+)/.exec(params.join(';'))?.[1] ?? 1);
      return { base: tag.trim().toLowerCase().split(/[-_]/)[0], q };
    })
    .filter((t) => t.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { base } of tags) if (base === 'en' || base === 'zh') return base;
  return 'en';
}
