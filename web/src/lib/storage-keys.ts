/** Every key this app keeps in the browser's storage, in one place (the names follow the original site). */
export const STORAGE_KEYS = {
  /** sessionStorage: the api-token of this tab; localStorage: the same token when "remember me" was ticked. */
  apiToken: 'api-token',
  /** localStorage: the chosen interface language, `en` or `zh`. */
  lang: 'lang',
  /** sessionStorage: where to go after signing in, set when a guarded page sent the visitor to /login. */
  loginRedirect: 'loginRedirect',
  /**
   * sessionStorage: an e-mail registration waiting for its code (step, e-mail, names, username, country, when a
   * new code may be asked): a reload returns to the code step. Never the password.
   */
  registerDraft: 'register-draft',
  /**
   * sessionStorage: a DID that signed the sign-in QR but has no account yet (request id, its secret, the DID), until
   * it registers or is bound: a reload does not ask for a second scan.
   */
  pendingDid: 'pending-did',
  /** localStorage: the last suggestion list page (spec §9, default 1). */
  suggestionPage: 'suggestion-page',
  /** localStorage: a reader's own JSON-RPC URL for integrity checks (set on /verify); unset: this site's proxy. */
  rpcUrl: 'rpc-url',
} as const;
