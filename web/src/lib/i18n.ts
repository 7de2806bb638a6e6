import i18next, { type BackendModule, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import { detectLanguage, type Lang } from './language';
import { STORAGE_KEYS } from './storage-keys';

/** dayjs locale names for our languages. */
const DAYJS_LOCALE: Record<Lang, string> = { en: 'en', zh: 'zh-cn' };

/**
 * Every text file, loaded on demand: the shared texts (namespace `translation`) and each feature's namespace
 * (`web/src/features/<feature>/locales/{en,zh}.json`). Only the reader's language is fetched, and a feature's
 * texts come with its first page (the route's loader awaits them, see `routes.tsx`); a component that asks for a
 * namespace not loaded yet suspends behind its page's skeleton instead of showing raw keys.
 */
const files = import.meta.glob<Record<string, unknown>>(
  ['../locales/*.json', '../features/*/locales/*.json'],
  { import: 'default' },
);

function fileOf(lng: string, ns: string): string {
  return ns === 'translation' ? `../locales/${lng}.json` : `../features/${ns}/locales/${lng}.json`;
}

const lazyFiles: BackendModule = {
  type: 'backend',
  init() {},
  read(lng, ns, callback) {
    const load = files[fileOf(lng, ns)];
    if (!load) return callback(null, {});
    load().then(
      (texts) => callback(null, texts as never),
      (err: unknown) => callback(err as Error, null),
    );
  },
};

/** The chosen language, as a cookie too: the server picks the language of a page's first screen with it. */
const LANG_COOKIE = 'cr_lang';

function browserLanguage(): Lang {
  return detectLanguage(localStorage.getItem(STORAGE_KEYS.lang), navigator.languages ?? [navigator.language]);
}

/** Namespaces every page needs at once: the shared texts (header, footer, navigation, loading states). */
export const BASE_NAMESPACES = ['translation'];

/**
 * The account texts that any failed call's message falls back to (`api-messages.ts`): every page's loader awaits
 * them (`routes.tsx`), except the home page's, whose blocks fetch them with their content (their only words that
 * need them are a failed read's).
 */
export const ERROR_NAMESPACES = ['auth'];

/** Where a refusal of a call may be translated (`api-messages.ts`): fetched once the first page is up. */
export const MESSAGE_NAMESPACES = [
  'profile',
  'teams',
  'tasks',
  'admin',
  'communities',
  'campaigns',
  'elips',
  'releases',
];

function applyLanguage(lang: Lang): void {
  // Chinese dates once their texts are there (antd-locale.ts loads them with antd's, before the first page).
  dayjs.locale(DAYJS_LOCALE[lang]);
  if (typeof document === 'undefined') return; // the server's first-screen render
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  // The server sends a page's first screen in this language on the next visit (api's prerender-pages.ts).
  document.cookie = `${LANG_COOKIE}=${lang}; path=/; max-age=31536000; SameSite=Lax`;
}

/**
 * Starts i18next in the saved language, else the browser's (or in `lang`, for the server's first-screen render).
 * The texts are fetched on demand; `bundled` gives them all at once instead (unit tests).
 */
export function initI18n(bundled?: Resource, lang: Lang = browserLanguage()): typeof i18next {
  if (!i18next.isInitialized) {
    started = i18next
      .use(lazyFiles)
      .use(initReactI18next)
      .init({
        lng: lang,
        // Both languages have exactly the same keys (locales.test.ts): no second language to fetch.
        fallbackLng: false,
        supportedLngs: ['en', 'zh'],
        ns: BASE_NAMESPACES,
        defaultNS: 'translation',
        ...(bundled ? { resources: bundled } : {}),
        interpolation: { escapeValue: false }, // React escapes
        returnNull: false,
        // The key a missing text reports and shows names its namespace (`teams:skillsets.React`).
        appendNamespaceToMissingKey: true,
        parseMissingKeyHandler: missingText,
        initAsync: !bundled,
      });
  } else {
    started = i18next.changeLanguage(lang);
  }
  applyLanguage(lang);
  return i18next;
}

let started: Promise<unknown> = Promise.resolve();

/**
 * A key with no text (a typo, or a namespace its page never loaded) would show the raw key: it is said as a console
 * error, so the browser suite fails on any page that shows one. A call that gives its own `defaultValue` (names that
 * may have no translation, such as a member's free-form skill) shows that value and is not reported.
 */
function missingText(key: string, defaultValue: string | undefined): string {
  if (defaultValue !== undefined) return defaultValue;
  console.error(`i18n: no text for the key "${key}" in ${i18next.language}`);
  return key;
}

/** Resolves once i18next has started in its language (its shared texts loaded); never rejects. */
export function i18nReady(): Promise<void> {
  return started.then(
    () => undefined,
    () => undefined,
  );
}

/** Resolves once the namespaces are there in the current language (a route's texts, before its page shows). */
export function loadNamespaces(ns: readonly string[]): Promise<void> {
  return i18next.loadNamespaces([...ns]);
}

/** Switches the interface language and remembers it under `lang`; resolves once its texts are loaded. */
export async function changeLanguage(lang: Lang): Promise<void> {
  localStorage.setItem(STORAGE_KEYS.lang, lang);
  await i18next.changeLanguage(lang);
  applyLanguage(lang);
}

export function currentLanguage(): Lang {
  return i18next.language === 'zh' ? 'zh' : 'en';
}
