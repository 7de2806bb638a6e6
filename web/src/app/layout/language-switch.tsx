import { Button } from 'antd';
// Space.Compact alone: antd's `Space` export brings Space itself along, which the header does not use.
import Compact from 'antd/es/space/Compact';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../../lib/i18n';
import { loadAntdLocale } from '../antd-locale';
import type { Lang } from '../../lib/language';

const OPTIONS: Array<{ lang: Lang; short: string; labelKey: string }> = [
  { lang: 'en', short: 'EN', labelKey: 'nav.english' },
  { lang: 'zh', short: '中文', labelKey: 'nav.chinese' },
];

/** EN / 中文 toggle; the choice is saved under `lang` and applies to antd and dates too. */
export function LanguageSwitch({ dark = false }: { dark?: boolean }) {
  const { t, i18n } = useTranslation();
  const current: Lang = i18n.language === 'zh' ? 'zh' : 'en';
  return (
    <div role="group" aria-label={t('nav.language')} className={dark ? 'cr-lang cr-lang--dark' : 'cr-lang'}>
      <Compact>
        {OPTIONS.map((o) => (
          <Button
            key={o.lang}
            size="small"
            type={current === o.lang ? 'primary' : 'default'}
            aria-pressed={current === o.lang}
            lang={o.lang === 'zh' ? 'zh-CN' : 'en'}
            autoInsertSpace={false}
            title={t(o.labelKey)}
            onClick={() => void loadAntdLocale(o.lang).then(() => changeLanguage(o.lang))}
          >
            {o.short}
          </Button>
        ))}
      </Compact>
    </div>
  );
}
