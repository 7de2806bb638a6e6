import { Alert, Button, Card, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { InboxItem } from '@cr/contract/inbox.contract';
import { BlockEta } from '../../../components/block-eta/block-eta';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { PageLoading } from '../../../components/page-loading';
import { ProfileLayout } from '../../../components/profile-area-layout';
import { formatDateTime } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { inboxApi } from '../api/inbox-api';
import { refreshInbox, useInboxStore } from '../lib/use-inbox';
import '../inbox.css';

/** Where the member acts on an item: the vote panel, the proposal's tracking or payments, the comments. */
function target(item: InboxItem): string {
  if (item.link) return item.link;
  const ref = item.subject.number ?? item.subject.id;
  if (item.subject.type === 'suggestion') return paths.suggestion(ref, { comments: true });
  if (item.kind === 'vote') return paths.proposal(ref, { vote: true });
  return paths.proposal(ref);
}

async function markRead(keys: string[] | 'all') {
  const inbox = await inboxApi.markRead(keys === 'all' ? { all: true } : { keys });
  useInboxStore.getState().set(inbox);
}

function Item({ item }: { item: InboxItem }) {
  const { t } = useTranslation('inbox');
  const subject = t(item.subject.type, {
    number: item.subject.number ?? '?',
    title: item.subject.title,
  });
  const kind = t(`kinds.${item.kind}`, { actor: item.actor ?? '' });
  return (
    <li
      className={`cr-inbox__item${item.read ? '' : ' cr-inbox__item--unread'}`}
      data-testid="inbox-item"
      data-kind={item.kind}
      data-key={item.key}
      data-read={item.read}
    >
      <div className="cr-inbox__body">
        <h3 className="cr-inbox__kind">
          {!item.read && (
            <Tag color="blue" className="cr-inbox__unread">
              {t('unread')}
            </Tag>
          )}{' '}
          {kind}
        </h3>
        <span className="cr-inbox__subject">{subject}</span>
        <div className="cr-inbox__meta">
          <time dateTime={item.at}>{formatDateTime(item.at)}</time>
          {item.stage !== null && <span>{t('stage', { stage: item.stage })}</span>}
          {item.endHeight !== null && <BlockEta endHeight={item.endHeight} label={t('votingEnds')} compact />}
        </div>
        {item.excerpt && <p className="cr-inbox__excerpt">{item.excerpt}</p>}
      </div>
      <div className="cr-inbox__actions">
        <Link to={target(item)} onClick={() => void markRead([item.key]).catch(() => undefined)}>
          <Button type="primary" tabIndex={-1} data-testid="inbox-act">
            {t(`actions.${item.kind}`)}
          </Button>
        </Link>
        {!item.read && (
          <Button onClick={() => void markRead([item.key])} data-testid="inbox-mark-read">
            {t('markRead')}
          </Button>
        )}
      </div>
    </li>
  );
}

function Group({ title, items }: { title: string; items: InboxItem[] }) {
  if (items.length === 0) return null;
  return (
    <section className="cr-inbox__group" aria-label={title}>
      <h2 className="cr-section-title">{title}</h2>
      <ul className="cr-inbox__list">
        {items.map((i) => (
          <Item key={i.key} item={i} />
        ))}
      </ul>
    </section>
  );
}

/**
 * /profile/inbox: what needs the member now (votes, reviews, fixes, withdrawals) and updates on their suggestions,
 * live (the header keeps the store current). Needs leave when done; updates leave once read.
 */
export function InboxPage() {
  const { t } = useTranslation('inbox');
  const inbox = useInboxStore((s) => s.inbox);
  const failed = useInboxStore((s) => s.failed);
  const items = inbox?.items ?? [];
  return (
    <>
      <PageHeader
        title={t('title')}
        subtitle={t('lead')}
        breadcrumbs={[
          { title: t('translation:profile.nav'), to: paths.profileInfo() },
          { title: t('title') },
        ]}
      />
      <ProfileLayout>
        <Card className="cr-card" data-testid="inbox">
          {!inbox && failed ? (
            <Alert
              type="error"
              showIcon
              title={t('failed')}
              action={<Button onClick={() => void refreshInbox()}>{t('retry')}</Button>}
            />
          ) : !inbox ? (
            <PageLoading shape="list" />
          ) : items.length === 0 ? (
            <EmptyState description={t('empty')}>
              <p>{t('emptyHint')}</p>
            </EmptyState>
          ) : (
            <>
              <div className="cr-inbox__toolbar" aria-live="polite">
                <span data-testid="inbox-unread">{t('badge', { count: inbox.unread })}</span>
                <Button
                  onClick={() => void markRead('all')}
                  disabled={inbox.unread === 0}
                  data-testid="inbox-mark-all"
                >
                  {t('markAll')}
                </Button>
              </div>
              <Group title={t('needs')} items={items.filter((i) => i.need)} />
              <Group title={t('updates')} items={items.filter((i) => !i.need)} />
            </>
          )}
        </Card>
      </ProfileLayout>
    </>
  );
}
