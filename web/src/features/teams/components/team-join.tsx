import { useState } from 'react';
import { Alert, Button, Input, Popconfirm, Space } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TeamDetail } from '@cr/contract/team.contract';
import { errorText } from '../../../lib/api-messages';
import { useAuth } from '../../../lib/auth-store';
import { paths } from '../../../lib/paths';
import { teamApi } from '../api/team-api';
import { useFeedback } from '../../../lib/use-feedback';

/** Apply, withdraw or leave, by the caller's own membership; refusals (2 CRcles, suspended) are shown in place. */
export function TeamJoin({ team, onChange }: { team: TeamDetail; onChange: (team: TeamDetail) => void }) {
  const { t } = useTranslation('teams');
  const { message } = useFeedback();
  const { is_login } = useAuth();
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const mine = team.myMembership;
  const isCrcle = team.type === 'CRCLE';

  const run = async (call: () => Promise<TeamDetail>, done: string) => {
    setBusy(true);
    setRefusal(null);
    try {
      onChange(await call());
      void message.success(done);
    } catch (err) {
      setRefusal(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  if (!is_login) return <Link to={paths.login()}>{t('actions.loginToApply')}</Link>;
  if (mine?.role === 'OWNER') return null;

  const leave = (label: string) => (
    <Popconfirm
      title={t('actions.leaveConfirm')}
      okText={t('actions.confirm')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={() => void run(() => teamApi.leave(team._id), t('actions.left'))}
    >
      <Button danger loading={busy} data-testid="team-leave">
        {label}
      </Button>
    </Popconfirm>
  );

  return (
    <div className="cr-team-join" data-testid="team-join">
      {refusal && (
        <Alert
          type="error"
          showIcon
          title={refusal}
          data-testid="team-refusal"
          style={{ marginBottom: 12 }}
        />
      )}
      {mine?.status === 'NORMAL' && leave(t('actions.leave'))}
      {mine?.status === 'PENDING' && (
        <Space direction="vertical">
          <Alert type="info" showIcon title={t('actions.pending')} />
          {leave(t('actions.withdraw'))}
        </Space>
      )}
      {(!mine || mine.status === 'REJECT') && (
        <Space direction="vertical" style={{ width: '100%' }}>
          {mine?.status === 'REJECT' && <Alert type="warning" showIcon title={t('actions.rejected')} />}
          <Input.TextArea
            value={note}
            onChange={(e) => setNote(e.target.value)}
            placeholder={t('actions.applyMessage')}
            aria-label={t('actions.applyMessage')}
            autoSize={{ minRows: 2 }}
            maxLength={500}
          />
          <Button
            type="primary"
            loading={busy}
            data-testid="team-apply"
            onClick={() =>
              void run(() => teamApi.apply(team._id, note.trim() || undefined), t('actions.applied'))
            }
          >
            {isCrcle ? t('actions.applyCrcle') : t('actions.apply')}
          </Button>
        </Space>
      )}
    </div>
  );
}
