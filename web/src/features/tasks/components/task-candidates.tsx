import { Button, List, Popconfirm, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TaskDetail } from '@cr/contract/task.contract';
import { MemberAvatar } from '../../../components/member-avatar';
import { errorText } from '../../../lib/api-messages';
import { taskApi } from '../api/task-api';
import { useFeedback } from '../../../lib/use-feedback';

/** Candidates: approved ones for everyone; every application, with bids and decisions, for the owner. */
export function TaskCandidates({ task, onChange }: { task: TaskDetail; onChange: (t: TaskDetail) => void }) {
  const { t } = useTranslation('tasks');
  const { message } = useFeedback();
  const decide = async (id: string, d: 'approve' | 'reject') => {
    try {
      onChange(await taskApi.decide(task._id, id, d));
    } catch (err) {
      void message.error(errorText(t, err));
    }
  };
  return (
    <List
      locale={{ emptyText: t(task.can.decide ? 'detail.noCandidates' : 'detail.noApprovedCandidates') }}
      dataSource={task.candidates}
      data-testid="task-candidates"
      renderItem={(c) => (
        <List.Item
          data-testid="task-candidate"
          actions={
            task.can.decide && c.status === 'PENDING'
              ? [
                  <Popconfirm
                    key="a"
                    title={t('detail.approveConfirm')}
                    onConfirm={() => decide(c._id, 'approve')}
                  >
                    <Button size="small" type="primary">
                      {t('detail.approve')}
                    </Button>
                  </Popconfirm>,
                  <Popconfirm
                    key="r"
                    title={t('detail.rejectConfirm')}
                    onConfirm={() => decide(c._id, 'reject')}
                  >
                    <Button size="small" danger>
                      {t('detail.reject')}
                    </Button>
                  </Popconfirm>,
                ]
              : []
          }
        >
          <List.Item.Meta
            avatar={<MemberAvatar src={c.user.avatar} size={32} />}
            title={
              <Space wrap size={4}>
                {c.user.name}
                <Tag color={c.status === 'APPROVED' ? 'green' : c.status === 'REJECTED' ? 'red' : 'gold'}>
                  {t(`candidateStatuses.${c.status}`)}
                </Tag>
                {c.category === 'RSVP' && <Tag>{t('apply.rsvp')}</Tag>}
              </Space>
            }
            description={
              <>
                {c.team && <div>{t('detail.asTeam', { name: c.team.name })}</div>}
                {c.bid && <div>{t('detail.bid', { amount: c.bid, currency: task.currency })}</div>}
                {c.message && <div className="cr-task-text">{c.message}</div>}
              </>
            }
          />
        </List.Item>
      )}
    />
  );
}
