import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Alert, Button, Form, Input, Radio, Space } from 'antd';
import { CheckOutlined, CloseOutlined, MinusCircleOutlined, QrcodeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ChainActionView } from '@cr/contract/chain.contract';
import { ChainActionStatus } from '../../../components/chain-status/chain-action-status';
import { ensureProposalWalletTexts } from '../../../components/make-proposal-button';
import { WalletRequestDialog } from '../../../components/wallet-request/wallet-request-dialog';
import {
  VOTE_REASON_MAX,
  type MemberVote,
  type ProposalDetail,
  type VoteChoice,
} from '@cr/contract/proposal.contract';
import { proposalApi } from '../api/proposal-api';
import { WALLET_ACTIONS } from '../model/wallet-actions';
import { useProposalErrorText } from '../model/error-text';
import { useFeedback } from '../../../lib/use-feedback';

ensureProposalWalletTexts();

export interface MyVotePanelProps {
  proposal: ProposalDetail;
  myVote: MemberVote | null;
  /** The vote as saved by the api (before it is posted on chain). */
  onVoted(vote: MemberVote): void;
  /**
   * The vote's wallet request was signed: its result names the chain action the api recorded (null if it does
   * not), which the page shows at once before it reloads.
   */
  onPosted(chainActionId: string | null): void;
  /** The newest view of each of the proposal's chain actions (live), to know when a posted vote failed. */
  actions?: Map<string, ChainActionView>;
  onChainChange?(view: ChainActionView): void;
}

const CHOICES: Array<{ value: VoteChoice; icon: React.ReactNode }> = [
  { value: 'yes', icon: <CheckOutlined /> },
  { value: 'oppose', icon: <CloseOutlined /> },
  { value: 'abstain', icon: <MinusCircleOutlined /> },
];

/**
 * The council member's own vote while the voting window is open: a choice (yes, oppose, abstain), a reason for
 * every choice, saved on the site, then posted on chain through the wallet (action `vote`). It can be changed
 * until the window closes; each change must be posted again.
 */
export function MyVotePanel({
  proposal,
  myVote,
  onVoted,
  onPosted,
  actions,
  onChainChange,
}: MyVotePanelProps) {
  const { t } = useTranslation('proposals');
  const { message } = useFeedback();
  const errorText = useProposalErrorText();
  const [form] = Form.useForm<{ choice: VoteChoice; reason: string }>();
  const [saving, setSaving] = useState(false);
  // Followed from the inbox (#my-vote): the panel is scrolled into view and its heading takes the focus.
  const { hash } = useLocation();
  const sectionRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (hash !== '#my-vote') return;
    sectionRef.current?.scrollIntoView({ block: 'start' });
    sectionRef.current?.querySelector<HTMLElement>('#pr-myvote-title')?.focus({ preventScroll: true });
  }, [hash]);
  const [posting, setPosting] = useState(false);
  const [editing, setEditing] = useState(!myVote?.choice);

  useEffect(() => {
    if (!myVote?.choice) setEditing(true);
  }, [myVote?.choice]);

  const save = async (values: { choice: VoteChoice; reason: string }) => {
    setSaving(true);
    try {
      const { vote } = await proposalApi.vote(proposal._id, values.choice, values.reason.trim());
      onVoted(vote);
      setEditing(false);
      message.success(t('myVote.saved'));
    } catch (err) {
      message.error(errorText(err));
    } finally {
      setSaving(false);
    }
  };

  // A saved vote is posted once its wallet request is signed (a chain action exists); only a failed one is
  // offered again. The live view of the action wins over the page's copy, which a reload refreshes later.
  const actionStatus = myVote?.chainActionId
    ? (actions?.get(myVote.chainActionId)?.status ?? myVote.chainStatus)
    : null;
  const needsPosting = !!myVote?.choice && !myVote.chainActionId;
  const failed = !!myVote?.choice && actionStatus === 'failed';

  return (
    <section
      id="my-vote"
      ref={sectionRef}
      className="pr-myvote"
      aria-labelledby="pr-myvote-title"
      data-testid="my-vote"
    >
      <h3 id="pr-myvote-title" className="pr-section-title" tabIndex={-1}>
        {t('myVote.title')}
      </h3>
      {myVote?.choice && !editing ? (
        <div className="pr-myvote__current">
          <p>
            {t('myVote.current', { choice: t(`votes.choice.${myVote.choice}`) })}{' '}
            <ChainActionStatus
              actionId={myVote.chainActionId}
              initial={myVote.chainActionId ? actions?.get(myVote.chainActionId) : null}
              status={myVote.chainStatus ?? 'unchain'}
              onChange={onChainChange}
            />
          </p>
          <blockquote className="pr-myvote__reason">{myVote.reason}</blockquote>
          {(needsPosting || failed) && (
            <Alert type="warning" showIcon title={t('myVote.postReminder')} className="pr-myvote__alert" />
          )}
          <Space wrap>
            {(needsPosting || failed) && (
              <Button
                type="primary"
                icon={<QrcodeOutlined />}
                onClick={() => setPosting(true)}
                data-testid="post-vote"
              >
                {t('myVote.post')}
              </Button>
            )}
            <Button
              onClick={() => {
                form.setFieldsValue({ choice: myVote.choice ?? undefined, reason: myVote.reason ?? '' });
                setEditing(true);
              }}
              data-testid="change-vote"
            >
              {t('myVote.change')}
            </Button>
          </Space>
        </div>
      ) : (
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) => void save(v)}
          initialValues={{ choice: myVote?.choice ?? undefined, reason: myVote?.reason ?? '' }}
          requiredMark
        >
          <Form.Item
            name="choice"
            label={t('myVote.choice')}
            rules={[{ required: true, message: t('myVote.choiceRequired') }]}
          >
            <Radio.Group optionType="button" buttonStyle="solid" className="pr-myvote__choices">
              {CHOICES.map((c) => (
                <Radio.Button key={c.value} value={c.value} data-testid={`choice-${c.value}`}>
                  {c.icon} {t(`votes.choice.${c.value}`)}
                </Radio.Button>
              ))}
            </Radio.Group>
          </Form.Item>
          <Form.Item
            name="reason"
            label={t('myVote.reason')}
            extra={t('myVote.reasonHelp')}
            rules={[
              { required: true, whitespace: true, message: t('myVote.reasonRequired') },
              { max: VOTE_REASON_MAX, message: t('myVote.reasonTooLong') },
            ]}
          >
            <Input.TextArea rows={4} maxLength={VOTE_REASON_MAX} showCount data-testid="vote-reason" />
          </Form.Item>
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={saving} data-testid="submit-vote">
              {myVote?.choice ? t('myVote.update') : t('myVote.submit')}
            </Button>
            {myVote?.choice && <Button onClick={() => setEditing(false)}>{t('actions.cancel')}</Button>}
          </Space>
        </Form>
      )}
      <WalletRequestDialog
        open={posting}
        request={{ action: WALLET_ACTIONS.vote, params: { proposalId: proposal._id } }}
        title={t('myVote.dialogTitle', { number: proposal.number })}
        description={t('myVote.dialogText')}
        onSigned={(state) => {
          setPosting(false);
          message.success(t('myVote.posted'));
          const actionId = state.result?.chainActionId;
          onPosted(typeof actionId === 'string' ? actionId : null);
        }}
        onClose={() => setPosting(false)}
      />
    </section>
  );
}
