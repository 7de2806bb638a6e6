import i18next from 'i18next';
import {
  ensureWalletRequestLocales,
  WALLET_NS,
} from '../../../components/wallet-request/wallet-request-i18n';

/** The payment refusals (error types `milestone.*`), worded by the QR dialog from its own namespace. */
const TEXTS = {
  en: {
    actions: {
      'request-payment': 'Sign the payment request for this stage with your DID wallet.',
      'review-payment': 'Sign your review of this payment with your DID wallet.',
      withdraw: 'Sign the withdrawal with your DID wallet; the treasury then pays the recipient.',
    },
    errors: {
      milestone: {
        none: 'This proposal has no payments to make yet.',
        not_owner: 'Only the proposal’s owner can do this.',
        not_secretary: 'Only the secretary general can review payments.',
        closed: 'Payments are closed for this proposal.',
        out_of_order: 'Stages are paid in order: request the first stage that is not approved yet.',
        not_requestable: 'This stage is already requested or approved.',
        advance: 'The advance payment is approved when the proposal passes; withdraw it.',
        summary_required: 'The completion payment can be requested only after the final summary is approved.',
        not_requested: 'This stage is not waiting for approval.',
        nothing_to_withdraw: 'No approved payment is waiting to be withdrawn.',
        pending: 'A signed action on this payment is still on its way to the chain.',
        changed: 'The payment changed after this QR code was made. Please start again.',
      },
    },
  },
  zh: {
    actions: {
      'request-payment': '请用 DID 钱包签署本阶段的付款申请。',
      'review-payment': '请用 DID 钱包签署您对该付款的审核。',
      withdraw: '请用 DID 钱包签署提款，随后国库向收款地址付款。',
    },
    errors: {
      milestone: {
        none: '该提案暂无可支付的款项。',
        not_owner: '只有提案负责人可以执行此操作。',
        not_secretary: '只有秘书长可以审核付款。',
        closed: '该提案的付款已关闭。',
        out_of_order: '各阶段按顺序付款：请申请第一个尚未批准的阶段。',
        not_requestable: '该阶段已申请或已批准。',
        advance: '预付款在提案通过时即已批准，请直接提款。',
        summary_required: '结项总结通过审核后才能申请结项款。',
        not_requested: '该阶段不在待审批状态。',
        nothing_to_withdraw: '没有待提取的已批准款项。',
        pending: '该付款的签名操作仍在上链中。',
        changed: '生成二维码后付款信息已变化，请重新开始。',
      },
    },
  },
};

function register(): void {
  ensureWalletRequestLocales();
  for (const lang of ['en', 'zh'] as const)
    i18next.addResourceBundle(lang, WALLET_NS, TEXTS[lang], true, false);
}

/** Makes the payment texts available to the QR dialog (once i18next is ready). */
export function ensurePaymentWalletTexts(): void {
  if (i18next.isInitialized) register();
  else i18next.on('initialized', register);
}
