import { useEffect, useState, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { useTranslation } from 'react-i18next';
import { antdLocale, loadAntdLocale } from './antd-locale';
import { DeferredFeedback } from './deferred-feedback';
import { theme } from './theme';

/** antd's own texts (pagination, Empty, Modal buttons, date pickers) follow the interface language. */
export function AppProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const lang = i18n.language === 'zh' ? 'zh' : 'en';
  // Start-up and the language switch load antd's texts first; this covers a language set any other way.
  const [, setLoaded] = useState(0);
  useEffect(() => {
    void loadAntdLocale(lang).then(() => setLoaded((n) => n + 1));
  }, [lang]);
  return (
    <ConfigProvider locale={antdLocale(lang)} theme={theme} button={{ autoInsertSpace: false }}>
      <DeferredFeedback>{children}</DeferredFeedback>
    </ConfigProvider>
  );
}
