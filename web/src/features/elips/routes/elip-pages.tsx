import { useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/page-frame';

function useElipsCrumb() {
  const { t } = useTranslation();
  return { title: t('elips.title'), to: '/elips' };
}

export function ElipDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const title = t('elips.detailTitle', { id });
  return (
    <PageFrame title={title} breadcrumbs={[useElipsCrumb(), { title }]} emptyText={t('elips.detailEmpty')} />
  );
}

export function ElipCreatePage() {
  const { t } = useTranslation();
  const title = t('elips.newTitle');
  return (
    <PageFrame title={title} breadcrumbs={[useElipsCrumb(), { title }]} emptyText={t('elips.formEmpty')} />
  );
}

export function ElipEditPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const title = t('elips.editTitle', { id });
  return (
    <PageFrame
      title={title}
      breadcrumbs={[
        useElipsCrumb(),
        { title: t('elips.detailTitle', { id }), to: `/elips/${id}` },
        { title },
      ]}
      emptyText={t('elips.formEmpty')}
    />
  );
}
