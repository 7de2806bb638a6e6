import { Button } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { paths } from '../../../lib/paths';
import { AfterFirstPaint } from '../../../components/after-first-paint';
import { Panel } from '../../../components/panel';
import { LiveDao } from '../components/live-dao';
import '../home.css';

/** Governance constants of the whitepaper (spec §9), not live figures. */
const FACTS = [
  { value: '12', labelKey: 'home.factSeats' },
  { value: '8/12', labelKey: 'home.factPass' },
  { value: '7', labelKey: 'home.factVoting' },
  { value: '7', labelKey: 'home.factReview' },
];

const FLOW = [1, 2, 3, 4] as const;

export function HomePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('home.title'));
  return (
    <>
      <section className="cr-hero" aria-labelledby="home-title">
        <span className="cr-hero__eyebrow">{t('home.heroEyebrow')}</span>
        <h1 id="home-title">{t('home.heroTitle')}</h1>
        <p>{t('home.heroText')}</p>
        <div className="cr-hero__actions">
          <Link to={paths.suggestions()}>
            <Button type="primary" size="large">
              {t('home.ctaSuggest')}
            </Button>
          </Link>
          <Link to={paths.proposals()}>
            <Button size="large">{t('home.ctaProposals')}</Button>
          </Link>
          <Link to={paths.whitepaper()}>
            <Button size="large">{t('home.ctaWhitepaper')}</Button>
          </Link>
        </div>
      </section>

      <AfterFirstPaint fallback={<div className="cr-after-paint" />}>
        <LiveDao />

        <section aria-labelledby="home-facts">
          <h2 id="home-facts" className="cr-section-title">
            {t('home.factsTitle')}
          </h2>
          <div className="cr-facts">
            {FACTS.map((f) => (
              <div className="cr-fact" key={f.labelKey}>
                <div className="cr-fact__value">{f.value}</div>
                <div className="cr-fact__label">{t(f.labelKey)}</div>
              </div>
            ))}
          </div>
        </section>

        <section aria-labelledby="home-flow">
          <h2 id="home-flow" className="cr-section-title">
            {t('home.flowTitle')}
          </h2>
          <ol className="cr-steps">
            {FLOW.map((n) => (
              <li className="cr-step" key={n}>
                <h3>{t(`home.flow${n}Title`)}</h3>
                <p>{t(`home.flow${n}Text`)}</p>
              </li>
            ))}
          </ol>
        </section>

        <section className="cr-what" aria-labelledby="home-what">
          <Panel>
            <h2 id="home-what" className="cr-section-title" style={{ marginTop: 0 }}>
              {t('home.whatTitle')}
            </h2>
            <p style={{ fontSize: 16, margin: 0 }}>{t('home.whatText')}</p>
          </Panel>
          <Panel>
            <ul style={{ margin: 0, paddingInlineStart: 20, lineHeight: 2 }}>
              <li>
                <Link to={paths.council()}>{t('home.whatLinkCouncil')}</Link>
              </li>
              <li>
                <Link to={paths.funding()}>{t('home.whatLinkFunding')}</Link>
              </li>
              <li>
                <Link to={paths.gettingStarted()}>{t('gettingStarted.title')}</Link>
              </li>
            </ul>
          </Panel>
        </section>
      </AfterFirstPaint>
    </>
  );
}
