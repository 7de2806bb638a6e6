import { Button, List, Popconfirm, Space, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TeamDetail, TeamMember } from '@cr/contract/team.contract';
import { EmptyState } from '../../../components/empty-state';
import { MemberAvatar } from '../../../components/member-avatar';
import { errorText } from '../../../lib/api-messages';
import { paths } from '../../../lib/paths';
import { teamApi } from '../api/team-api';
import { useFeedback } from '../../../lib/use-feedback';

function Person({ member }: { member: TeamMember }) {
  return (
    <Space>
      <MemberAvatar src={member.user.avatar} size={28} />
      <Link to={paths.member(member.user._id)}>{member.user.name}</Link>
    </Space>
  );
}

/**
 * Members, and for the owner the applications: approve, reject, remove and transfer (each destructive one asks
 * first). The server checks the owner again on every call.
 */
export function TeamMembers({
  team,
  isOwner,
  onChange,
}: {
  team: TeamDetail;
  isOwner: boolean;
  onChange: (team: TeamDetail) => void;
}) {
  const { t } = useTranslation('teams');
  const { message } = useFeedback();
  const run = async (call: Promise<TeamDetail>) => {
    try {
      onChange(await call);
      void message.success(t('actions.done'));
    } catch (err) {
      void message.error(errorText(t, err));
    }
  };
  const confirm = (title: string, onConfirm: () => void, label: string, testId: string) => (
    <Popconfirm
      title={title}
      okText={t('actions.confirm')}
      cancelText={t('actions.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={onConfirm}
    >
      <Button size="small" data-testid={testId}>
        {label}
      </Button>
    </Popconfirm>
  );

  return (
    <>
      <List
        header={<strong>{t('membersTitle')}</strong>}
        dataSource={team.members}
        data-testid="team-members"
        renderItem={(m) => (
          <List.Item
            actions={
              isOwner && m.role !== 'OWNER'
                ? [
                    confirm(
                      t('actions.transferConfirm', { name: m.user.name }),
                      () => void run(teamApi.transfer(team._id, m.user._id)),
                      t('actions.transfer'),
                      `transfer-${m.user.username}`,
                    ),
                    confirm(
                      t('actions.removeConfirm', { name: m.user.name }),
                      () => void run(teamApi.remove(team._id, m.user._id)),
                      t('actions.remove'),
                      `remove-${m.user.username}`,
                    ),
                  ]
                : []
            }
          >
            <Person member={m} />
            {m.role === 'OWNER' && <Tag color="purple">{t('roles.OWNER')}</Tag>}
          </List.Item>
        )}
      />
      {isOwner && (
        <List
          header={<strong>{t('applicationsTitle')}</strong>}
          dataSource={team.applications}
          data-testid="team-applications"
          locale={{ emptyText: <EmptyState description={t('noApplications')} /> }}
          renderItem={(m) => (
            <List.Item
              actions={
                m.status === 'PENDING'
                  ? [
                      <Button
                        key="approve"
                        size="small"
                        type="primary"
                        data-testid={`approve-${m.user.username}`}
                        onClick={() => void run(teamApi.approve(team._id, m.user._id))}
                      >
                        {t('actions.approve')}
                      </Button>,
                      confirm(
                        t('actions.removeConfirm', { name: m.user.name }),
                        () => void run(teamApi.reject(team._id, m.user._id)),
                        t('actions.reject'),
                        `reject-${m.user.username}`,
                      ),
                    ]
                  : []
              }
            >
              <List.Item.Meta title={<Person member={m} />} description={m.message} />
              <Tag color={m.status === 'PENDING' ? 'gold' : 'default'}>{t(`statuses.${m.status}`)}</Tag>
            </List.Item>
          )}
        />
      )}
    </>
  );
}
