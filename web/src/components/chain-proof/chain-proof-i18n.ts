import i18next from 'i18next';
import en from './locales/en.json';
import zh from './locales/zh.json';

/** i18next namespace of the integrity badges (registered on first use, as the chain status texts). */
export const PROOF_NS = 'chainProof';

function register(): void {
  if (i18next.hasResourceBundle('en', PROOF_NS)) return;
  i18next.addResourceBundle('en', PROOF_NS, en, true, true);
  i18next.addResourceBundle('zh', PROOF_NS, zh, true, true);
}

if (i18next.isInitialized) register();
else i18next.on('initialized', register);
