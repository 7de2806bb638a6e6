import i18next, { type TFunction } from 'i18next';
import en from './locales/en.json';
import zh from './locales/zh.json';

/** i18next namespace of the chain status components (texts beside them, registered on first use). */
export const CHAIN_NS = 'chainStatus';

function register(): void {
  if (i18next.hasResourceBundle('en', CHAIN_NS)) return;
  i18next.addResourceBundle('en', CHAIN_NS, en, true, true);
  i18next.addResourceBundle('zh', CHAIN_NS, zh, true, true);
}

if (i18next.isInitialized) register();
else i18next.on('initialized', register);

/** The reader's words for a chain failure type (`chain.reverted`...), else the generic text. */
export function chainFailureText(t: TFunction, type: string | null | undefined): string {
  const key = `${CHAIN_NS}:failure.${type ?? 'unknown'}`;
  return i18next.exists(key) ? t(key) : t(`${CHAIN_NS}:failure.unknown`);
}
