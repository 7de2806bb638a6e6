import i18next, { type TFunction } from 'i18next';
import { CHAIN_REFUSAL_MESSAGES, chainRefusalOfType } from '@cr/contract/chain-refusal-messages.contract';
import en from './locales/en.json';
import zh from './locales/zh.json';

/** i18next namespace of the wallet-request component (texts beside the component, registered on first use). */
export const WALLET_NS = 'walletRequest';

function register(): void {
  if (i18next.hasResourceBundle('en', WALLET_NS)) return;
  i18next.addResourceBundle('en', WALLET_NS, en, true, true);
  i18next.addResourceBundle('zh', WALLET_NS, zh, true, true);
}

/** Makes the component's texts available; safe to call before or after i18next starts. */
export function ensureWalletRequestLocales(): void {
  if (i18next.isInitialized) register();
  else i18next.on('initialized', register);
}
ensureWalletRequestLocales();

/** The reader's words for a refusal type (`did.signer_mismatch`...), with the server's message as a last resort. */
export function walletErrorText(
  t: TFunction,
  err: { type?: string; message?: string } | null | undefined,
): string {
  const type = err?.type ?? 'unknown';
  // What the chain would refuse (`chain.voting_closed`...): its texts live with the shared rules.
  const refusal = chainRefusalOfType(type);
  if (refusal) return CHAIN_REFUSAL_MESSAGES[refusal][i18next.language?.startsWith('zh') ? 'zh' : 'en'];
  const key = `${WALLET_NS}:errors.${type}`;
  if (i18next.exists(key)) return t(key);
  return t(`${WALLET_NS}:errors.unknown`, { type });
}
