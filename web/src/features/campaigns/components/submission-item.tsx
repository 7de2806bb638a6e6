import { useState } from 'react';
import { Button, Input, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Submission, SubmissionDecisionInput } from '@cr/contract/submission.contract';
import { errorText } from '../../../lib/api-messages';
import { formatDateTime } from '../../../lib/dates';
import { submissionApi } from '../api/submission-api';
import { useFeedback } from '../../../lib/use-feedback';

const STATUS_COLOR = { PENDING: 'blue', APPROVED: 'green', REJECTED: 'red', ARCHIVED: 'default' } as const;
/** Form answers shown as their own list (the title and description are shown above). */
const HIDDEN_FIELDS = new Set(['title', 'description', 'communityId']);
/** Answers that are choices, shown by their label. */
const CHOICE_FIELDS: Record<string, string> = {
  contributionCategory: 'categories',
  attendance: 'attendance',
};

/** The admin's answer: a status and a note; approving an organizer application makes them its organizer. */
function DecisionControls({
  submission,
  onChange,
}: {
  submission: Submission;
  onChange: (s: Submission) => void;
}) {
  const { t } = useTranslation('campaigns');
  const { message } = useFeedback();
  const [status, setStatus] = useState<SubmissionDecisionInput['status']>(
    submission.status === 'PENDING' ? 'APPROVED' : 'ARCHIVED',
  );
  const [answer, setAnswer] = useState(submission.answer);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      onChange(await submissionApi.decide(submission._id, { status, answer }));
      void message.success(t('answered'));
    } catch (err) {
      void message.error(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="cr-submission__admin" data-testid="submission-decision">
      <Select
        aria-label={t('status')}
        value={status}
        onChange={setStatus}
        style={{ width: 160 }}
        options={(['APPROVED', 'REJECTED', 'ARCHIVED', 'PENDING'] as const).map((s) => ({
          value: s,
          label: t(`statuses.${s}`),
        }))}
      />
      <Input
        aria-label={t('answer')}
        placeholder={t('answer')}
        value={answer}
        maxLength={2000}
        onChange={(e) => setAnswer(e.target.value)}
        style={{ flex: '1 1 200px' }}
      />
      <Button type="primary" loading={busy} onClick={() => void save()} data-testid="submission-save">
        {t('saveAnswer')}
      </Button>
    </div>
  );
}

/** One issue or form: what was sent, when, the admin's status and answer; admins may answer it. */
export function SubmissionItem({ submission, admin = false }: { submission: Submission; admin?: boolean }) {
  const { t } = useTranslation('campaigns');
  const [s, setS] = useState(submission);
  const fields = Object.entries(s.fields).filter(([k, v]) => !HIDDEN_FIELDS.has(k) && v !== '' && v !== null);
  return (
    <li className="cr-submission" data-testid="submission" data-type={s.type}>
      <div className="cr-submission__head">
        <span className="cr-submission__title">{s.title}</span>
        <Tag>{s.campaign ? t(`campaignNames.${s.campaign}`) : t(`types.${s.type}`)}</Tag>
        <Tag color={STATUS_COLOR[s.status]} data-testid="submission-status">
          {t(`statuses.${s.status}`)}
        </Tag>
        <span className="cr-submission__meta">
          {admin && `${s.author.name} (@${s.author.username}) · `}
          {formatDateTime(s.createdAt)}
        </span>
      </div>
      {s.description && <div className="cr-submission__body">{s.description}</div>}
      {s.communityName && (
        <div className="cr-submission__meta" data-testid="submission-community">
          {t('fields.community')}: {s.communityName}
        </div>
      )}
      {fields.length > 0 && (
        <dl className="cr-submission__fields">
          {fields.map(([k, v]) => (
            <div key={k} style={{ display: 'contents' }}>
              <dt>{t(`fields.${k}`, { defaultValue: k })}</dt>
              <dd>{CHOICE_FIELDS[k] ? t(`${CHOICE_FIELDS[k]}.${String(v)}`) : String(v)}</dd>
            </div>
          ))}
        </dl>
      )}
      {s.attachment && (
        <a href={s.attachment} target="_blank" rel="noreferrer">
          {t('attachment')}
        </a>
      )}
      {s.answer && (
        <div className="cr-submission__answer" data-testid="submission-answer">
          <strong>{t('answer')}:</strong> {s.answer}
        </div>
      )}
      {admin && <DecisionControls submission={s} onChange={setS} />}
    </li>
  );
}
