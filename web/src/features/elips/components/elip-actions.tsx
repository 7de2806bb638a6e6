import { useState } from 'react';
import { Button, Form, Input, Modal, Popconfirm, Radio, Space } from 'antd';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { ELIP_VOTE_VALUES, type ElipDetail, type ElipMove } from '@cr/contract/elip.contract';
import { WalletRequestDialog } from '../../../components/wallet-request/wallet-request-dialog';
import { errorText } from '../../../lib/api-messages';
import { paths } from '../../../lib/paths';
import { elipApi } from '../api/elip-api';
import { useFeedback } from '../../../lib/use-feedback';

const MOVE_SUCCESS: Record<ElipMove, string> = {
  submit: 'success.submitted',
  finalReview: 'success.marked',
  cancel: 'success.marked',
  personalDraft: 'success.marked',
};
const MOVE_CONFIRM: Record<ElipMove, string> = {
  submit: 'actions.confirmSubmit',
  finalReview: 'actions.confirmFinalReview',
  cancel: 'actions.confirmCancel',
  personalDraft: 'actions.personalDraft',
};

/** A button that asks first (spec: confirmation before submit, approve, abstain, submit as proposal, delete). */
function Confirmed({
  title,
  label,
  onConfirm,
  danger,
  primary,
  testId,
}: {
  title: string;
  label: string;
  onConfirm: () => Promise<void>;
  danger?: boolean;
  primary?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('elips');
  const [busy, setBusy] = useState(false);
  return (
    <Popconfirm
      title={title}
      okText={t('actions.confirm')}
      cancelText={t('actions.no')}
      onConfirm={async () => {
        setBusy(true);
        try {
          await onConfirm();
        } finally {
          setBusy(false);
        }
      }}
    >
      <Button danger={danger} type={primary ? 'primary' : 'default'} loading={busy} data-testid={testId}>
        {label}
      </Button>
    </Popconfirm>
  );
}

/** The secretariat's rejection: a comment is required. */
function RejectButton({ elip, onChange }: { elip: ElipDetail; onChange: (e: ElipDetail) => void }) {
  const { t } = useTranslation('elips');
  const { message } = useFeedback();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ comment: string }>();
  const submit = async ({ comment }: { comment: string }) => {
    setBusy(true);
    try {
      onChange(await elipApi.review(elip._id, { decision: 'REJECTED', comment }));
      void message.success(t('success.rejected'));
      setOpen(false);
    } catch (err) {
      void message.error(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button danger onClick={() => setOpen(true)} data-testid="elip-reject">
        {t('actions.reject')}
      </Button>
      <Modal
        open={open}
        title={t('actions.rejectTitle')}
        onCancel={() => setOpen(false)}
        okText={t('actions.reject')}
        okButtonProps={{ danger: true, loading: busy, htmlType: 'submit' }}
        cancelText={t('actions.no')}
        destroyOnHidden
        modalRender={(node) => (
          <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} clearOnDestroy>
            {node}
          </Form>
        )}
      >
        <Form.Item
          name="comment"
          label={t('actions.rejectReason')}
          rules={[{ required: true, whitespace: true, message: t('messages.elip.comment_required') }]}
        >
          <Input.TextArea autoSize={{ minRows: 3 }} maxLength={5000} data-testid="elip-reject-comment" />
        </Form.Item>
      </Modal>
    </>
  );
}

/** A council member's vote: choose, give the reason, then sign it in the DID wallet (wallet action vote-elip). */
function VoteButton({ elip, onVoted }: { elip: ElipDetail; onVoted: () => void }) {
  const { t } = useTranslation('elips');
  const { message, modal } = useFeedback();
  const [open, setOpen] = useState(false);
  const [signing, setSigning] = useState<{ value: (typeof ELIP_VOTE_VALUES)[number]; reason: string } | null>(
    null,
  );
  const [form] = Form.useForm<{ value: (typeof ELIP_VOTE_VALUES)[number]; reason: string }>();
  const sign = (v: { value: (typeof ELIP_VOTE_VALUES)[number]; reason: string }) => {
    const go = () => {
      setOpen(false);
      setSigning({ value: v.value, reason: v.reason.trim() });
    };
    if (v.value === 'ABSTAIN')
      modal.confirm({
        title: t('actions.confirmAbstain'),
        okText: t('actions.confirm'),
        cancelText: t('actions.no'),
        onOk: go,
      });
    else go();
  };
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)} data-testid="elip-vote">
        {t('actions.vote')}
      </Button>
      <Modal
        open={open}
        title={t('actions.voteTitle', { number: elip.number })}
        onCancel={() => setOpen(false)}
        okText={t('actions.voteSign')}
        okButtonProps={{ htmlType: 'submit' }}
        cancelText={t('actions.no')}
        destroyOnHidden
        modalRender={(node) => (
          <Form form={form} layout="vertical" onFinish={sign} initialValues={{ value: 'YES' }} clearOnDestroy>
            {node}
          </Form>
        )}
      >
        <Form.Item name="value" label={t('actions.voteValue')}>
          <Radio.Group
            optionType="button"
            options={ELIP_VOTE_VALUES.map((v) => ({ value: v, label: t(`voteValues.${v}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="reason"
          label={t('actions.voteReason')}
          rules={[{ required: true, whitespace: true, message: t('messages.elip.reason_required') }]}
        >
          <Input.TextArea autoSize={{ minRows: 3 }} maxLength={2000} data-testid="elip-vote-reason" />
        </Form.Item>
      </Modal>
      {signing && (
        <WalletRequestDialog
          open
          request={{ action: 'vote-elip', params: { elipId: elip._id, ...signing } }}
          onClose={() => setSigning(null)}
          onSigned={() => {
            setSigning(null);
            void message.success(t('success.voted'));
            onVoted();
          }}
        />
      )}
    </>
  );
}

/** Everything the caller may do with this ELIP now (as the server said in `can`; it checks again). */
export function ElipActions({
  elip,
  onChange,
  reload,
}: {
  elip: ElipDetail;
  onChange: (e: ElipDetail) => void;
  reload: () => void;
}) {
  const { t } = useTranslation('elips');
  const { message } = useFeedback();
  const navigate = useNavigate();
  const attempt = async (work: () => Promise<void>) => {
    try {
      await work();
    } catch (err) {
      void message.error(errorText(t, err));
    }
  };
  const move = (m: ElipMove) =>
    attempt(async () => {
      onChange(await elipApi.move(elip._id, m));
      void message.success(t(MOVE_SUCCESS[m]));
    });
  const { can } = elip;
  const any = can.edit || can.delete || can.review || can.vote || can.propose || can.moves.length > 0;
  if (!any) return null;
  return (
    <Space wrap className="cr-elip-actions" data-testid="elip-actions">
      {can.edit && (
        <Button onClick={() => void navigate(paths.elipEdit(elip.number))} data-testid="elip-edit">
          {t('actions.edit')}
        </Button>
      )}
      {can.moves.map((m) =>
        m === 'personalDraft' ? (
          <Button key={m} onClick={() => void move(m)}>
            {t('actions.personalDraft')}
          </Button>
        ) : (
          <Confirmed
            key={m}
            title={t(MOVE_CONFIRM[m])}
            label={t(`actions.${m}`)}
            danger={m === 'cancel'}
            primary={m === 'submit'}
            onConfirm={() => move(m)}
            testId={`elip-move-${m}`}
          />
        ),
      )}
      {can.review && (
        <>
          <Confirmed
            title={t('actions.confirmApprove')}
            label={t('actions.approve')}
            primary
            testId="elip-approve"
            onConfirm={() =>
              attempt(async () => {
                onChange(await elipApi.review(elip._id, { decision: 'APPROVED' }));
                void message.success(t('success.approved'));
              })
            }
          />
          <RejectButton elip={elip} onChange={onChange} />
        </>
      )}
      {can.vote && <VoteButton elip={elip} onVoted={reload} />}
      {can.propose && (
        <Confirmed
          title={t('actions.confirmSubmitAsProposal')}
          label={t('actions.submitAsProposal')}
          primary
          testId="elip-propose"
          onConfirm={() =>
            attempt(async () => {
              const { proposalId } = await elipApi.propose(elip._id);
              void message.success(t('success.proposal'));
              void navigate(paths.proposal(proposalId));
            })
          }
        />
      )}
      {can.delete && (
        <Confirmed
          title={t('actions.confirmDelete')}
          label={t('actions.delete')}
          danger
          testId="elip-delete"
          onConfirm={() =>
            attempt(async () => {
              await elipApi.remove(elip._id);
              void message.success(t('success.deleted'));
              void navigate(paths.elips());
            })
          }
        />
      )}
    </Space>
  );
}
