import { createHash, randomBytes } from 'node:crypto';
import type { AppDeps } from '../../app-deps';
import {
  RESET_LINK_TTL_MINUTES,
  type ChangePasswordRequest,
  type ForgotPasswordRequest,
  type ResetPasswordRequest,
} from '@cr/contract/account.contract';
import { queueMails } from '../../queues/mail-queue';
import type { AuthUser } from '../session';
import { revokeAllTokens } from '../session';
import { findUserById } from '../user';
import { accountError, mailNotQueued } from './account-errors';
import { LIMITS } from './account-limits';
import * as repo from './account.repo';
import { hashPassword, verifyPassword } from './password-hash';
import { enforceRate, hitRate, refuseWhenFull } from '../../http/rate-limit';

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/**
 * Forgot password: e-mails a single-use link valid 1 hour when the address belongs to an active account. The
 * answer is the same in every case (no account enumeration); at most 3 links an hour per address are sent.
 */
export async function requestPasswordReset(
  deps: AppDeps,
  input: ForgotPasswordRequest,
  clientIp: string,
): Promise<void> {
  const db = deps.database.db;
  await enforceRate(deps, LIMITS.forgotPerAddress, clientIp);
  const perEmail = await hitRate(deps, LIMITS.forgotPerEmail, input.email);
  if (perEmail.count > LIMITS.forgotPerEmail.limit) return;
  const user = await repo.findUserByEmail(db, input.email);
  if (!user || !user.active || !user.email) return;
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + RESET_LINK_TTL_MINUTES * 60_000);
  await repo.insertPasswordReset(db, { userId: user.id, tokenHash: sha256(token), expiresAt });
  // Queued, not sent: the answer takes the same time whether or not the address has an account.
  await queueMails(deps, [
    {
      kind: 'account.reset-link',
      userId: user.id,
      token,
      ttlMinutes: RESET_LINK_TTL_MINUTES,
      expiresAt: expiresAt.toISOString(),
    },
  ]).catch(mailNotQueued);
}

/**
 * Sets a new password from an e-mailed link: the link is used up, every other open link closed and every
 * session of the account signed out, in one transaction.
 */
export async function resetPassword(
  deps: AppDeps,
  input: ResetPasswordRequest,
  clientIp: string,
): Promise<void> {
  const db = deps.database.db;
  await enforceRate(deps, LIMITS.resetPerAddress, clientIp);
  const tokenHash = sha256(input.token);
  const passwordHash = await hashPassword(input.password);
  const userId = await db.transaction(async (tx) => {
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
    return claimed;
  });
  await notifyPasswordChanged(deps, userId);
}

/**
 * Changes the password of the signed-in account after checking the current one (5 wrong tries per 15 minutes),
 * and signs out every other session, in one transaction.
 */
export async function changePassword(
  deps: AppDeps,
  auth: AuthUser,
  input: ChangePasswordRequest,
): Promise<void> {
  const db = deps.database.db;
  await refuseWhenFull(deps, LIMITS.changePasswordFailures, auth.id);
  const user = await findUserById(db, auth.id);
  if (!user) throw accountError(401, 'account.login_failed');
  if (!user.passwordHash) throw accountError(400, 'account.no_password');
  if (!(await verifyPassword(input.oldPassword, user.passwordHash))) {
    await hitRate(deps, LIMITS.changePasswordFailures, auth.id);
    throw accountError(400, 'account.old_password_wrong', 'oldPassword');
  }
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const now = new Date();
    await repo.setPasswordHash(tx, user.id, passwordHash, now);
    await repo.revokeOtherTokens(tx, user.id, auth.tokenId, now);
    await repo.closeOpenResets(tx, user.id, now);
  });
  await notifyPasswordChanged(deps, user.id);
}

/** Tells the member their password changed (by reset or by change); the change itself stands if this fails. */
async function notifyPasswordChanged(deps: AppDeps, userId: string): Promise<void> {
  await queueMails(deps, [
    { kind: 'account.password-changed', userId, changedAt: new Date().toISOString() },
  ]).catch((err: unknown) => deps.logger.error({ err, userId }, 'password-changed mail not queued'));
}
