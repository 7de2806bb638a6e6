import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Popconfirm, Skeleton, Space, Statistic } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { FollowState } from '@cr/contract/social.contract';
import { useAuth } from '../../lib/auth-store';
import { paths } from '../../lib/paths';
import { socialApi } from './social-api';
import { useSocialError } from './use-social-error';
import { useFeedback } from '../../lib/use-feedback';

/** The member page's follow panel: counts for everyone; Follow, Message and Block for another signed-in member. */
export function FollowPanel({ userId }: { userId: string }) {
  const { t } = useTranslation('social');
  const { user } = useAuth();
  const { message } = useFeedback();
  const showError = useSocialError();
  const [state, setState] = useState<FollowState | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    socialApi
      .state(userId)
      .then(setState)
      .catch(() => setState(null));
  }, [userId]);
  useEffect(() => {
    load();
  }, [load]);

  const run = async (action: () => Promise<FollowState>, done?: string) => {
    setBusy(true);
    try {
      setState(await action());
      if (done) void message.success(done);
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  };

  if (!state)
    return (
      <Card className="cr-card" aria-busy="true">
        <Skeleton active title={false} paragraph={{ rows: 1 }} />
      </Card>
    );
  const self = user?._id === userId;
  return (
    <Card className="cr-card cr-follow" data-testid="follow-panel">
      <Space wrap size="large" align="center">
        <Statistic title={t('followers')} value={state.followers} data-testid="followers" />
        <Statistic title={t('following')} value={state.following} data-testid="following" />
        {!self && (
          <Space wrap>
            {!user && (
              <Link to={paths.login()}>
                <Button type="primary">{t('loginToFollow')}</Button>
              </Link>
            )}
            {user && !state.blockedMe && (
              <Button
                type={state.iFollow ? 'default' : 'primary'}
                loading={busy}
                data-testid="follow-button"
                onClick={() =>
                  void run(() => (state.iFollow ? socialApi.unfollow(userId) : socialApi.follow(userId)))
                }
              >
                {state.iFollow ? t('unfollow') : t('follow')}
              </Button>
            )}
            {user && !state.blockedMe && !state.iBlocked && (
              <Link to={paths.messagesWith(userId)} data-testid="message-button">
                <Button>{t('message')}</Button>
              </Link>
            )}
            {user &&
              (state.iBlocked ? (
                <Button
                  loading={busy}
                  onClick={() => void run(() => socialApi.unblock(userId), t('unblocked'))}
                >
                  {t('unblock')}
                </Button>
              ) : (
                <Popconfirm
                  title={t('blockConfirm')}
                  description={t('blockConfirmText')}
                  okText={t('block')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('cancel')}
                  onConfirm={() => run(() => socialApi.block(userId), t('blocked'))}
                >
                  <Button danger loading={busy}>
                    {t('block')}
                  </Button>
                </Popconfirm>
              ))}
          </Space>
        )}
      </Space>
      {state.blockedMe && (
        <Alert className="cr-follow__note" type="info" showIcon message={t('error.social.blocked')} />
      )}
      {state.iBlocked && (
        <Alert className="cr-follow__note" type="warning" showIcon message={t('youBlockedNote')} />
      )}
    </Card>
  );
}
