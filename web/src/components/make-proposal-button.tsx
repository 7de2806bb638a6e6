import { useEffect, useState } from 'react';
import { BUDGET_OVER_CAP_MESSAGES, isOverBudgetCap } from '@cr/contract/budget-cap';
import { elaToWei, weiToEla } from '@cr/contract/ela-amount';
import { treasuryOverviewSchema } from '@cr/contract/treasury.contract';
import { api } from '../lib/api-client';
import { Alert, Button, Tooltip } from 'antd';
import { FileDoneOutlined } from '@ant-design/icons';
import i18next from 'i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../lib/auth-store';
import { WalletRequestDialog } from './wallet-request/wallet-request-dialog';
import { ensureWalletRequestLocales, WALLET_NS } from './wallet-request/wallet-request-i18n';
import { paths } from '../lib/paths';
import { useFeedback } from '../lib/use-feedback';

/** Texts of this button, and the refusals of the `make-proposal` wallet action the QR dialog may show. */
const TEXTS = {
  en: {
    button: 'Make into proposal',
    made: 'Made into proposal #{{number}}',
    notSigned: 'The author must sign the suggestion before it can become a proposal.',
    inactive: 'Only an active suggestion can become a proposal.',
    electionRunning: 'During the council election, council members cannot raise new proposals.',
    didFirst: 'Please associate your DID first',
    didFirstText: 'The proposal is registered with your DID signature. Bind your DID on your profile page.',
    associate: 'Associate DID',
    cancel: 'Cancel',
    dialogTitle: 'Make suggestion #{{number}} a proposal',
    dialogText:
      'Your DID wallet signs the registration of this signed suggestion as a proposal; the relayer posts it on chain and the council vote starts with its block.',
    done: 'Signed: the proposal is being registered on chain.',
    overCapTitle: 'The budget is over the treasury cap',
  },
  zh: {
    button: '转为提案',
    made: '已转为提案 #{{number}}',
    notSigned: '建议须先由作者签名才能转为提案。',
    inactive: '只有有效的建议可以转为提案。',
    electionRunning: '委员会选举期间，委员不能发起新提案。',
    didFirst: '请先关联你的 DID',
    didFirstText: '提案需要你的 DID 签名登记。请在个人资料页关联你的 DID。',
    associate: '关联 DID',
    cancel: '取消',
    dialogTitle: '将建议 #{{number}} 转为提案',
    dialogText: '你的 DID 钱包签署将该已签名建议登记为提案；中继把它发到链上，委员会投票从该区块开始。',
    done: '已签名：提案正在链上登记。',
    overCapTitle: '预算超过国库上限',
  },
};
const ERRORS = {
  en: {
    proposal: {
      already_proposed: 'This suggestion had been made into proposal by other council member',
      not_council: 'Only council members seated on chain in the current term may do this.',
      election_running: 'During the council election, council members cannot raise new proposals.',
      esc_address_required: 'Payments from the on-chain treasury need an Elastos Smart Chain address (0x…)',
      target_not_active: 'The target proposal is not a passed funding proposal.',
      owner_signature_invalid: "The author's signature does not match this suggestion any more.",
      owner_signature_stale: 'The author signed an older version; the author must sign again.',
      registration_stale: 'This registration request is out of date; open a new QR code.',
      suggestion_required: 'Name the suggestion to make into a proposal.',
      voting_closed: 'The council voting window of this proposal is closed.',
      not_in_veto_window: 'The community veto window of this proposal is not open.',
      not_owner: 'Only the council member who created this draft can change or publish it.',
      not_registered: 'The proposal is not on chain yet; its voting window opens with its registration.',
      veto_amount: 'Please input valid amount.',
      veto_closed: 'The community veto window of this proposal is not open.',
      veto_intent_unknown: 'Start the veto from the proposal page.',
      veto_not_yours: 'This veto was started by another member.',
      vote_changed: 'The vote changed after this QR code was made. Please post it again.',
      vote_missing: 'Choose yes, oppose or abstain with a reason first.',
      vote_posted: 'This vote is already posted to the chain.',
      budget_over_cap:
        "The budget is over the treasury's cap (10% of the balance not yet committed to other proposals), so the chain would refuse it.",
    },
    suggestion: {
      not_found: 'The suggestion was not found.',
      not_signed: 'The author has not signed this suggestion yet.',
      not_active: 'Only an active suggestion can become a proposal.',
    },
    chain: { unavailable: 'The governance chain is not available on this server.' },
    wallet: { transaction_missing: 'The wallet did not report a transaction.' },
    nomination: {
      nominee_missing: 'The nominee has not co-signed this version of the suggestion yet.',
      secretary_missing: 'The secretary general has not co-signed this change of owner yet.',
      nominee_unknown: "The nominee's DID is not bound to any account on this site.",
      nominee_unresolvable: "The nominee's DID cannot be resolved (no published DID document).",
      not_nominee: 'Only the nominee named in this suggestion can accept the nomination.',
      not_secretary: 'Only the secretary general can co-sign this change of owner.',
      no_secretary: 'No secretary general is seated on chain to co-sign this change.',
      not_required: 'This suggestion changes no owner or secretary general: nobody co-signs it.',
      signed: 'This co-signature is already given for this version.',
      stale: 'The suggestion changed after this QR code was made. Please open a new one.',
    },
  },
  zh: {
    proposal: {
      already_proposed: '该建议已被其他委员转为提案',
      not_council: '只有本届链上在任的委员可以执行此操作。',
      election_running: '委员会选举期间，委员不能发起新提案。',
      esc_address_required: '链上国库付款需要 Elastos 智能链地址（0x…）',
      target_not_active: '目标提案不是已通过的资助提案。',
      owner_signature_invalid: '作者的签名与该建议已不匹配。',
      owner_signature_stale: '作者签署的是旧版本，需要重新签名。',
      registration_stale: '该登记请求已过期，请打开新的二维码。',
      suggestion_required: '请指明要转为提案的建议。',
      voting_closed: '该提案的委员投票期已结束。',
      not_in_veto_window: '该提案的社区否决期未开放。',
      not_owner: '只有创建该草案的委员可以修改或发布它。',
      not_registered: '提案尚未上链；登记上链后投票期才开始。',
      veto_amount: '请输入有效金额。',
      veto_closed: '该提案的社区否决期未开放。',
      veto_intent_unknown: '请从提案页面发起否决。',
      veto_not_yours: '该否决由其他成员发起。',
      vote_changed: '生成二维码后投票已更改，请重新上链。',
      vote_missing: '请先选择赞成、反对或弃权并填写理由。',
      vote_posted: '该投票已经上链。',
      budget_over_cap: '预算超过国库上限（尚未承诺给其他提案的余额的 10%），链会拒绝它。',
    },
    suggestion: {
      not_found: '未找到该建议。',
      not_signed: '作者尚未签署该建议。',
      not_active: '只有有效的建议可以转为提案。',
    },
    chain: { unavailable: '本服务器的治理链不可用。' },
    wallet: { transaction_missing: '钱包没有返回交易。' },
    nomination: {
      nominee_missing: '被提名人尚未联署该建议的本版本。',
      secretary_missing: '秘书长尚未联署本次负责人变更。',
      nominee_unknown: '被提名人的 DID 未绑定本站任何账号。',
      nominee_unresolvable: '无法解析被提名人的 DID（没有已发布的 DID 文档）。',
      not_nominee: '只有建议中提名的人可以接受提名。',
      not_secretary: '只有秘书长可以联署本次负责人变更。',
      no_secretary: '链上没有在任的秘书长来联署本次变更。',
      not_required: '该建议不变更负责人或秘书长，无需联署。',
      signed: '本版本的联署已经完成。',
      stale: '生成二维码后建议已更改，请重新打开二维码。',
    },
  },
};
const NS = 'makeProposal';

