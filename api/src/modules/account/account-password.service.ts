import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '@cr/core/db/db-client';
import type { CommandOutcome } from '../../http/command';
import {
  RESET_LINK_TTL_MINUTES,
  type ChangePasswordRequest,
  type ForgotPasswordRequest,
  type ResetPasswordRequest,
} from '@cr/contract/account.contract';
import type { AuthUser } from '../session';
import { revokeAllTokens } from '../session';
import { findUserById } from '../user';
import { accountError } from './account-errors';
import { LIMITS } from './account-limits';
import * as repo from './account.repo';
import { hashPassword, verifyPassword } from './password-hash';
import { enforceRate, hitRate, refuseWhenFull, type RateStore } from '../../http/rate-limit';

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/**
 * Forgot password: e-mails a single-use link valid 1 hour when the address belongs to an active account. The
 * answer is the same in every case (no account enumeration); at most 3 links an hour per address are sent.
 * The link is queued after commit (the command's mail effect); one that could not be queued is a 503
 * (`resetLinkAnswer`).
 */
export async function requestPasswordReset(
  tx: Db,
  deps: RateStore,
  input: ForgotPasswordRequest,
  clientIp: string,
): Promise<CommandOutcome<{ ok: true }>> {
  const ok = { result: { ok: true as const } };
  await enforceRate(deps, LIMITS.forgotPerAddress, clientIp);
  const perEmail = await hitRate(deps, LIMITS.forgotPerEmail, input.email);
  if (perEmail.count > LIMITS.forgotPerEmail.limit) return ok;
  const user = await repo.findUserByEmail(tx, input.email);
  if (!user || !user.active || !user.email) return ok;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + RESET_LINK_TTL_MINUTES * 60_000);
  await repo.insertPasswordReset(tx, { userId: user.id, tokenHash: sha256(token), expiresAt });
  // Queued, not sent: the answer takes the same time whether or not the address has an account.
  return {
    ...ok,
    mails: [
      {
        kind: 'account.reset-link',
        userId: user.id,
        token,
        ttlMinutes: RESET_LINK_TTL_MINUTES,
        expiresAt: expiresAt.toISOString(),
      },
    ],
  };
}

/** The answer of a forgot-password request once committed: a link that could not be queued is a 503. */
export function resetLinkAnswer(ok: { ok: true }, mailFailed: boolean): { ok: true } {
  if (mailFailed) throw accountError(503, 'account.mail_not_queued');
  return ok;
}

/**
 * Sets a new password from an e-mailed link: the link is used up, every other open link closed and every
 * session of the account signed out, in one transaction.
 */
export async function resetPassword(
  tx: Db,
  deps: RateStore,
  input: ResetPasswordRequest,
  clientIp: string,
): Promise<CommandOutcome<PasswordChanged>> {
  await enforceRate(deps, LIMITS.resetPerAddress, clientIp);
  const tokenHash = sha256(input.token);
  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  const claimed = await repo.claimPasswordReset(tx, tokenHash, now);
  if (!claimed) {
    const row = await repo.findPasswordReset(tx, tokenHash);
    if (row && !row.usedAt && row.expiresAt <= now) throw accountError(400, 'account.reset_token_expired');
    throw accountError(400, 'account.reset_token_invalid');
  }
  await repo.setPasswordHash(tx, claimed, passwordHash, now);
  await repo.closeOpenResets(tx, claimed, now);
  await revokeAllTokens(tx, claimed, now);
  return passwordChanged(claimed);
}

/**
 * Changes the password of the signed-in account after checking the current one (5 wrong tries per 15 minutes),
 * and signs out every other session, in one transaction.
 */
export async function changePassword(
  tx: Db,
  deps: RateStore,
  auth: AuthUser,
  input: ChangePasswordRequest,
): Promise<CommandOutcome<PasswordChanged>> {
  await refuseWhenFull(deps, LIMITS.changePasswordFailures, auth.id);
  const user = await findUserById(tx, auth.id);
  if (!user) throw accountError(401, 'account.login_failed');
  if (!user.passwordHash) throw accountError(400, 'account.no_password');
  if (!(await verifyPassword(input.oldPassword, user.passwordHash))) {
    await hitRate(deps, LIMITS.changePasswordFailures, auth.id);
    throw accountError(400, 'account.old_password_wrong', 'oldPassword');
  }
  const passwordHash = await hashPassword(input.password);
  const now = new Date();
  await repo.setPasswordHash(tx, user.id, passwordHash, now);
  await repo.revokeOtherTokens(tx, user.id, auth.tokenId, now);
  await repo.closeOpenResets(tx, user.id, now);
  return passwordChanged(user.id);
}

/** A password changed (by reset or by change): whose, to say so if the notice could not be queued. */
export interface PasswordChanged {
  userId: string;
}

/** Tells the member their password changed, after commit (the command's mail effect). */
function passwordChanged(userId: string): CommandOutcome<PasswordChanged> {
  return {
    result: { userId },
    mails: [{ kind: 'account.password-changed', userId, changedAt: new Date().toISOString() }],
  };
}

/** The answer once committed: the change itself stands if its notice was not queued (logged, as before). */
export function passwordChangedAnswer(
  { userId }: PasswordChanged,
  logger: { error(obj: object, msg?: string): void },
  mailFailed: boolean,
): { ok: true } {
  if (mailFailed) logger.error({ userId }, 'password-changed mail not queued');
  return { ok: true };
}
