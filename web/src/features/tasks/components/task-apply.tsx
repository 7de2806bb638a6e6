import { useState } from 'react';
import { Alert, Button, Form, Input, Popconfirm, Select, Space } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { taskApplySchema, type TaskDetail } from '@cr/contract/task.contract';
import { errorText, fieldErrors } from '../../../lib/api-messages';
import { useAuth } from '../../../lib/auth-store';
import { paths } from '../../../lib/paths';
import { schemaRule } from '../../../lib/schema-rule';
import { useLoad } from '../../../lib/use-load';
import { taskApi } from '../api/task-api';
import { useFeedback } from '../../../lib/use-feedback';

/** The teams the member owns, to apply as a team. */
function useOwnedTeams(enabled: boolean) {
  const { data } = useLoad(
    (signal) => (enabled ? taskApi.myTeams(signal) : Promise.resolve(null)),
    enabled ? 'teams' : 'none',
  );
  return (data?.owned ?? []).filter((team) => team.type === 'TEAM');
}

/** Apply, bid (required when bidding) or RSVP; the caller's own application and its withdrawal. */
export function TaskApply({ task, onChange }: { task: TaskDetail; onChange: (t: TaskDetail) => void }) {
  const { t } = useTranslation('tasks');
  const { message } = useFeedback();
  const { is_login, user } = useAuth();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const teams = useOwnedTeams(is_login && task.can.apply && task.type !== 'EVENT');
  const rule = schemaRule(taskApplySchema, t);
  const mine = task.myCandidate;
  if (!is_login)
    return <Alert type="info" showIcon title={<Link to={paths.login()}>{t('apply.login')}</Link>} />;
  if (mine)
    return (
      <Space wrap data-testid="task-my-application">
        <span>{t('apply.mine', { status: t(`candidateStatuses.${mine.status}`) })}</span>
        {(mine.status !== 'APPROVED' || mine.category === 'RSVP') && (
          <Popconfirm
            title={t('apply.withdrawConfirm')}
            onConfirm={async () => {
              try {
                onChange(await taskApi.withdraw(task._id));
                void message.success(t('apply.withdrawn'));
              } catch (err) {
                void message.error(errorText(t, err));
              }
            }}
          >
            <Button>{t('apply.withdraw')}</Button>
          </Popconfirm>
        )}
      </Space>
    );
  if (user?._id === task.owner._id) return null;
  if (!task.can.apply) return <Alert type="info" showIcon title={t('apply.closed')} />;
  const isEvent = task.type === 'EVENT';
  const submit = async (values: { bid?: string; message?: string; teamId?: string }) => {
    setBusy(true);
    try {
      onChange(await taskApi.apply(task._id, { ...values, teamId: values.teamId || null }));
      void message.success(t(isEvent ? 'apply.rsvpDone' : 'apply.done'));
    } catch (err) {
      const fields = fieldErrors(t, err);
      if (fields.length > 0) form.setFields(fields.map((f) => ({ ...f, name: [f.name[0]!] })) as never);
      void message.error(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} data-testid="task-apply">
      {task.bidding && (
        <Form.Item
          name="bid"
          label={t('apply.bidLabel', { currency: task.currency })}
          rules={[{ required: true, message: t('messages.task.bid_required') }, rule]}
        >
          <Input inputMode="decimal" maxLength={22} />
        </Form.Item>
      )}
      {!isEvent && teams.length > 0 && (
        <Form.Item name="teamId" label={t('apply.asTeam')}>
          <Select
            allowClear
            placeholder={t('apply.alone')}
            options={teams.map((team) => ({ value: team._id, label: team.name }))}
          />
        </Form.Item>
      )}
      {!isEvent && (
        <Form.Item name="message" label={t('apply.message')} rules={[rule]}>
          <Input.TextArea autoSize={{ minRows: 2 }} maxLength={1000} />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" loading={busy}>
        {isEvent ? t('apply.rsvp') : task.bidding ? t('apply.bid') : t('apply.apply')}
      </Button>
    </Form>
  );
}
