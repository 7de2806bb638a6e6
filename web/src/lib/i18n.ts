import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import en from '../locales/en.json';
import zh from '../locales/zh.json';
import { featureResources } from './feature-locales';
import { detectLanguage, type Lang } from './language';
import { STORAGE_KEYS } from './storage-keys';

/** dayjs locale names for our languages. */
const DAYJS_LOCALE: Record<Lang, string> = { en: 'en', zh: 'zh-cn' };

function applyLanguage(lang: Lang): void {
  dayjs.locale(DAYJS_LOCALE[lang]);
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
}

/** Starts i18next with both languages bundled; the language comes from `lang`, else the browser. */
export function initI18n(): typeof i18next {
  const lang = detectLanguage(
    localStorage.getItem(STORAGE_KEYS.lang),
    navigator.languages ?? [navigator.language],
  );
  if (!i18next.isInitialized) {
    const features = featureResources();
    void i18next.use(initReactI18next).init({
      resources: { en: { translation: en, ...features.en }, zh: { translation: zh, ...features.zh } },
      lng: lang,
      fallbackLng: 'en',
      interpolation: { escapeValue: false }, // React escapes
      returnNull: false,
      initAsync: false,
    });
  } else {
    void i18next.changeLanguage(lang);
  }
  applyLanguage(lang);
  return i18next;
}

/** Switches the interface language and remembers it under `lang`. */
export async function changeLanguage(lang: Lang): Promise<void> {
  localStorage.setItem(STORAGE_KEYS.lang, lang);
  applyLanguage(lang);
  await i18next.changeLanguage(lang);
}

export function currentLanguage(): Lang {
  return i18next.language === 'zh' ? 'zh' : 'en';
}
