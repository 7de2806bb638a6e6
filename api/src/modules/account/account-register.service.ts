import type { AppDeps } from '../../app-deps';
import {
  EMAIL_CODE_MAX_ATTEMPTS,
  EMAIL_CODE_TTL_MINUTES,
  type RegisterCodeRequest,
  type RegisterCodeSent,
  type RegisterRequest,
  type Session,
} from '@cr/contract/account.contract';
import type { Db } from '../../db/db-client';
import { issueToken } from '../session';
import { toCurrentUser } from '../user';
import { accountError, mailNotQueued, userConflict } from './account-errors';
import { queueMails } from '../../queues/mail-queue';
import { enforceAddressLimit, LIMITS } from './account-limits';
import * as repo from './account.repo';
import { emailCodeMatches, generateEmailCode, hashEmailCode, newCodeSalt } from './email-code';
import { hashPassword } from './password-hash';
import { clearRate, enforceRate } from '../../http/rate-limit';

const PURPOSE = 'register';

/**
 * E-mails a fresh 6-digit code for registering `email` (replacing any earlier one). Refuses an address that
 * already has an account. Limited per address and per e-mail (one a minute, five an hour).
 */
export async function sendRegistrationCode(
  deps: AppDeps,
  input: RegisterCodeRequest,
  clientIp: string,
  now = new Date(),
): Promise<RegisterCodeSent> {
  const db = deps.database.db;
  await enforceAddressLimit(deps, LIMITS.codePerAddress, clientIp);
  if (await repo.emailTaken(db, input.email)) throw accountError(409, 'account.email_taken', 'email');
  await enforceRate(deps, LIMITS.codeCooldownPerEmail, input.email);
  await enforceRate(deps, LIMITS.codePerEmail, input.email);
  const code = generateEmailCode();
  const codeSalt = newCodeSalt();
  const expiresAt = new Date(now.getTime() + EMAIL_CODE_TTL_MINUTES * 60_000);
  await repo.upsertEmailCode(db, {
    purpose: PURPOSE,
    email: input.email,
    codeSalt,
    codeHash: hashEmailCode(code, codeSalt),
    expiresAt,
    now,
  });
  // A code that could not be queued is reported (503) and its cooldown lifted, so the person can ask again now.
  await queueMails(deps, [
    {
      kind: 'account.registration-code',
      email: input.email,
      code,
      ttlMinutes: EMAIL_CODE_TTL_MINUTES,
      expiresAt: expiresAt.toISOString(),
    },
  ]).catch(async (err: unknown) => {
    await clearRate(deps, LIMITS.codeCooldownPerEmail, input.email).catch((e: unknown) =>
      deps.logger.warn({ err: e }, 'the code cooldown was not cleared after a mail failure'),
    );
    return mailNotQueued(err);
  });
  return {
    email: input.email,
    expiresAt: expiresAt.toISOString(),
    resendAfterSec: LIMITS.codeCooldownPerEmail.windowSec,
  };
}

/**
 * Checks a typed registration code. Every try is counted first (atomically), so at most 5 tries ever compare;
 * the 5th wrong try kills the code. Returns the code's id, to be consumed in the transaction that creates the
 * account.
 */
export async function checkRegistrationCode(
  db: Db,
  email: string,
  code: string,
  now = new Date(),
): Promise<string> {
  const row = await repo.findEmailCode(db, PURPOSE, email);
  if (!row || row.consumedAt) throw accountError(400, 'account.code_mismatch', 'code');
  if (row.expiresAt <= now) throw accountError(400, 'account.code_expired', 'code');
  const attempts = await repo.countCodeAttempt(db, row.id, EMAIL_CODE_MAX_ATTEMPTS);
  if (attempts === undefined) throw accountError(400, 'account.code_attempts_exceeded', 'code');
  if (!emailCodeMatches(code, row.codeSalt, row.codeHash))
    throw accountError(400, 'account.code_mismatch', 'code');
  return row.id;
}

/** Refuses a username or e-mail that another account already has (case-insensitive). */
export async function assertAvailable(db: Db, username: string, email?: string): Promise<void> {
  if (email && (await repo.emailTaken(db, email))) throw accountError(409, 'account.email_taken', 'email');
  if (await repo.usernameTaken(db, username)) throw accountError(409, 'account.username_taken', 'username');
}

/**
 * Creates a MEMBER account from the registration form and signs it in. The account, the used code and the
 * session are written in one transaction.
 */
export async function registerWithEmail(
  deps: AppDeps,
  input: RegisterRequest,
  clientIp: string,
): Promise<Session> {
  const db = deps.database.db;
  await enforceAddressLimit(deps, LIMITS.registerPerAddress, clientIp);
  await assertAvailable(db, input.username, input.email);
  const codeId = await checkRegistrationCode(db, input.email, input.code);
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.transaction(async (tx) => {
      const now = new Date();
      if (!(await repo.consumeEmailCode(tx, codeId, now)))
        throw accountError(400, 'account.code_mismatch', 'code');
      const user = await repo.insertUser(tx, {
        username: input.username,
        email: input.email,
        passwordHash,
        role: 'MEMBER',
        firstName: input.firstName,
        lastName: input.lastName,
        country: input.country,
        profile: {},
        createdAt: now,
        updatedAt: now,
      });
      const session = await issueToken(tx, user.id, 'password', now);
      return { token: session.token, user: toCurrentUser(user) };
    });
  } catch (err) {
    throw userConflict(err);
  }
}
