import { useState } from 'react';
import { Alert, Button, List, Popconfirm, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SiteSettings } from '@cr/contract/site.contract';
import { errorText } from '../../../lib/api-messages';
import { useSiteSettingsStore } from '../../../lib/site-settings-store';
import { useLoad } from '../../../lib/use-load';
import { adminApi } from '../api/admin-api';
import { AdminPage } from '../components/admin-layout';
import { IntroVideoSetting } from '../components/intro-video-setting';
import { useFeedback } from '../../../lib/use-feedback';

const SWITCHES = ['suggestionsSuspended', 'crclesSuspended'] as const;
type Switchable = (typeof SWITCHES)[number];

/**
 * /admin/settings: the site switches (suggestions suspended, CRcles suspended) and the introduction video's
 * address; each change asks and is audited.
 */
export function AdminSettingsPage() {
  const { t } = useTranslation();
  const { t: ta } = useTranslation('admin');
  const { message } = useFeedback();
  const { data, error, loading, reload } = useLoad((signal) => adminApi.settings(signal), 0);
  const [saved, setSaved] = useState<SiteSettings | null>(null);
  const [busy, setBusy] = useState<Switchable | null>(null);
  const settings = saved ?? data;

  const flip = async (key: Switchable, value: boolean) => {
    setBusy(key);
    try {
      const next = await adminApi.saveSettings({ [key]: value });
      setSaved(next);
      useSiteSettingsStore.getState().setSettings(next);
      void message.success(ta('saved'));
    } catch (err) {
      void message.error(errorText(t, err));
    } finally {
      setBusy(null);
    }
  };

  return (
    <AdminPage title={ta('settings')}>
      {error ? (
        <Alert
          type="error"
          showIcon
          title={errorText(t, error)}
          action={<Button onClick={reload}>{ta('retry')}</Button>}
        />
      ) : (
        <>
          <List
            loading={loading && !settings}
            dataSource={settings ? [...SWITCHES] : []}
            renderItem={(key) => {
              const on = settings![key];
              return (
                <List.Item
                  actions={[
                    <Popconfirm
                      key="switch"
                      title={ta('confirmSetting', { setting: ta(key), state: ta(on ? 'off' : 'on') })}
                      okText={ta('confirm')}
                      cancelText={ta('cancel')}
                      onConfirm={() => void flip(key, !on)}
                    >
                      <Switch
                        checked={on}
                        loading={busy === key}
                        aria-label={ta(key)}
                        data-testid={`setting-${key}`}
                      />
                    </Popconfirm>,
                  ]}
                >
                  <List.Item.Meta
                    title={<label>{ta(key)}</label>}
                    description={<Typography.Text type="secondary">{ta(`${key}Hint`)}</Typography.Text>}
                  />
                </List.Item>
              );
            }}
          />
          {settings && <IntroVideoSetting settings={settings} onSaved={setSaved} />}
        </>
      )}
    </AdminPage>
  );
}
