import type { ReactNode } from 'react';
import { App as AntdApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useTranslation } from 'react-i18next';
import { theme } from './theme';

/** antd's own texts (pagination, Empty, Modal buttons, date pickers) follow the interface language. */
export function AppProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = i18n.language === 'zh' ? zhCN : enUS;
  return (
    <ConfigProvider locale={locale} theme={theme} button={{ autoInsertSpace: false }}>
      <AntdApp>{children}</AntdApp>
    </ConfigProvider>
  );
}
