import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/page-frame';

/** /whats-new: release notes (admins add, edit and delete them in a later release). */
export function WhatsNewPage() {
  const { t } = useTranslation();
  return (
    <PageFrame
      title={t('releases.title')}
      breadcrumbs={[{ title: t('releases.title') }]}
      subtitle={t('releases.subtitle')}
      emptyText={t('releases.empty')}
    />
  );
}
