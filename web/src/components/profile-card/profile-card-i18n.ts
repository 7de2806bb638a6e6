import i18next from 'i18next';
import en from './locales/en.json';
import zh from './locales/zh.json';

/**
 * i18next namespace of the profile card (texts beside the components, registered on first import): field
 * labels, and the names of genders, languages, professions, skills and social links that the profile form
 * offers as choices too.
 */
export const PROFILE_CARD_NS = 'profileCard';

function register(): void {
  if (i18next.hasResourceBundle('en', PROFILE_CARD_NS)) return;
  i18next.addResourceBundle('en', PROFILE_CARD_NS, en, true, true);
  i18next.addResourceBundle('zh', PROFILE_CARD_NS, zh, true, true);
}

if (i18next.isInitialized) register();
else i18next.on('initialized', register);
