import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Card, Popconfirm, Result, Select, Space, Tag, Typography } from 'antd';
import { RollbackOutlined } from '@ant-design/icons';
import { Link, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { PageLoading } from '../../../components/page-loading';
import { formatDateTime } from '../../../lib/dates';
import { suggestionApi, type SuggestionDetail, type SuggestionVersion } from '../api/suggestion-api';
import { authorName } from '../components/status-tags';
import { SuggestionContentView } from '../components/suggestion-content-view';
import { VersionDiff } from '../components/version-diff';
import { useErrorText } from '../model/error-text';
import '../suggestions.css';
import { paths } from '../../../lib/paths';
import { useFeedback } from '../../../lib/use-feedback';

/** /suggestion/history/:id — every version, a readable diff between any two, and revert (author, unsigned). */
export function SuggestionHistoryPage() {
  const { t } = useTranslation('suggestions');
  const { id = '' } = useParams();
  const { message } = useFeedback();
  const errorText = useErrorText();
  const [s, setS] = useState<SuggestionDetail | null>(null);
  const [versions, setVersions] = useState<SuggestionVersion[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);
  const [view, setView] = useState<'diff' | 'content'>('diff');
  const [reverting, setReverting] = useState(false);

  const load = useCallback(async () => {
    try {
      const [detail, list] = await Promise.all([suggestionApi.detail(id), suggestionApi.versions(id)]);
      setS(detail);
      setVersions(list.versions);
      const current = list.current;
      const older = list.versions.find((v) => v.version < current);
      setTo(current);
      setFrom(older?.version ?? current);
    } catch (err) {
      setError(err);
    }
  }, [id]);
  useEffect(() => {
    void load();
  }, [load]);

  const byVersion = useMemo(() => new Map((versions ?? []).map((v) => [v.version, v])), [versions]);
  const title = t('history.title', { number: s?.number ?? id });
  const crumbs = [
    { title: t('list.title'), to: paths.suggestions() },
    { title: `#${s?.number ?? id}`, to: paths.suggestion(s?.number ?? id) },
    { title: t('actions.history') },
  ];
  if (error)
    return (
      <>
        <PageHeader title={title} breadcrumbs={crumbs} />
        <Card className="cr-card">
          <Result
            status="404"
            title={errorText(error)}
            extra={<Link to={paths.suggestions()}>{t('actions.backToList')}</Link>}
          />
        </Card>
      </>
    );
  if (!s || !versions || from === null || to === null) return <PageLoading shape="detail" />;

  const older = byVersion.get(from);
  const newer = byVersion.get(to);
  const label = (v: SuggestionVersion) =>
    `${t('history.version', { version: v.version })}${v.version === s.version ? ` (${t('history.current')})` : ''}`;
  const options = versions.map((v) => ({
    value: v.version,
    label: `${label(v)} · ${formatDateTime(v.createdAt)}`,
  }));

  const revert = async (version: number) => {
    setReverting(true);
    try {
      await suggestionApi.revert(s._id, version);
      message.success(t('history.reverted', { version }));
      await load();
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setReverting(false);
    }
  };

  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={crumbs}
        subtitle={<Link to={paths.suggestion(s.number)}>{s.title}</Link>}
      />
      {s.isAuthor && !s.canEdit && (
        <Typography.Paragraph className="sg-page-alert sg-muted">
          {t(s.signed ? 'history.signedNoRevert' : 'history.noRevert')}
        </Typography.Paragraph>
      )}
      <div className="sg-history">
        <Card className="cr-card sg-history__main">
          <div className="sg-history__compare">
            <label>
              <span>{t('history.compare')}</span>
              <Select
                value={from}
                onChange={setFrom}
                options={options}
                aria-label={t('history.older')}
                id="sg-from-version"
                data-testid="from-version"
                className="sg-version-select"
              />
            </label>
            <label>
              <span>{t('history.with')}</span>
              <Select
                value={to}
                onChange={setTo}
                options={options}
                aria-label={t('history.newer')}
                id="sg-to-version"
                data-testid="to-version"
                className="sg-version-select"
              />
            </label>
            <Button onClick={() => setView(view === 'diff' ? 'content' : 'diff')}>
              {view === 'diff' ? t('history.showVersion', { version: to }) : t('history.showDiff')}
            </Button>
          </div>
          {view === 'diff' && older && newer ? (
            <VersionDiff older={older.content} newer={newer.content} />
          ) : newer ? (
            <SuggestionContentView content={newer.content} />
          ) : null}
        </Card>
        <Card className="cr-card sg-history__aside" title={t('history.versions')}>
          <ul className="sg-versions">
            {versions.map((v) => (
              <li
                key={v.version}
                className={v.version === to ? 'sg-version sg-version--selected' : 'sg-version'}
                data-testid={`version-${v.version}`}
              >
                <Space size={4} wrap>
                  <Button
                    type="link"
                    size="small"
                    className="sg-version__pick"
                    aria-current={v.version === to ? 'true' : undefined}
                    onClick={() => {
                      setTo(v.version);
                      const prev = versions.find((x) => x.version < v.version);
                      setFrom(prev?.version ?? v.version);
                    }}
                  >
                    {label(v)}
                  </Button>
                  {v.revertedFrom && <Tag>{t('history.revertedFrom', { version: v.revertedFrom })}</Tag>}
                </Space>
                <div className="sg-muted">
                  {formatDateTime(v.createdAt)} · {authorName(v.createdBy)}
                </div>
                <code className="sg-code sg-hash-short" title={v.draftHash}>
                  {v.draftHash.slice(0, 16)}…
                </code>
                {s.canEdit && v.version !== s.version && (
                  <Popconfirm
                    title={t('history.revertConfirm', { version: v.version })}
                    description={t('history.revertConfirmText', { next: s.version + 1 })}
                    okText={t('history.revert')}
                    cancelText={t('actions.cancel')}
                    onConfirm={() => void revert(v.version)}
                  >
                    <Button
                      size="small"
                      icon={<RollbackOutlined />}
                      loading={reverting}
                      data-testid={`revert-${v.version}`}
                    >
                      {t('history.revert')}
                    </Button>
                  </Popconfirm>
                )}
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </>
  );
}