function register(): void {
  if (i18next.hasResourceBundle('en', NS)) return;
  ensureWalletRequestLocales();
  for (const lang of ['en', 'zh'] as const) {
    i18next.addResourceBundle(lang, NS, TEXTS[lang], true, true);
    // The QR dialog words refusals from its own namespace: add the proposal ones without overwriting any.
    i18next.addResourceBundle(lang, WALLET_NS, { errors: ERRORS[lang] }, true, false);
  }
}
/**
 * Makes this button's texts and the proposal refusals (make-proposal, vote, veto) available to the QR dialog;
 * the proposal pages call it too.
 */
export function ensureProposalWalletTexts(): void {
  if (i18next.isInitialized) register();
  else i18next.on('initialized', register);
}
ensureProposalWalletTexts();

/**
 * The treasury cap as GET /api/treasury gives it (the reading make-proposal refuses by): the budget and the cap
 * when the budget is over it, else null (also while loading or when the treasury cannot be read: the server
 * checks again before any QR).
 */
function useOverCap(budgetTotal: string | null): { totalEla: string; capEla: string } | null {
  const [over, setOver] = useState<{ totalEla: string; capEla: string } | null>(null);
  useEffect(() => {
    setOver(null);
    if (!budgetTotal || Number(budgetTotal) === 0) return;
    const ctrl = new AbortController();
    api
      .get('/api/treasury', undefined, { schema: treasuryOverviewSchema, signal: ctrl.signal })
      .then((t) => {
        if (isOverBudgetCap(elaToWei(budgetTotal), elaToWei(t.capEla)))
          setOver({ totalEla: weiToEla(elaToWei(budgetTotal)), capEla: t.capEla });
      })
      .catch(() => undefined);
    return () => ctrl.abort();
  }, [budgetTotal]);
  return over;
}

