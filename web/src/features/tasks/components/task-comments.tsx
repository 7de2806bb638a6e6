import { useState } from 'react';
import { Alert, Button, Form, Input, List } from 'antd';
import { useTranslation } from 'react-i18next';
import { taskCommentInputSchema, type TaskDetail } from '@cr/contract/task.contract';
import { MemberAvatar } from '../../../components/member-avatar';
import { errorText } from '../../../lib/api-messages';
import { useAuth } from '../../../lib/auth-store';
import { formatDateTime } from '../../../lib/dates';
import { schemaRule } from '../../../lib/schema-rule';
import { taskApi } from '../api/task-api';
import { useFeedback } from '../../../lib/use-feedback';

/** Comments on a task; on closed bidding the form gives way to the spec's notice (the server refuses too). */
export function TaskComments({ task, onChange }: { task: TaskDetail; onChange: (t: TaskDetail) => void }) {
  const { t } = useTranslation('tasks');
  const { message } = useFeedback();
  const { is_login } = useAuth();
  const [form] = Form.useForm<{ content: string }>();
  const [busy, setBusy] = useState(false);
  const rule = schemaRule(taskCommentInputSchema, t);
  const send = async ({ content }: { content: string }) => {
    setBusy(true);
    try {
      onChange(await taskApi.comment(task._id, content));
      form.resetFields();
    } catch (err) {
      void message.error(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div data-testid="task-comments">
      <List
        locale={{ emptyText: t('comments.empty') }}
        dataSource={task.comments}
        renderItem={(c) => (
          <List.Item>
            <List.Item.Meta
              avatar={<MemberAvatar src={c.author.avatar} size={28} />}
              title={
                <>
                  {c.author.name} <small>{formatDateTime(c.createdAt)}</small>
                </>
              }
              description={<span className="cr-task-text">{c.content}</span>}
            />
          </List.Item>
        )}
      />
      {task.commentsClosed ? (
        <Alert
          type="info"
          showIcon
          title={t('messages.task.comments_closed')}
          data-testid="comments-closed"
        />
      ) : !is_login ? (
        <Alert type="info" showIcon title={t('comments.login')} />
      ) : (
        <Form form={form} onFinish={(v) => void send(v)} layout="vertical">
          <Form.Item name="content" label={t('comments.placeholder')} rules={[rule]}>
            <Input.TextArea autoSize={{ minRows: 2 }} maxLength={2000} />
          </Form.Item>
          <Button htmlType="submit" loading={busy}>
            {t('comments.send')}
          </Button>
        </Form>
      )}
    </div>
  );
}
