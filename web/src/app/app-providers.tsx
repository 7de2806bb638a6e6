import { useEffect, useState, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { useTranslation } from 'react-i18next';
import { antdLocale, loadAntdLocale } from './antd-locale';
import { DeferredFeedback } from './deferred-feedback';
import { MotionPreference } from './motion-preference';
import { theme } from './theme';

/** One object for every render: a new one would be a new ConfigProvider context for every antd component. */
const BUTTON_CONFIG = { autoInsertSpace: false } as const;

/** antd's own texts (pagination, Empty, Modal buttons, date pickers) follow the interface language. */
export function AppProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'zh' ? 'zh' : 'en';
  const locale = antdLocale(lang);
  // Start-up and the language switch load antd's texts first; this covers a language set any other way. It
  // renders again only when the texts shown are not the language's: a render for nothing would give every antd
  // component a new context, and on a page taken over from the server's HTML that makes React finish the
  // take-over of the page at once, in one long task, instead of in slices.
  const [, setLoaded] = useState(0);
  useEffect(() => {
    void loadAntdLocale(lang).then(() => {
      if (antdLocale(lang) !== locale) setLoaded((n) => n + 1);
    });
  }, [lang, locale]);
  return (
    <ConfigProvider locale={locale} theme={theme} button={BUTTON_CONFIG}>
      <MotionPreference>
        <DeferredFeedback>{children}</DeferredFeedback>
      </MotionPreference>
    </ConfigProvider>
  );
}
