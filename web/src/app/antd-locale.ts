import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import dayjs from 'dayjs';
import { currentLanguage } from '../lib/i18n';
import type { Lang } from '../lib/language';

/** antd's Chinese texts, once loaded: only a reader who uses Chinese fetches them. */
let zhCN: Locale | null = null;

/**
 * Fetches antd's texts for `lang` (English is built in), and dayjs's Chinese month and day names with them.
 * Start-up and the language switch await it, so antd's own words (pagination, Empty, Modal buttons, date pickers)
 * change together with the site's. Never rejects: on a failed fetch antd keeps its English words and the next
 * call tries again.
 */
export function loadAntdLocale(lang: Lang): Promise<void> {
  if (lang !== 'zh' || zhCN) return Promise.resolve();
  return Promise.all([import('antd/es/locale/zh_CN'), import('dayjs/locale/zh-cn')]).then(
    ([m]) => {
      zhCN = m.default;
      // The language was set before its dates could be: set again now that they are there.
      if (currentLanguage() === 'zh') dayjs.locale('zh-cn');
    },
    () => undefined,
  );
}

/** antd's texts for `lang` if loaded, else English. */
export function antdLocale(lang: Lang): Locale {
  return lang === 'zh' && zhCN ? zhCN : enUS;
}
