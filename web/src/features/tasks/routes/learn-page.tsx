import { Button, Card, Col, Row, Space, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { paths } from '../../../lib/paths';
import '../tasks.css';

const EXTERNAL = [
  { key: 'docs', href: 'https://elastos.dev' },
  { key: 'github', href: 'https://github.com/elastos' },
] as const;

function Bullets({ items }: { items: string[] }) {
  return (
    <ul>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** /developer: what Elastos is, how to get funded by the CR, and where to work with the community. */
export function DeveloperLearnPage() {
  const { t } = useTranslation('tasks');
  const list = (key: string) => t(key, { returnObjects: true }) as string[];
  return (
    <div className="cr-learn" data-testid="developer-learn">
      <PageHeader
        title={t('learn.title')}
        subtitle={t('learn.subtitle')}
        breadcrumbs={[{ title: t('developer'), to: paths.developer() }, { title: t('learn.title') }]}
      />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <Card className="cr-card" title={<h2 className="cr-learn__card-title">{t('learn.introTitle')}</h2>}>
            <Typography.Paragraph>{t('learn.intro')}</Typography.Paragraph>
            <h3 className="cr-learn__subtitle">{t('learn.stackTitle')}</h3>
            <Bullets items={list('learn.stack')} />
          </Card>
          <Card
            className="cr-card"
            title={<h2 className="cr-learn__card-title">{t('learn.fundTitle')}</h2>}
            style={{ marginTop: 16 }}
          >
            <Typography.Paragraph>{t('learn.fund')}</Typography.Paragraph>
            <Link to={paths.suggestions()}>
              <Button type="primary">{t('learn.fundLink')}</Button>
            </Link>
          </Card>
        </Col>
        <Col xs={24} lg={10}>
          <Card className="cr-card" title={<h2 className="cr-learn__card-title">{t('learn.workTitle')}</h2>}>
            <Bullets items={list('learn.work')} />
            <Space wrap>
              <Link to={paths.developerTasks()}>{t('learn.tasksLink')}</Link>
              <Link to={paths.developerProjects()}>{t('learn.projectsLink')}</Link>
              <Link to={paths.developerTeams()}>{t('learn.teamsLink')}</Link>
              <Link to={paths.developerMembers()}>{t('learn.membersLink')}</Link>
            </Space>
          </Card>
          <Card
            className="cr-card"
            title={<h2 className="cr-learn__card-title">{t('learn.resourcesTitle')}</h2>}
            style={{ marginTop: 16 }}
          >
            <ul>
              {EXTERNAL.map((r) => (
                <li key={r.key}>
                  <a href={r.href} target="_blank" rel="noopener noreferrer">
                    {t(`learn.${r.key}`)}
                  </a>
                </li>
              ))}
              <li>
                <Link to={paths.whitepaper()}>{t('learn.whitepaper')}</Link>
              </li>
            </ul>
          </Card>
        </Col>
      </Row>
    </div>
  );
}
