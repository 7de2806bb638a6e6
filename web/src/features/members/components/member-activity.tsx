import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, Card, List, Skeleton, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { memberActivitySchema, type MemberActivity } from '@cr/contract/member-activity.contract';
import { api } from '../../../lib/api-client';
import { formatDate } from '../../../lib/dates';
import { paths } from '../../../lib/paths';

function Section<T>({
  title,
  items,
  empty,
  render,
  testId,
}: {
  title: string;
  items: T[];
  empty: string;
  render(item: T): ReactNode;
  testId: string;
}) {
  return (
    <Card
      className="cr-card member-activity__card"
      title={<h2 className="member-activity__title">{title}</h2>}
    >
      <List
        data-testid={testId}
        size="small"
        dataSource={items}
        locale={{ emptyText: empty }}
        renderItem={(item) => <List.Item>{render(item)}</List.Item>}
      />
    </Card>
  );
}

/** The member page's public activity: suggestions, proposals, council votes and communities. */
export function MemberActivityPanel({ userId }: { userId: string }) {
  const { t } = useTranslation('members');
  const { t: tp } = useTranslation('proposals');
  const [data, setData] = useState<MemberActivity | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(
    async (signal?: AbortSignal) => {
      setFailed(false);
      try {
        setData(
          await api.get(`/api/member/${encodeURIComponent(userId)}/activity`, undefined, {
            schema: memberActivitySchema,
            signal,
          }),
        );
      } catch {
        if (!signal?.aborted) setFailed(true);
      }
    },
    [userId],
  );
  useEffect(() => {
    const ctrl = new AbortController();
    void load(ctrl.signal);
    return () => ctrl.abort();
  }, [load]);

  if (failed)
    return (
      <Alert
        type="error"
        showIcon
        title={t('activity.loadFailed')}
        action={<Button onClick={() => void load()}>{t('retry')}</Button>}
        style={{ marginTop: 16 }}
      />
    );
  if (!data)
    return (
      <Card
        className="cr-card"
        role="status"
        aria-busy="true"
        aria-label={t('activity.loading')}
        style={{ marginTop: 16 }}
      >
        <Skeleton active paragraph={{ rows: 4 }} />
      </Card>
    );
  return (
    <section className="member-activity" aria-label={t('activity.title')}>
      <Section
        title={t('activity.suggestions')}
        items={data.suggestions}
        empty={t('activity.noSuggestions')}
        testId="member-suggestions"
        render={(s) => (
          <span className="member-activity__row">
            <Link to={paths.suggestion(s._id)}>
              #{s.number} {s.title}
            </Link>
            <Typography.Text type="secondary">
              {s.signed ? <Tag color="success">{t('activity.signed')}</Tag> : null}
              {formatDate(s.createdAt)}
            </Typography.Text>
          </span>
        )}
      />
      <Section
        title={t('activity.proposals')}
        items={data.proposals}
        empty={t('activity.noProposals')}
        testId="member-proposals"
        render={(p) => (
          <span className="member-activity__row">
            <Link to={paths.proposal(p.number)}>
              #{p.number} {p.title}
            </Link>
            <Tag>{tp(`status.${p.status}`)}</Tag>
          </span>
        )}
      />
      {data.votes.length > 0 && (
        <Section
          title={t('activity.votes')}
          items={data.votes}
          empty=""
          testId="member-votes"
          render={(v) => (
            <span className="member-activity__row">
              <Link to={paths.proposal(v.proposalNumber)}>
                #{v.proposalNumber} {v.title}
              </Link>
              <Typography.Text type="secondary">
                <Tag color={v.choice === 'yes' ? 'success' : v.choice === 'oppose' ? 'error' : 'default'}>
                  {tp(`votes.choice.${v.choice}`)}
                </Tag>
                {formatDate(v.votedAt)}
              </Typography.Text>
            </span>
          )}
        />
      )}
      <Section
        title={t('activity.communities')}
        items={data.communities}
        empty={t('activity.noCommunities')}
        testId="member-communities"
        render={(c) => (
          <span className="member-activity__row">
            <Link to={`${paths.communities()}?country=${encodeURIComponent(c.country)}`}>{c.name}</Link>
            {c.role === 'ORGANIZER' && <Tag color="processing">{t('activity.organizer')}</Tag>}
          </span>
        )}
      />
    </section>
  );
}
