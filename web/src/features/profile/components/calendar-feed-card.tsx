import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Popconfirm, Skeleton, Typography } from 'antd';
import { CalendarOutlined, CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CalendarFeedStatus } from '@cr/contract/calendar.contract';
import { errorText } from '../../../lib/api-messages';
import { copyText } from '../../../lib/copy-text';
import { formatDate } from '../../../lib/dates';
import { calendarApi } from '../api/calendar-api';
import '../../../components/profile-card/profile-card.css';
import { useFeedback } from '../../../lib/use-feedback';

type Busy = 'create' | 'revoke' | null;

/**
 * The member's personal calendar feed: a secret ICS URL with the deadlines that concern them (voting and veto
 * window ends, the next council election). The URL is shown once when made (only its hash is stored); renewing
 * makes a new one and the old one stops working; revoking ends the feed.
 */
export function CalendarFeedCard() {
  const { t } = useTranslation('profile');
  const { message } = useFeedback();
  const [feed, setFeed] = useState<CalendarFeedStatus | null>(null);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  /** The secret URL, only right after it was made (never fetched again). */
  const [url, setUrl] = useState<string | null>(null);

  const load = useCallback(async () => {
    setLoadError(null);
    try {
      setFeed(await calendarApi.status());
    } catch (err) {
      setLoadError(err);
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const create = async () => {
    setBusy('create');
    setFailure(null);
    try {
      const made = await calendarApi.create();
      setFeed({ active: made.active, createdAt: made.createdAt });
      setUrl(made.url);
      void message.success(feed?.active ? t('calendar.renewed') : t('calendar.created'));
    } catch (err) {
      setFailure(errorText(t, err));
    } finally {
      setBusy(null);
    }
  };

  const revoke = async () => {
    setBusy('revoke');
    setFailure(null);
    try {
      setFeed(await calendarApi.revoke());
      setUrl(null);
      void message.success(t('calendar.revoked'));
    } catch (err) {
      setFailure(errorText(t, err));
    } finally {
      setBusy(null);
    }
  };

  const copy = async () => {
    if (!url) return;
    // Copied neither way: the URL stays selectable on the card.
    if (await copyText(url)) void message.success(t('calendar.copied'));
    else void message.warning(t('calendar.copyFailed'));
  };

  const body = () => {
    if (loadError && !feed)
      return (
        <Alert
          type="warning"
          showIcon
          role="alert"
          title={t('calendar.loadFailed')}
          description={errorText(t, loadError)}
          action={<Button onClick={() => void load()}>{t('retry')}</Button>}
        />
      );
    if (!feed)
      return (
        <div role="status" aria-label={t('calendar.loading')} aria-busy="true">
          <Skeleton active paragraph={{ rows: 2 }} />
        </div>
      );
    return (
      <>
        {feed.active ? (
          <Typography.Paragraph data-testid="calendar-feed-active">
            {t('calendar.activeSince', { date: formatDate(feed.createdAt!) })}
          </Typography.Paragraph>
        ) : (
          <Typography.Paragraph type="secondary">{t('calendar.none')}</Typography.Paragraph>
        )}
        {url && (
          <Alert
            type="success"
            showIcon
            style={{ marginBottom: 12 }}
            title={t('calendar.urlTitle')}
            description={
              <>
                <Typography.Paragraph code className="cr-profile-did" data-testid="calendar-feed-url">
                  {url}
                </Typography.Paragraph>
                <Typography.Text type="secondary">{t('calendar.urlOnce')}</Typography.Text>
              </>
            }
            action={
              <Button icon={<CopyOutlined />} onClick={() => void copy()}>
                {t('calendar.copy')}
              </Button>
            }
          />
        )}
        {feed.active && !url && (
          <Typography.Paragraph type="secondary">{t('calendar.urlHidden')}</Typography.Paragraph>
        )}
        {failure && <Alert type="error" showIcon role="alert" title={failure} style={{ marginBottom: 12 }} />}
        <div className="cr-profile-actions">
          {feed.active ? (
            <>
              <Popconfirm
                title={t('calendar.renewConfirm')}
                description={<div style={{ maxWidth: 300 }}>{t('calendar.renewText')}</div>}
                okText={t('calendar.renew')}
                cancelText={t('cancel')}
                onConfirm={() => void create()}
              >
                <Button loading={busy === 'create'} disabled={busy !== null}>
                  {t('calendar.renew')}
                </Button>
              </Popconfirm>
              <Popconfirm
                title={t('calendar.revokeConfirm')}
                description={<div style={{ maxWidth: 300 }}>{t('calendar.revokeText')}</div>}
                okText={t('calendar.revoke')}
                okButtonProps={{ danger: true }}
                cancelText={t('cancel')}
                onConfirm={() => void revoke()}
              >
                <Button danger loading={busy === 'revoke'} disabled={busy !== null}>
                  {t('calendar.revoke')}
                </Button>
              </Popconfirm>
            </>
          ) : (
            <Button
              type="primary"
              icon={<CalendarOutlined />}
              loading={busy === 'create'}
              onClick={() => void create()}
            >
              {t('calendar.create')}
            </Button>
          )}
        </div>
      </>
    );
  };

  return (
    <Card className="cr-card" title={t('sections.calendar')} data-testid="calendar-feed">
      <Typography.Paragraph>{t('calendar.lead')}</Typography.Paragraph>
      {body()}
    </Card>
  );
}
