import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Alert, Button, Card, Result, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UnsubscribeInfo } from '@cr/contract/mail-preferences.contract';
import { PageHeader } from '../../../components/page-header';
import { ApiError } from '../../../lib/api-errors';
import { errorText } from '../../../lib/api-messages';
import { paths } from '../../../lib/paths';
import { mailPreferencesApi } from '../api/mail-preferences-api';
import '../profile.css';

type State =
  | { kind: 'loading' }
  | { kind: 'invalid' }
  | { kind: 'failed'; error: unknown }
  | { kind: 'ready'; info: UnsubscribeInfo };

/** A link that is not one the server signed (or no token at all), in the reader's language. */
function InvalidLink() {
  const { t } = useTranslation('profile');
  return (
    <Result
      status="error"
      data-testid="unsubscribe-invalid"
      title={t('unsubscribe.invalidTitle')}
      subTitle={t('unsubscribe.invalidText')}
      extra={
        <Link to={paths.profileInfo()}>
          <Button>{t('unsubscribe.preferences')}</Button>
        </Link>
      }
    />
  );
}

/**
 * /unsubscribe?token=…: the link at the foot of every optional e-mail (docs/mail.md). Works without signing in:
 * opening it only shows what it stands for (mail scanners open links); the button turns that kind of mail off.
 */
export function UnsubscribePage() {
  const { t } = useTranslation('profile');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const classify = (err: unknown): State =>
    err instanceof ApiError && err.status === 400 ? { kind: 'invalid' } : { kind: 'failed', error: err };

  const load = useCallback(async () => {
    if (!token) return setState({ kind: 'invalid' });
    setState({ kind: 'loading' });
    try {
      setState({ kind: 'ready', info: await mailPreferencesApi.lookUp(token) });
    } catch (err) {
      setState(classify(err));
    }
  }, [token]);
  useEffect(() => {
    void load();
  }, [load]);

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      setState({ kind: 'ready', info: await mailPreferencesApi.unsubscribe(token) });
    } catch (err) {
      const next = classify(err);
      if (next.kind === 'invalid') setState(next);
      else setFailure(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  const body = () => {
    switch (state.kind) {
      case 'loading':
        return (
          <div role="status" aria-label={t('unsubscribe.loading')} aria-busy="true">
            <Skeleton active paragraph={{ rows: 3 }} />
          </div>
        );
      case 'invalid':
        return <InvalidLink />;
      case 'failed':
        return (
          <Alert
            type="warning"
            showIcon
            role="alert"
            title={t('unsubscribe.loadFailed')}
            description={errorText(t, state.error)}
            action={<Button onClick={() => void load()}>{t('retry')}</Button>}
          />
        );
      case 'ready': {
        const group = t(`mail.groups.${state.info.group}.title`);
        const preferences = (
          <Link to={paths.profileInfo()}>
            <Button>{t('unsubscribe.preferences')}</Button>
          </Link>
        );
        if (!state.info.subscribed)
          return (
            <Result
              status="success"
              data-testid="unsubscribe-done"
              title={t('unsubscribe.doneTitle')}
              subTitle={t('unsubscribe.doneText', { group })}
              extra={preferences}
            />
          );
        return (
          <div data-testid="unsubscribe-confirm">
            <Typography.Title level={4}>{t('unsubscribe.confirmTitle', { group })}</Typography.Title>
            <Typography.Paragraph>
              {t('unsubscribe.confirmText', { group, email: state.info.email ?? '' })}
            </Typography.Paragraph>
            <Typography.Paragraph type="secondary">{t('unsubscribe.accountNote')}</Typography.Paragraph>
            {failure && (
              <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 12 }} />
            )}
            <div className="cr-profile-actions">
              <Button type="primary" danger loading={busy} onClick={() => void confirm()}>
                {t('unsubscribe.confirm')}
              </Button>
              {preferences}
            </div>
          </div>
        );
      }
    }
  };

  return (
    <div className="cr-unsubscribe">
      <PageHeader title={t('unsubscribe.title')} />
      <Card className="cr-card">{body()}</Card>
    </div>
  );
}
