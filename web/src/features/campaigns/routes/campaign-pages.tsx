import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/page-frame';

/** /form/training1: the training application form (ambassadors training is postponed). */
export function TrainingFormPage() {
  const { t } = useTranslation();
  return (
    <PageFrame
      title={t('areas.training')}
      breadcrumbs={[{ title: t('areas.training') }]}
      emptyText={t('areas.empty')}
    >
      <Alert type="warning" showIcon title={t('notices.ambassadors')} style={{ marginBottom: 16 }} />
    </PageFrame>
  );
}

export function AmbassadorApplyPage() {
  const { t } = useTranslation();
  return (
    <PageFrame
      title={t('areas.ambassadors')}
      breadcrumbs={[{ title: t('areas.ambassadors') }]}
      emptyText={t('areas.empty')}
    >
      <Alert type="warning" showIcon title={t('notices.ambassadors')} style={{ marginBottom: 16 }} />
    </PageFrame>
  );
}

export function OrganizerApplyPage() {
  const { t } = useTranslation();
  return (
    <PageFrame
      title={t('areas.organizer')}
      breadcrumbs={[{ title: t('areas.organizer') }]}
      emptyText={t('areas.empty')}
    />
  );
}

export function AnniversaryPage() {
  const { t } = useTranslation();
  return (
    <PageFrame
      title={t('areas.anniversary')}
      breadcrumbs={[{ title: t('areas.anniversary') }]}
      emptyText={t('areas.empty')}
    />
  );
}
