import { useState } from 'react';
import { Button, Input, Popconfirm, Space, Tag } from 'antd';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import type { TrackingEntry, TrackingStatus } from '@cr/contract/proposal-tracking.contract';
import { REVIEW_COMMENT_MAX } from '@cr/contract/proposal-tracking.contract';
import { formatDateTime } from '../../../lib/dates';
import { paths } from '../../../lib/paths';
import { RichText } from './proposal-content';
import { TrackingEditor } from './tracking-editor';

const STATUS_COLOR: Record<TrackingStatus, string> = {
  DRAFT: 'default',
  REVIEWING: 'processing',
  PUBLISHED: 'success',
  REJECT: 'error',
};

/** A tracking entry's status as the spec names it (PUBLISHED reads "Approved"). */
export function TrackingStatusTag({ status }: { status: TrackingStatus }) {
  const { t } = useTranslation('proposals');
  return (
    <Tag color={STATUS_COLOR[status]} data-testid="tracking-status" data-status={status}>
      {t(`tracking.status.${status}`)}
    </Tag>
  );
}

export interface EntryActions {
  /** The owner may edit and submit (the proposal is ACTIVE). */
  canWrite: boolean;
  /** The secretary general may review. */
  canReview: boolean;
  busy: boolean;
  onSave(entry: TrackingEntry, content: string, submit: boolean): Promise<boolean>;
  onSubmit(entry: TrackingEntry): Promise<void>;
  onReview(entry: TrackingEntry, decision: 'approve' | 'reject', comment: string): Promise<boolean>;
}

/** One tracking message or the summary: text, status, the secretary general's comment, and what the viewer may do. */
export function TrackingEntryCard({ entry, actions }: { entry: TrackingEntry; actions: EntryActions }) {
  const { t } = useTranslation('proposals');
  const [editing, setEditing] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [comment, setComment] = useState('');
  const editable = actions.canWrite && (entry.status === 'DRAFT' || entry.status === 'REJECT');
  const reviewable = actions.canReview && entry.status === 'REVIEWING';

  return (
    <article className="pr-track" data-testid="tracking-entry" data-status={entry.status} data-id={entry._id}>
      <header className="pr-track__head">
        <TrackingStatusTag status={entry.status} />
        {entry.author && <Link to={paths.member(entry.author._id)}>{entry.author.name}</Link>}
        <span className="pr-muted">{formatDateTime(entry.submittedAt ?? entry.createdAt)}</span>
        {entry.status === 'PUBLISHED' && (
          // Said plainly rather than a badge: no tracking text is recorded on chain; an approved summary is, by
          // its hash, only once the proposal is concluded (the conclusion's badge checks it).
          <span className="pr-muted pr-track__chain" data-testid="tracking-off-chain">
            {t(entry.kind === 'SUMMARY' ? 'proof.summaryOffChain' : 'proof.offChain')}
          </span>
        )}
      </header>
      {editing ? (
        <TrackingEditor
          initial={entry.content}
          busy={actions.busy}
          onCancel={() => setEditing(false)}
          onSave={async (content, submit) => {
            if (await actions.onSave(entry, content, submit)) setEditing(false);
          }}
        />
      ) : (
        <RichText text={entry.content} />
      )}
      {entry.review && entry.status === 'REJECT' && (
        <div className="pr-track__review" data-testid="tracking-review">
          <strong>{t('tracking.rejectedBy', { name: entry.review.reviewer?.name ?? '' })}</strong>
          <p>{entry.review.comment}</p>
        </div>
      )}
      {!editing && editable && (
        <Space wrap className="pr-track__actions">
          <Button data-testid="tracking-edit" onClick={() => setEditing(true)}>
            {t('tracking.edit')}
          </Button>
          <Popconfirm
            title={t('tracking.confirmSubmit')}
            okText={t('tracking.submit')}
            cancelText={t('tracking.cancel')}
            okButtonProps={{ 'data-testid': 'tracking-submit-confirm' }}
            onConfirm={() => actions.onSubmit(entry)}
          >
            <Button type="primary" data-testid="tracking-submit" loading={actions.busy}>
              {t('tracking.submit')}
            </Button>
          </Popconfirm>
        </Space>
      )}
      {reviewable && !rejecting && (
        <Space wrap className="pr-track__actions">
          <Popconfirm
            title={t('tracking.confirmApprove')}
            okText={t('tracking.approve')}
            cancelText={t('tracking.cancel')}
            okButtonProps={{ 'data-testid': 'tracking-approve-confirm' }}
            onConfirm={() => actions.onReview(entry, 'approve', '')}
          >
            <Button type="primary" data-testid="tracking-approve" loading={actions.busy}>
              {t('tracking.approve')}
            </Button>
          </Popconfirm>
          <Button danger data-testid="tracking-reject" onClick={() => setRejecting(true)}>
            {t('tracking.reject')}
          </Button>
        </Space>
      )}
      {reviewable && rejecting && (
        <div className="pr-track__reject">
          <label htmlFor={`reject-${entry._id}`}>{t('tracking.rejectReason')}</label>
          <Input.TextArea
            id={`reject-${entry._id}`}
            data-testid="tracking-reject-comment"
            rows={3}
            maxLength={REVIEW_COMMENT_MAX}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
          />
          <Space wrap>
            <Popconfirm
              title={t('tracking.confirmReject')}
              okText={t('tracking.reject')}
              cancelText={t('tracking.cancel')}
              okButtonProps={{ danger: true, 'data-testid': 'tracking-reject-confirm' }}
              disabled={!comment.trim()}
              onConfirm={async () => {
                if (await actions.onReview(entry, 'reject', comment.trim())) {
                  setRejecting(false);
                  setComment('');
                }
              }}
            >
              <Button danger type="primary" data-testid="tracking-reject-send" disabled={!comment.trim()}>
                {t('tracking.reject')}
              </Button>
            </Popconfirm>
            <Button onClick={() => setRejecting(false)}>{t('tracking.cancel')}</Button>
          </Space>
        </div>
      )}
    </article>
  );
}
