import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ReadingLayout } from '../../../components/reading-layout';
import { formatDate } from '../../../lib/dates';
import { privacyEn, termsEn } from '../content/legal.en';
import { privacyZh, termsZh } from '../content/legal.zh';

/** Date of the last change to the terms and the privacy notice. */
const LAST_UPDATED = '2026-11-22';

export function TermsPage() {
  const { t, i18n } = useTranslation();
  return (
    <>
      <PageHeader
        title={t('terms.title')}
        breadcrumbs={[{ title: t('terms.title') }]}
        subtitle={t('terms.updated', { date: formatDate(LAST_UPDATED) })}
      />
      <ReadingLayout sections={i18n.language === 'zh' ? termsZh : termsEn} />
    </>
  );
}

export function PrivacyPage() {
  const { t, i18n } = useTranslation();
  return (
    <>
      <PageHeader
        title={t('privacy.title')}
        breadcrumbs={[{ title: t('privacy.title') }]}
        subtitle={t('terms.updated', { date: formatDate(LAST_UPDATED) })}
      />
      <ReadingLayout sections={i18n.language === 'zh' ? privacyZh : privacyEn} />
    </>
  );
}
