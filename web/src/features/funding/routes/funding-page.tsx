import { Button } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ReadingLayout } from '../../../components/reading-layout';
import { fundingEn } from '../content/funding.en';
import { fundingZh } from '../content/funding.zh';
import { paths } from '../../../lib/paths';

/** The funding guide: the process from suggestion to payment, and the payment rules. */
export function FundingPage() {
  const { t, i18n } = useTranslation();
  return (
    <>
      <PageHeader
        title={t('funding.title')}
        breadcrumbs={[{ title: t('funding.title') }]}
        subtitle={t('funding.subtitle')}
        extra={
          <Link to={paths.suggestions()}>
            <Button type="primary">{t('funding.cta')}</Button>
          </Link>
        }
      />
      <ReadingLayout
        sections={i18n.language === 'zh' ? fundingZh : fundingEn}
        tocTitle={t('whitepaper.contents')}
      />
    </>
  );
}
