import { codeCooldownMessage, EMAIL_CODE_RESEND_SEC } from '@cr/contract/account.contract';
import { enforceRate, type RateRule, type RateStore } from '../../http/rate-limit';

/**
 * Abuse limits of the account routes (Redis fixed windows). "Address" is the client IP as Express sees it
 * (TRUST_PROXY_HOPS decides whether X-Forwarded-For is believed).
 */
export const LIMITS = {
  /** Every sign-in attempt from one address: 30 per 15 minutes. */
  loginPerAddress: { name: 'login-ip', limit: 30, windowSec: 15 * 60 },
  /** Failed sign-ins per account (username and e-mail share one count; per typed name when no account): 5 per 15 minutes; a success clears it. */
  loginFailuresPerAccount: { name: 'login-fail', limit: 5, windowSec: 15 * 60 },
  /** Wrong current passwords when changing it, per account: 5 per 15 minutes. */
  changePasswordFailures: { name: 'pwchange-fail', limit: 5, windowSec: 15 * 60 },
  /** Registration codes: one a minute per e-mail, 5 an hour per e-mail, 20 an hour per address. */
  codeCooldownPerEmail: {
    name: 'code-cooldown',
    limit: 1,
    windowSec: EMAIL_CODE_RESEND_SEC,
    // The page says how long to wait and counts down, instead of "too many attempts".
    refusal: { type: 'account.code_cooldown', message: codeCooldownMessage },
  },
  codePerEmail: { name: 'code-email', limit: 5, windowSec: 60 * 60 },
  codePerAddress: { name: 'code-ip', limit: 20, windowSec: 60 * 60 },
  /** Registration attempts per address: 30 an hour. */
  registerPerAddress: { name: 'register-ip', limit: 30, windowSec: 60 * 60 },
  /** Forgot-password: 20 an hour per address (429); 3 an hour per e-mail (silently not sent). */
  forgotPerAddress: { name: 'forgot-ip', limit: 20, windowSec: 60 * 60 },
  forgotPerEmail: { name: 'forgot-email', limit: 3, windowSec: 60 * 60 },
  /** Reset-password attempts per address: 20 an hour. */
  resetPerAddress: { name: 'reset-ip', limit: 20, windowSec: 60 * 60 },
} satisfies Record<string, RateRule>;

/** Enforces a per-address account limit unless REGISTER_ADDRESS_LIMITS is 0 (see api-config.ts). */
export async function enforceAddressLimit(
  deps: RateStore & { config: { REGISTER_ADDRESS_LIMITS: number } },
  rule: RateRule,
  clientIp: string,
): Promise<void> {
  if (deps.config.REGISTER_ADDRESS_LIMITS === 0) return;
  await enforceRate(deps, rule, clientIp);
}
