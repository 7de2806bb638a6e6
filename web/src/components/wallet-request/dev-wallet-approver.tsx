import { useCallback, useEffect, useId, useState } from 'react';
import { Alert, Button, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { api } from '../../lib/api-client';
import { ApiError } from '../../lib/api-errors';
import { WALLET_NS, walletErrorText } from './wallet-request-i18n';

const devWalletSchema = z.object({ name: z.string(), did: z.string(), evmAddress: z.string() });
const devWalletListSchema = z.array(devWalletSchema);
const approveAnswerSchema = z.object({ status: z.number(), body: z.unknown() });
type DevWallet = z.infer<typeof devWalletSchema>;

function shortDid(did: string): string {
  return did.length > 28 ? `${did.slice(0, 18)}…${did.slice(-6)}` : did;
}

/** The refusal the callback answered with (an error envelope), if any. */
function callbackRefusal(body: unknown): { type?: string; message?: string } | null {
  const parsed = z.object({ error: z.object({ type: z.string(), message: z.string() }) }).safeParse(body);
  return parsed.success ? parsed.data.error : null;
}

/**
 * DEV MODE ONLY (the site settings' `devMode`): answers the shown QR with a local dev identity, as the Essentials
 * app would (POST /api/dev/wallet/approve). Absent in production, where those routes do not exist.
 */
export function DevWalletApprover({ qr, disabled }: { qr: string; disabled?: boolean }) {
  const { t } = useTranslation(WALLET_NS);
  const selectId = useId();
  const [wallets, setWallets] = useState<DevWallet[] | null>(null);
  const [selected, setSelected] = useState<string | undefined>();
  const [newName, setNewName] = useState('');
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);

  const load = useCallback(async () => {
    try {
      const list = await api.get('/api/dev/wallets', undefined, { schema: devWalletListSchema });
      setWallets(list);
      setSelected((s) => s ?? list[0]?.name);
    } catch (err) {
      setWallets([]);
      setOutcome({ ok: false, text: walletErrorText(t, err instanceof ApiError ? err : null) });
    }
  }, [t]);

  useEffect(() => {
    void load();
  }, [load]);

  const approve = async () => {
    if (!selected) return;
    setBusy(true);
    setOutcome(null);
    try {
      const res = await api.post(
        '/api/dev/wallet/approve',
        { qr, wallet: selected },
        { schema: approveAnswerSchema },
      );
      if (res.status === 200) setOutcome({ ok: true, text: t('dev.approved') });
      else {
        const refusal = callbackRefusal(res.body);
        setOutcome({
          ok: false,
          text: refusal ? walletErrorText(t, refusal) : t('dev.callbackRefused', { status: res.status }),
        });
      }
    } catch (err) {
      setOutcome({ ok: false, text: walletErrorText(t, err as ApiError) });
    } finally {
      setBusy(false);
    }
  };

  const create = async () => {
    const name = newName.trim().toLowerCase();
    if (!/^[a-z0-9][a-z0-9_-]{0,31}$/.test(name)) return;
    setBusy(true);
    setOutcome(null);
    try {
      const w = await api.post('/api/dev/wallets', { name }, { schema: devWalletSchema });
      setNewName('');
      await load();
      setSelected(w.name);
    } catch (err) {
      setOutcome({ ok: false, text: walletErrorText(t, err as ApiError) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="cr-wallet-dev" aria-labelledby={`${selectId}-title`} data-testid="dev-wallet">
      <h3 id={`${selectId}-title`}>{t('dev.title')}</h3>
      <p className="cr-wallet-dev__help">{t('dev.help')}</p>
      {wallets && wallets.length > 0 && (
        <Space.Compact block>
          <label htmlFor={selectId} className="cr-visually-hidden">
            {t('dev.pick')}
          </label>
          <Select
            id={selectId}
            aria-label={t('dev.pick')}
            style={{ flex: 1, minWidth: 0 }}
            value={selected}
            onChange={setSelected}
            options={wallets.map((w) => ({ value: w.name, label: `${w.name} · ${shortDid(w.did)}` }))}
            // Every identity in the page (a short list), so each can be clicked and found by the browser's search.
            virtual={false}
            disabled={disabled || busy}
          />
          <Button type="primary" onClick={approve} loading={busy} disabled={disabled || !selected}>
            {t('dev.approve')}
          </Button>
        </Space.Compact>
      )}
      {wallets && wallets.length === 0 && <p>{t('dev.none')}</p>}
      <Space.Compact block className="cr-wallet-dev__create">
        <Input
          aria-label={t('dev.newName')}
          placeholder={t('dev.newName')}
          value={newName}
          maxLength={32}
          onChange={(e) => setNewName(e.target.value)}
          onPressEnter={create}
          disabled={busy}
        />
        <Button
          onClick={create}
          disabled={busy || !/^[a-z0-9][a-z0-9_-]{0,31}$/.test(newName.trim().toLowerCase())}
        >
          {t('dev.create')}
        </Button>
      </Space.Compact>
      {outcome && (
        <Alert
          className="cr-wallet-dev__outcome"
          type={outcome.ok ? 'success' : 'warning'}
          showIcon
          title={outcome.text}
        />
      )}
    </section>
  );
}
