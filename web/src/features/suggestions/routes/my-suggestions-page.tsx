import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Pagination, Popconfirm, Skeleton, Tabs, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { SuggestionList } from '@cr/contract/suggestion.contract';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime } from '../../../lib/dates';
import { suggestionApi } from '../api/suggestion-api';
import { SuggestionRow } from '../components/suggestion-row';
import { useErrorText } from '../model/error-text';
import '../suggestions.css';
import { paths } from '../../../lib/paths';
import { useFeedback } from '../../../lib/use-feedback';

type DraftItem = { _id: string; suggestionId: string | null; title: string | null; updatedAt: string };

/** /profile/suggestion: my posted suggestions (every status) and my drafts, each resumable. */
export function MySuggestionsPage() {
  const { t } = useTranslation('suggestions');
  const { message } = useFeedback();
  const errorText = useErrorText();
  const [page, setPage] = useState(1);
  const [posted, setPosted] = useState<SuggestionList | null>(null);
  const [drafts, setDrafts] = useState<DraftItem[] | null>(null);
  const [error, setError] = useState<unknown>(null);

  const loadDrafts = useCallback(async () => {
    try {
      setDrafts((await suggestionApi.drafts()).list);
    } catch (err) {
      setError(err);
    }
  }, []);
  useEffect(() => {
    void loadDrafts();
  }, [loadDrafts]);
  useEffect(() => {
    suggestionApi
      .list({ filter: 'mine', sortBy: 'newest', page, results: 10 })
      .then(setPosted)
      .catch((err: unknown) => setError(err));
  }, [page]);

  const discard = async (id: string) => {
    try {
      await suggestionApi.deleteDraft(id);
      message.success(t('form.draftDiscarded'));
      await loadDrafts();
    } catch (err) {
      message.error(errorText(err));
    }
  };

  const title = t('mine.title');
  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={[{ title: t('mine.nav'), to: paths.profileInfo() }, { title }]}
        extra={
          <Link to={paths.suggestionCreate()}>
            <Button type="primary" icon={<PlusOutlined />}>
              {t('list.add')}
            </Button>
          </Link>
        }
      />
      <Card className="cr-card">
        {error ? (
          <EmptyState description={errorText(error)} />
        ) : (
          <Tabs
            items={[
              {
                key: 'posted',
                label: `${t('mine.posted')}${posted ? ` (${posted.total}${posted.totalCapped ? '+' : ''})` : ''}`,
                children: !posted ? (
                  <Skeleton active />
                ) : posted.list.length === 0 ? (
                  <EmptyState description={t('mine.noPosted')} />
                ) : (
                  <>
                    <div className="sg-list__rows">
                      {posted.list.map((s) => (
                        <SuggestionRow key={s._id} s={s} />
                      ))}
                    </div>
                    <Pagination
                      className="sg-pagination"
                      current={page}
                      pageSize={10}
                      total={posted.total}
                      onChange={setPage}
                    />
                  </>
                ),
              },
              {
                key: 'drafts',
                label: `${t('mine.drafts')}${drafts ? ` (${drafts.length})` : ''}`,
                children: !drafts ? (
                  <Skeleton active />
                ) : drafts.length === 0 ? (
                  <EmptyState description={t('mine.noDrafts')} />
                ) : (
                  <ul className="sg-drafts" data-testid="draft-list">
                    {drafts.map((d) => {
                      const to = d.suggestionId
                        ? paths.suggestionEdit(d.suggestionId)
                        : paths.suggestionCreate({ draft: d._id });
                      return (
                        <li key={d._id} className="sg-draft" data-testid="draft-row">
                          <div>
                            <Link to={to} className="sg-draft__title">
                              {d.title || t('mine.untitled')}
                            </Link>
                            <div className="sg-muted">
                              {d.suggestionId ? t('mine.editDraft') : t('mine.newDraft')} ·{' '}
                              {t('mine.savedAt', { time: formatDateTime(d.updatedAt) })}
                            </div>
                          </div>
                          <div className="sg-draft__actions">
                            <Link to={to}>
                              <Button size="small" type="primary">
                                {t('mine.resume')}
                              </Button>
                            </Link>
                            <Popconfirm
                              title={t('form.discardDraftConfirm')}
                              okText={t('form.discardDraft')}
                              cancelText={t('actions.keep')}
                              okButtonProps={{ danger: true }}
                              onConfirm={() => void discard(d._id)}
                            >
                              <Button size="small" danger>
                                {t('form.discardDraft')}
                              </Button>
                            </Popconfirm>
                          </div>
                        </li>
                      );
                    })}
                  </ul>
                ),
              },
            ]}
          />
        )}
        <Typography.Paragraph type="secondary" className="sg-save-help">
          {t('mine.help')}
        </Typography.Paragraph>
      </Card>
    </>
  );
}
