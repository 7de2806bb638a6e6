import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { useBlocker } from 'react-router-dom';

/** Asks before leaving a form with unsaved changes (they stay on this device either way). */
export function UnsavedChangesPrompt({ blocker }: { blocker: ReturnType<typeof useBlocker> }) {
  const { t } = useTranslation('suggestions');
  return (
    <Modal
      open={blocker.state === 'blocked'}
      title={t('form.leaveTitle')}
      okText={t('form.leave')}
      cancelText={t('form.stay')}
      okButtonProps={{ danger: true }}
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    >
      {t('form.leaveText')}
    </Modal>
  );
}
