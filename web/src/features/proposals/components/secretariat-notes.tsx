import { useState } from 'react';
import { Button, Collapse, Input, Skeleton, Space } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { NOTES_MAX, type ProposalNotes } from '@cr/contract/proposal-tracking.contract';
import { EmptyState } from '../../../components/empty-state';
import { formatDateTime } from '../../../lib/dates';
import { trackingApi } from '../api/tracking-api';
import { useProposalErrorText } from '../model/error-text';
import { RichText } from './proposal-content';
import { useFeedback } from '../../../lib/use-feedback';

/** The secretariat notes: the current text for everyone, each earlier version below; the secretary general edits. */
export function SecretariatNotes({
  proposalId,
  notes,
  onSaved,
}: {
  proposalId: string;
  notes: ProposalNotes | null;
  onSaved(n: ProposalNotes): void;
}) {
  const { t } = useTranslation('proposals');
  const { message } = useFeedback();
  const errorText = useProposalErrorText();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  if (!notes) return <Skeleton active paragraph={{ rows: 2 }} />;

  const save = async () => {
    setBusy(true);
    try {
      onSaved(await trackingApi.saveNotes(proposalId, text.trim()));
      setEditing(false);
      void message.success(t('notes.saved'));
    } catch (err) {
      void message.error(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  const byline = (v: NonNullable<ProposalNotes['current']>) =>
    t('notes.byline', { name: v.author?.name ?? '', date: formatDateTime(v.createdAt) });

  return (
    <div data-testid="secretariat-notes">
      {editing ? (
        <div className="pr-notes__edit">
          <Input.TextArea
            data-testid="notes-content"
            aria-label={t('notes.title')}
            rows={6}
            maxLength={NOTES_MAX}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <Space wrap>
            <Button type="primary" data-testid="notes-save" loading={busy} onClick={() => void save()}>
              {t('notes.save')}
            </Button>
            <Button onClick={() => setEditing(false)}>{t('tracking.cancel')}</Button>
          </Space>
        </div>
      ) : notes.current && notes.current.content ? (
        <>
          <RichText text={notes.current.content} />
          <p className="pr-muted">{byline(notes.current)}</p>
        </>
      ) : (
        <EmptyState description={t('notes.empty')} />
      )}
      {notes.my.canEdit && !editing && (
        <Button
          icon={<EditOutlined />}
          data-testid="notes-edit"
          onClick={() => {
            setText(notes.current?.content ?? '');
            setEditing(true);
          }}
        >
          {t('notes.edit')}
        </Button>
      )}
      {notes.history.length > 0 && (
        <Collapse
          ghost
          size="small"
          className="pr-notes__history"
          items={[
            {
              key: 'history',
              label: t('notes.history', { count: notes.history.length }),
              children: notes.history.map((v) => (
                <div key={v._id} className="pr-notes__version" data-testid="notes-version">
                  <p className="pr-muted">{byline(v)}</p>
                  <RichText text={v.content} />
                </div>
              )),
            },
          ]}
        />
      )}
    </div>
  );
}
