import { useState } from 'react';
import { Button, Input, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TaskAction, TaskDetail } from '@cr/contract/task.contract';
import { errorText } from '../../../lib/api-messages';
import { taskApi } from '../api/task-api';
import { useFeedback } from '../../../lib/use-feedback';

/**
 * The lifecycle moves the caller may make (the server decides which: owner, admin, council), each after a
 * confirmation; recording the payment asks what was paid.
 */
export function TaskActions({ task, onChange }: { task: TaskDetail; onChange: (t: TaskDetail) => void }) {
  const { t } = useTranslation('tasks');
  const { message } = useFeedback();
  const [pending, setPending] = useState<TaskAction | null>(null);
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  if (task.can.actions.length === 0) return null;
  const run = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      onChange(await taskApi.action(task._id, pending, note || undefined));
      void message.success(t('actions.done'));
      setPending(null);
      setNote('');
    } catch (err) {
      void message.error(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Space wrap data-testid="task-actions">
        {task.can.actions.map((a) => (
          <Button
            key={a}
            danger={a === 'cancel' || a === 'expire'}
            type={a === 'cancel' || a === 'expire' ? 'default' : 'primary'}
            onClick={() => setPending(a)}
            data-testid={`task-action-${a}`}
          >
            {t(`actions.${a}`)}
          </Button>
        ))}
      </Space>
      <Modal
        open={!!pending}
        title={pending ? t(`actions.${pending}`) : ''}
        onOk={() => void run()}
        okButtonProps={{ loading: busy, disabled: pending === 'distribute' && !note.trim() }}
        onCancel={() => setPending(null)}
        okText={pending ? t(`actions.${pending}`) : ''}
        cancelText={t('form.cancel')}
      >
        <p>{pending && t(`actions.confirm.${pending}`)}</p>
        {pending === 'distribute' && (
          <Input.TextArea
            aria-label={t('actions.note')}
            placeholder={t('actions.note')}
            value={note}
            maxLength={500}
            onChange={(e) => setNote(e.target.value)}
            data-testid="task-payment-note"
          />
        )}
      </Modal>
    </>
  );
}
