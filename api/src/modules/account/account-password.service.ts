import { createHash, randomBytes } from 'node:crypto';
import type { AppDeps } from '../../app-deps';
import {
  RESET_LINK_TTL_MINUTES,
  type ChangePasswordRequest,
  type ForgotPasswordRequest,
  type ResetPasswordRequest,
} from '../../contract/account.contract';
import { languageSchema } from '../../contract/profile.contract';
import type { UserRow } from '../../db/schema';
import type { OutgoingMail } from '../../mail/mailer';
import type { AuthUser } from '../session/auth-user';
import { revokeAllTokens } from '../session/session.repo';
import { findUserById } from '../user/user.repo';
import { accountError } from './account-errors';
import { LIMITS } from './account-limits';
import { passwordChangedMail, resetLinkMail, type MailLanguage } from './account-mail';
import * as repo from './account.repo';
import { hashPassword, verifyPassword } from './password-hash';
import { enforceRate, hitRate, refuseWhenFull } from '../../http/rate-limit';

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

/** The member's default language when they chose one, otherwise both languages in one message. */
export function mailLanguageOf(user: UserRow): MailLanguage {
  const lang = languageSchema.safeParse(user.profile.defaultLanguage);
  return lang.success ? lang.data : 'both';
}

const displayName = (user: UserRow) => user.firstName?.trim() || user.username;
/** A page of the web app, for links in mail. */
const pageUrl = (deps: AppDeps, path: string) => `${deps.config.PUBLIC_URL.replace(/\/+$/, '')}${path}`;

/**
 * Sends mail after the answer is decided, without making the caller wait for SMTP: the forgot-password answer
 * must take the same time whether or not an account exists. A failure is logged (never silently dropped).
 */
function sendInBackground(deps: AppDeps, mail: OutgoingMail, what: string): void {
  deps.mailer.send(mail).catch((err: unknown) => deps.logger.error({ err, what }, 'account mail failed'));
}

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
  await enforceRate(deps.redis, LIMITS.forgotPerAddress, clientIp);
  const perEmail = await hitRate(deps.redis, LIMITS.forgotPerEmail, input.email);
  if (perEmail.count > LIMITS.forgotPerEmail.limit) return;
  const user = await repo.findUserByEmail(db, input.email);
  if (!user || !user.active || !user.email) return;
  const token = randomBytes(32).toString('base64url');
  await repo.insertPasswordReset(db, {
    userId: user.id,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + RESET_LINK_TTL_MINUTES * 60_000),
  });
  const link = pageUrl(deps, `/reset-password?token=${token}`);
  sendInBackground(
    deps,
    resetLinkMail(user.email, displayName(user), link, RESET_LINK_TTL_MINUTES, mailLanguageOf(user)),
    'reset link',
  );
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
  await enforceRate(deps.redis, LIMITS.resetPerAddress, clientIp);
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
  await refuseWhenFull(deps.redis, LIMITS.changePasswordFailures, auth.id);
  const user = await findUserById(db, auth.id);
  if (!user) throw accountError(401, 'account.login_failed');
  if (!user.passwordHash) throw accountError(400, 'account.no_password');
  if (!(await verifyPassword(input.oldPassword, user.passwordHash))) {
    await hitRate(deps.redis, LIMITS.changePasswordFailures, auth.id);
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

async function notifyPasswordChanged(deps: AppDeps, userId: string): Promise<void> {
  const user = await findUserById(deps.database.db, userId);
  if (!user?.email) return;
  const forgotUrl = pageUrl(deps, '/forgot-password');
  sendInBackground(
    deps,
    passwordChangedMail(user.email, displayName(user), forgotUrl, mailLanguageOf(user)),
    'password changed',
  );
}
