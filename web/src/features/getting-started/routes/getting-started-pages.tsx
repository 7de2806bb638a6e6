import { Button, Card, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../lib/paths';
import { IntroVideo } from '../components/intro-video';
import '../getting-started.css';

const STEPS = [
  { n: 1, to: paths.register() },
  { n: 2, to: paths.profileInfo() },
  { n: 3, to: paths.whitepaper() },
  { n: 4, to: paths.suggestions() },
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
          <Link to={paths.video()}>
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

const WALKTHROUGH = [
  { key: 'signIn', to: paths.login() },
  { key: 'suggest', to: paths.suggestionCreate() },
  { key: 'sign', to: paths.suggestions() },
  { key: 'propose', to: paths.proposals() },
  { key: 'vote', to: paths.councilList() },
  { key: 'veto', to: paths.proposals() },
  { key: 'pay', to: paths.treasury() },
  { key: 'verify', to: paths.verify() },
] as const;

/** /video: how the Cyber Republic works, as the life of one funding request in eight linked steps. */
export function ExplainerVideoPage() {
  const { t } = useTranslation();
  const { t: g } = useTranslation('getting-started');
  const title = t('gettingStarted.videoTitle');
  return (
    <>
      <PageHeader
        title={title}
        subtitle={g('walkthrough.intro')}
        breadcrumbs={[{ title: t('gettingStarted.title'), to: paths.gettingStarted() }, { title }]}
      />
      <Card className="cr-card" style={{ marginBottom: 16 }}>
        <IntroVideo />
      </Card>
      <Card className="cr-card" title={g('video.transcript')}>
        <ol className="cr-walkthrough" data-testid="walkthrough">
          {WALKTHROUGH.map((step, i) => (
            <li key={step.key} className="cr-walkthrough__step">
              <span className="cr-walkthrough__n" aria-hidden="true">
                {i + 1}
              </span>
              <div>
                <Typography.Title level={2} className="cr-walkthrough__title">
                  {g(`walkthrough.steps.${step.key}.title`)}
                </Typography.Title>
                <Typography.Paragraph className="cr-walkthrough__text">
                  {g(`walkthrough.steps.${step.key}.text`)}
                </Typography.Paragraph>
                <Link to={step.to}>
                  {g('walkthrough.open')}: {g(`walkthrough.steps.${step.key}.title`)}
                </Link>
              </div>
            </li>
          ))}
        </ol>
      </Card>
    </>
  );
}
