import i18next from 'i18next';
import {
  ensureWalletRequestLocales,
  WALLET_NS,
} from '../../../components/wallet-request/wallet-request-i18n';

/** The conclusion refusals (error types `conclusion.*`), worded by the QR dialog from its own namespace. */
const TEXTS = {
  en: {
    actions: {
      conclude:
        'Sign the conclusion with your DID wallet. The owner and the secretary general both sign these same words; the second signature sends it to the chain.',
    },
    errors: {
      conclusion: {
        not_party: 'Only the proposal’s owner and the secretary general can conclude a proposal.',
        wrong_status: 'Only an active (passed) proposal with a budget can be concluded.',
        stages_outstanding: 'The proposal can be completed only when every payment stage is approved.',
        summary_required: 'The proposal can be completed only after its final summary is approved.',
        note_required: 'Please say why the proposal closes incomplete (there is no approved summary).',
        already_signed: 'You have already signed this conclusion; waiting for the other party.',
        pending: 'The conclusion is signed by both and on its way to the chain.',
        changed: 'The conclusion changed after this QR code was made. Please start again.',
        no_secretary: 'There is no secretary general on chain to co-sign the conclusion.',
        nothing_to_cancel: 'There is no conclusion waiting for a signature.',
      },
    },
  },
  zh: {
    actions: {
      conclude: '请用 DID 钱包签署结项。提案负责人与秘书长签署完全相同的内容；第二个签名完成后即提交上链。',
    },
    errors: {
      conclusion: {
        not_party: '只有提案负责人和秘书长可以为提案结项。',
        wrong_status: '只有已通过（执行中）且有预算的提案可以结项。',
        stages_outstanding: '所有付款阶段均获批准后，提案才能以“已完成”结项。',
        summary_required: '结项总结通过审核后，提案才能以“已完成”结项。',
        note_required: '请说明提案以未完成关闭的原因（尚无已通过的结项总结）。',
        already_signed: '您已签署此结项，正在等待另一方签署。',
        pending: '结项已由双方签署，正在上链。',
        changed: '生成二维码后结项内容已变化，请重新开始。',
        no_secretary: '链上没有秘书长，无法联署结项。',
        nothing_to_cancel: '没有等待签署的结项。',
      },
    },
  },
};

function register(): void {
  ensureWalletRequestLocales();
  for (const lang of ['en', 'zh'] as const)
    i18next.addResourceBundle(lang, WALLET_NS, TEXTS[lang], true, false);
}

/** Makes the conclusion texts available to the QR dialog (once i18next is ready). */
export function ensureConclusionWalletTexts(): void {
  if (i18next.isInitialized) register();
  else i18next.on('initialized', register);
}
