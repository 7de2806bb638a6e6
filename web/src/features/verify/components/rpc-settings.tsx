import { useState } from 'react';
import { Button, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RPC_PROXY_PATH, saveRpcUrl, savedRpcUrl } from '../../../lib/chain-proof';

/** This site's read-only JSON-RPC proxy, as a full URL. */
export const proxyRpcUrl = () => `${window.location.origin}${RPC_PROXY_PATH}`;

const isHttpUrl = (v: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(v).protocol);
  } catch {
    return false;
  }
};

/**
 * Which node the integrity badges read: this site's proxy (the default) or the reader's own RPC, kept in this
 * browser only. A reader who does not trust this server sets their own.
 */
export function RpcSettings() {
  const { t } = useTranslation('verify');
  const [saved, setSaved] = useState(savedRpcUrl());
  const [value, setValue] = useState(saved ?? '');
  const valid = value.trim() === '' || isHttpUrl(value.trim());
  const save = (v: string | null) => {
    saveRpcUrl(v);
    setSaved(savedRpcUrl());
    setValue(v ?? '');
  };
  return (
    <div className="vf-rpc" data-testid="rpc-settings">
      <p className="vf-muted">{t('rpcSettings.intro')}</p>
      <p>
        {t('rpcSettings.using')}{' '}
        <Typography.Text code data-testid="rpc-in-use">
          {saved ?? proxyRpcUrl()}
        </Typography.Text>{' '}
        {saved ? t('rpcSettings.own') : t('rpcSettings.proxy')}
      </p>
      <Space.Compact className="vf-rpc__form">
        <Input
          aria-label={t('rpcSettings.label')}
          placeholder="https://…"
          value={value}
          status={valid ? undefined : 'error'}
          onChange={(e) => setValue(e.target.value)}
        />
        <Button type="primary" disabled={!valid || value.trim() === ''} onClick={() => save(value.trim())}>
          {t('rpcSettings.save')}
        </Button>
      </Space.Compact>
      {!valid && <Typography.Text type="danger">{t('rpcSettings.invalid')}</Typography.Text>}
      {saved && (
        <Button type="link" onClick={() => save(null)}>
          {t('rpcSettings.reset')}
        </Button>
      )}
    </div>
  );
}