/** The wallet action (registered by the proposal module on the server). */

export interface MakeProposalButtonProps {
  suggestion: {
    _id: string;
    number: number;
    /** The author signed it (required before it can be registered). */
    signed: boolean;
    /** ACTIVE suggestions only. */
    status: string;
    /** Set once a proposal was made from it. */
    proposalNumber: number | null;
    /** Total budget in ELA (null without budget): checked against the treasury cap before any QR. */
    budgetTotal?: string | null;
  };
  /** True during the council election (no proposals may be registered). */
  electionRunning?: boolean;
  /** Called after the member signed (the suggestion page reloads to show the link to the proposal). */
  onMade?(): void;
}

/**
 * Council members only: makes a signed suggestion into a proposal through the wallet (action `make-proposal`,
 * the QR dialog). Shows why it cannot when it cannot (not signed, already a proposal, election running) and asks
 * for a bound DID first. Nothing for other visitors.
 */
export function MakeProposalButton({ suggestion: s, electionRunning, onMade }: MakeProposalButtonProps) {
  const { t } = useTranslation(NS);
  const { is_council, user } = useAuth();
  const { modal, message } = useFeedback();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const overCap = useOverCap(is_council && !s.proposalNumber ? (s.budgetTotal ?? null) : null);
  if (!is_council) return null;

  if (s.proposalNumber)
    return (
      <Link to={paths.proposal(s.proposalNumber)} data-testid="made-into-proposal">
        <Button icon={<FileDoneOutlined />}>{t('made', { number: s.proposalNumber })}</Button>
      </Link>
    );

  const blocked = !s.signed
    ? t('notSigned')
    : s.status !== 'ACTIVE'
      ? t('inactive')
      : electionRunning
        ? t('electionRunning')
        : null;
  const start = () => {
    if (!user?.did) {
      modal.confirm({
        title: t('didFirst'),
        content: t('didFirstText'),
        okText: t('associate'),
        cancelText: t('cancel'),
        onOk: () => void navigate(paths.profileInfo()),
      });
      return;
    }
    setOpen(true);
  };

  const button = (
    <Button
      type="primary"
      icon={<FileDoneOutlined />}
      disabled={!!blocked}
      onClick={start}
      data-testid="make-proposal"
    >
      {t('button')}
    </Button>
  );
  if (overCap)
    return (
      <Alert
        type="warning"
        showIcon
        data-testid="make-proposal-over-cap"
        title={t('overCapTitle')}
        description={BUDGET_OVER_CAP_MESSAGES[i18next.language?.startsWith('zh') ? 'zh' : 'en'](overCap)}
      />
    );
  return (
    <>
      {blocked ? <Tooltip title={blocked}>{button}</Tooltip> : button}
      <WalletRequestDialog
        open={open}
        request={{ action: 'make-proposal', params: { ref: s._id } }}
        title={t('dialogTitle', { number: s.number })}
        description={t('dialogText')}
        onSigned={() => {
          setOpen(false);
          message.success(t('done'));
          onMade?.();
        }}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
