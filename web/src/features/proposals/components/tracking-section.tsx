import { useState } from 'react';
import { Button, Skeleton, Tabs } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TrackingEntry, TrackingList } from '@cr/contract/proposal-tracking.contract';
import { EmptyState } from '../../../components/empty-state';
import { trackingApi } from '../api/tracking-api';
import { useProposalErrorText } from '../model/error-text';
import { TrackingEntryCard, TrackingStatusTag, type EntryActions } from './tracking-entry';
import { TrackingEditor } from './tracking-editor';
import { useFeedback } from '../../../lib/use-feedback';

/**
 * The "Tracking" and "Summary" tabs of a proposal: the owner writes and submits, the secretary general approves
 * or rejects with a comment; the public sees what was approved. Every change arrives live (the room's
 * `proposal:tracking`); `reload` is also called after the viewer's own change.
 */
export function TrackingSection({
  proposalId,
  list,
  reload,
}: {
  proposalId: string;
  list: TrackingList | null;
  reload(): Promise<void>;
}) {
  const { t } = useTranslation('proposals');
  const { message } = useFeedback();
  const errorText = useProposalErrorText();
  const [busy, setBusy] = useState(false);
  const [adding, setAdding] = useState<'TRACKING' | 'SUMMARY' | null>(null);

  async function run(
    work: () => Promise<{ entry: TrackingEntry; mailFailed: boolean }>,
    done: (e: TrackingEntry) => string,
  ): Promise<boolean> {
    setBusy(true);
    try {
      const r = await work();
      void message.success(done(r.entry));
      if (r.mailFailed) void message.warning(t('tracking.mailFailed'));
      await reload();
      return true;
    } catch (err) {
      void message.error(errorText(err));
      return false;
    } finally {
      setBusy(false);
    }
  }
  const savedText = (e: TrackingEntry) =>
    e.status === 'REVIEWING' ? t('tracking.submitted') : t('tracking.saved');

  if (!list)
    return (
      <div data-testid="tracking-loading">
        <Skeleton active paragraph={{ rows: 3 }} />
      </div>
    );

  const actions: EntryActions = {
    canWrite: list.my.canWrite,
    canReview: list.my.canReview,
    busy,
    onSave: (e, content, submit) =>
      run(() => trackingApi.update(proposalId, e._id, content, submit), savedText),
    onSubmit: async (e) => {
      await run(
        () => trackingApi.submit(proposalId, e._id),
        () => t('tracking.submitted'),
      );
    },
    onReview: (e, decision, comment) =>
      run(
        () => trackingApi.review(proposalId, e._id, decision, comment),
        () => (decision === 'approve' ? t('tracking.approvedMsg') : t('tracking.rejectedMsg')),
      ),
  };
  const create = (kind: 'TRACKING' | 'SUMMARY') => async (content: string, submit: boolean) => {
    if (await run(() => trackingApi.create(proposalId, kind, content, submit), savedText)) setAdding(null);
  };
  const full = list.count >= list.limit;
  const messages = [...list.messages].reverse();

  const trackingTab = (
    <div data-testid="tracking-list">
      {list.my.canWrite && adding !== 'TRACKING' && (
        <div className="pr-track__add">
          <Button
            icon={<PlusOutlined />}
            data-testid="tracking-add"
            disabled={full}
            onClick={() => setAdding('TRACKING')}
          >
            {t('tracking.add')}
          </Button>
          <span className="pr-muted">{t('tracking.count', { count: list.count, limit: list.limit })}</span>
        </div>
      )}
      {adding === 'TRACKING' && (
        <TrackingEditor busy={busy} onSave={create('TRACKING')} onCancel={() => setAdding(null)} />
      )}
      {messages.length === 0 ? (
        <EmptyState description={list.my.seesAll ? t('tracking.emptyOwn') : t('tracking.empty')} />
      ) : (
        messages.map((m) => <TrackingEntryCard key={m._id} entry={m} actions={actions} />)
      )}
    </div>
  );
  const summaryTab = (
    <div data-testid="summary-panel">
      {list.summary ? (
        <TrackingEntryCard entry={list.summary} actions={actions} />
      ) : adding === 'SUMMARY' ? (
        <TrackingEditor busy={busy} onSave={create('SUMMARY')} onCancel={() => setAdding(null)} />
      ) : (
        <EmptyState description={t('tracking.noSummary')}>
          {list.my.canWrite && (
            <Button icon={<PlusOutlined />} data-testid="summary-add" onClick={() => setAdding('SUMMARY')}>
              {t('tracking.addSummary')}
            </Button>
          )}
        </EmptyState>
      )}
    </div>
  );

  return (
    <Tabs
      className="pr-tracking"
      items={[
        {
          key: 'tracking',
          label: <span data-testid="tab-tracking">{t('tracking.tab', { count: list.messages.length })}</span>,
          children: trackingTab,
        },
        {
          key: 'summary',
          label: (
            <span data-testid="tab-summary" className="pr-tracking__tab">
              {t('tracking.summaryTab')}
              {list.summary && <TrackingStatusTag status={list.summary.status} />}
            </span>
          ),
          children: summaryTab,
        },
      ]}
    />
  );
}
