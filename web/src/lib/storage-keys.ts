/** Every key this app keeps in the browser's storage, in one place (the names follow the original site). */
export const STORAGE_KEYS = {
  /** sessionStorage: the api-token of this tab; localStorage: the same token when "remember me" was ticked. */
  apiToken: 'api-token',
  /** localStorage: the chosen interface language, `en` or `zh`. */
  lang: 'lang',
  /** sessionStorage: where to go after signing in, set when a guarded page sent the visitor to /login. */
  loginRedirect: 'loginRedirect',
  /** localStorage: the last suggestion list page (spec §9, default 1). */
  suggestionPage: 'suggestion-page',
} as const;
