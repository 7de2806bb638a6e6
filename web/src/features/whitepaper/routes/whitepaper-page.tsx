import { Alert, Button } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ReadingLayout } from '../../../components/reading-layout';
import { whitepaperEn } from '../content/whitepaper.en';
import { whitepaperZh } from '../content/whitepaper.zh';
import { paths } from '../../../lib/paths';

/** Sections 0-10, A and B, with the alpha-version notice and a link to the council. */
export function WhitepaperPage() {
  const { t, i18n } = useTranslation();
  const sections = i18n.language === 'zh' ? whitepaperZh : whitepaperEn;
  return (
    <>
      <PageHeader
        title={t('whitepaper.title')}
        breadcrumbs={[{ title: t('whitepaper.title') }]}
        subtitle={t('whitepaper.subtitle')}
        extra={
          <Link to={paths.council()}>
            <Button type="primary">{t('whitepaper.councilLink')}</Button>
          </Link>
        }
      />
      <Alert type="info" showIcon title={t('whitepaper.alphaNotice')} style={{ marginBottom: 24 }} />
      <ReadingLayout sections={sections} />
    </>
  );
}
