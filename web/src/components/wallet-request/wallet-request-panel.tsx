import { useEffect, useId, useMemo, type ReactNode } from 'react';
import { Alert, Button, Grid, Spin, Steps } from 'antd';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import type {
  CreatedWalletRequest,
  WalletRequestInput,
  WalletRequestState,
} from '@cr/contract/wallet.contract';
import { ApiError, NetworkError } from '../../lib/api-errors';
import { useSiteSettingsStore } from '../../lib/site-settings-store';
import { DevWalletApprover } from './dev-wallet-approver';
import { useWalletRequest } from './use-wallet-request';
import { WALLET_NS, walletErrorText } from './wallet-request-i18n';
import './wallet-request.css';

export interface WalletRequestPanelProps {
  /** The action and what it is about, e.g. `{ action: 'vote', params: { proposalId } }`. */
  request: WalletRequestInput;
  /** What will happen, in words; defaults to the action's standard explanation. */
  description?: ReactNode;
  /** Start (and keep) a request while true; dropping to false stops listening. Default true. */
  active?: boolean;
  /** Called once with the signed state (the login's token is in `result`, handed over once). */
  onSigned(state: WalletRequestState, request: CreatedWalletRequest): void;
}

/** m:ss */
function clock(ms: number): string {
  const s = Math.ceil(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function isMobile(): boolean {
  if (typeof navigator === 'undefined') return false;
  return /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent);
}

function errorOf(err: unknown): { type: string; message: string } | null {
  if (err instanceof ApiError || err instanceof NetworkError) return { type: err.type, message: err.message };
  return err ? { type: 'unknown', message: String(err) } : null;
}

/**
 * The wallet-action flow shown as explicit steps (prepare → scan and approve → verified): the QR (with a quiet
 * zone, its text also in `data-qr`), the statement to sign, what will happen, a countdown with "New QR code" on
 * expiry, "Open in Essentials" on phones, the live status with refusals in words, and, in dev mode only,
 * approval with a local dev identity. Used inline (sign-in page) and inside `WalletRequestDialog`.
 */
export function WalletRequestPanel({
  request: input,
  description,
  active = true,
  onSigned,
}: WalletRequestPanelProps) {
  const action = input.action;
  const { t } = useTranslation(WALLET_NS);
  const statusId = useId();
  const devMode = useSiteSettingsStore((s) => s.settings?.devMode ?? false);
  const { request, state, error, creating, live, msLeft, start, reset } = useWalletRequest({
    input,
    onSigned,
  });
  const mobile = useMemo(isMobile, []);
  const screens = Grid.useBreakpoint();

  useEffect(() => {
    if (!active) return;
    void start();
    return () => reset();
  }, [active, start, reset]);

  const status = state?.status;
  const expired = status === 'expired';
  const signed = status === 'signed';
  const failed = status === 'failed';
  const current = !request ? 0 : signed ? 2 : 1;
  const stepStatus = expired || failed || (!request && error) ? 'error' : signed ? 'finish' : 'process';

  return (
    <div
      className="cr-wallet-panel"
      data-testid="wallet-request"
      data-status={status ?? (creating ? 'creating' : 'idle')}
    >
      <Steps
        className="cr-wallet-panel__steps"
        size="small"
        current={current}
        status={stepStatus}
        responsive={false}
        titlePlacement={screens.sm === false ? 'vertical' : 'horizontal'}
        items={[{ title: t('steps.prepare') }, { title: t('steps.scan') }, { title: t('steps.done') }]}
      />

      <p className="cr-wallet-panel__what">
        <strong>{t('whatHappens')}: </strong>
        {description ?? t(`actions.${action}`)}
      </p>

      {request?.statement && (
        <section className="cr-wallet-panel__statement" aria-label={t('statementTitle')}>
          <h3>{t('statementTitle')}</h3>
          <p data-testid="wallet-statement">{request.statement}</p>
        </section>
      )}

      <div className="cr-wallet-qr">
        {request ? (
          <div
            className={`cr-wallet-qr__frame${expired ? ' cr-wallet-qr__frame--expired' : ''}`}
            data-testid="wallet-qr"
            data-qr={request.url}
            role="img"
            aria-label={t('qrLabel')}
            aria-describedby={statusId}
          >
            <QRCodeSVG value={request.url} size={320} level="L" marginSize={4} title={t('qrLabel')} />
          </div>
        ) : (
          <div className="cr-wallet-qr__placeholder" aria-busy={creating}>
            {creating ? (
              <Spin description={t('preparing')}>
                <span />
              </Spin>
            ) : null}
            {!creating && !!error && (
              <Alert
                type="error"
                showIcon
                title={t('createFailed')}
                description={walletErrorText(t, errorOf(error))}
                action={
                  <Button size="small" onClick={() => void start()}>
                    {t('retry')}
                  </Button>
                }
              />
            )}
          </div>
        )}
        {request && status === 'pending' && (
          <>
            <span className="cr-wallet-qr__countdown" aria-hidden="true">
              {t('expiresIn', { time: clock(msLeft) })}
            </span>
            <p className="cr-wallet-qr__help">{t('scanHelp')}</p>
            {mobile && (
              <Button type="primary" href={request.url} block>
                {t('openInEssentials')}
              </Button>
            )}
          </>
        )}
      </div>

      <div id={statusId} role="status" aria-live="polite" data-testid="wallet-status">
        {request && status === 'pending' && !state?.lastRefusal && (
          <div className="cr-wallet-status cr-wallet-status--waiting">
            <Spin size="small" />
            <span className="cr-wallet-status__text">{t('waiting')}</span>
            <span className="cr-wallet-status__live">
              <span
                className={`cr-wallet-status__dot${live ? ' cr-wallet-status__dot--on' : ''}`}
                aria-hidden="true"
              />
              {live ? t('liveOn') : t('livePolling')}
            </span>
          </div>
        )}
        {status === 'pending' && state?.lastRefusal && (
          <Alert
            type="warning"
            showIcon
            title={t('refused', { reason: walletErrorText(t, state.lastRefusal) })}
          />
        )}
        {signed && <Alert type="success" showIcon title={t('signed')} />}
        {failed && (
          <Alert
            type="error"
            showIcon
            data-testid="wallet-failed"
            title={t('txFailed')}
            description={
              <>
                <p>{walletErrorText(t, state?.lastRefusal)}</p>
                {state?.lastRefusal?.message && <p lang="en">{state.lastRefusal.message}</p>}
              </>
            }
          />
        )}
        {expired && (
          <Alert
            type="warning"
            showIcon
            title={t('expired')}
            action={
              <Button size="small" type="primary" onClick={() => void start()}>
                {t('newQr')}
              </Button>
            }
          />
        )}
        {request && !!error && status === 'pending' && (
          <Alert type="warning" showIcon title={walletErrorText(t, errorOf(error))} />
        )}
      </div>

      {devMode && request && status === 'pending' && <DevWalletApprover qr={request.url} />}
    </div>
  );
}
