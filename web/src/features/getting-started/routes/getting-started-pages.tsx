import { Button, Card } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/page-frame';
import { PageHeader } from '../../../components/page-header';

const STEPS = [
  { n: 1, to: '/register' },
  { n: 2, to: '/profile/info' },
  { n: 3, to: '/whitepaper' },
  { n: 4, to: '/suggestion' },
];

/** /getting-started: the first steps for a new member. */
export function GettingStartedPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={t('gettingStarted.title')}
        breadcrumbs={[{ title: t('gettingStarted.title') }]}
        subtitle={t('gettingStarted.subtitle')}
        extra={
          <Link to="/video">
            <Button>{t('gettingStarted.videoTitle')}</Button>
          </Link>
        }
      />
      <ol className="cr-steps">
        {STEPS.map(({ n, to }) => (
          <li key={n} className="cr-step">
            <h2 style={{ fontSize: 17, margin: '0 0 6px' }}>
              <Link to={to}>{t(`gettingStarted.step${n}Title`)}</Link>
            </h2>
            <p>{t(`gettingStarted.step${n}Text`)}</p>
          </li>
        ))}
      </ol>
      <Card className="cr-card" style={{ marginTop: 24 }}>
        {t('home.whatText')}
      </Card>
    </>
  );
}

/** /video: the explanatory video of how the Cyber Republic works. */
export function ExplainerVideoPage() {
  const { t } = useTranslation();
  return (
    <PageFrame
      title={t('gettingStarted.videoTitle')}
      breadcrumbs={[
        { title: t('gettingStarted.title'), to: '/getting-started' },
        { title: t('gettingStarted.videoTitle') },
      ]}
      emptyText={t('gettingStarted.videoEmpty')}
    />
  );
}
