import type { AppDeps } from '../../app-deps';
import { AppError } from '@cr/core/errors/app-error';
import type { CommandOutcome } from '../../http/command';
import {
  EMAIL_CODE_MAX_ATTEMPTS,
  EMAIL_CODE_TTL_MINUTES,
  type RegisterCodeRequest,
  type RegisterCodeSent,
  type RegisterRequest,
  type Session,
} from '@cr/contract/account.contract';
import type { Db } from '@cr/core/db/db-client';
import { issueToken } from '../session';
import { toCurrentUser } from '../user';
import { accountError, userConflict } from './account-errors';
import { enforceAddressLimit, LIMITS } from './account-limits';
import * as repo from './account.repo';
import { emailCodeMatches, generateEmailCode, hashEmailCode, newCodeSalt } from './email-code';
import { hashPassword } from './password-hash';
import { clearRate, enforceRate, type RateStore } from '../../http/rate-limit';

const PURPOSE = 'register';

/**
 * E-mails a fresh 6-digit code for registering `email` (replacing any earlier one). Refuses an address that
 * already has an account. Limited per address and per e-mail (one a minute, five an hour). The code is queued
 * after commit (the command's mail effect); see `codeSentAnswer` when it could not be.
 */
export async function sendRegistrationCode(
  tx: Db,
  deps: RateStore & { config: { REGISTER_ADDRESS_LIMITS: number } },
  input: RegisterCodeRequest,
  clientIp: string,
  now = new Date(),
): Promise<CommandOutcome<RegisterCodeSent>> {
  await enforceAddressLimit(deps, LIMITS.codePerAddress, clientIp);
  if (await repo.emailTaken(tx, input.email)) throw accountError(409, 'account.email_taken', 'email');
  await enforceRate(deps, LIMITS.codeCooldownPerEmail, input.email);
  await enforceRate(deps, LIMITS.codePerEmail, input.email);
  const code = generateEmailCode();
  const codeSalt = newCodeSalt();
  const expiresAt = new Date(now.getTime() + EMAIL_CODE_TTL_MINUTES * 60_000);
  await repo.upsertEmailCode(tx, {
    purpose: PURPOSE,
    email: input.email,
    codeSalt,
    codeHash: hashEmailCode(code, codeSalt),
    expiresAt,
    now,
  });
  return {
    result: {
      email: input.email,
      expiresAt: expiresAt.toISOString(),
      resendAfterSec: LIMITS.codeCooldownPerEmail.windowSec,
    },
    mails: [
      {
        kind: 'account.registration-code',
        email: input.email,
        code,
        ttlMinutes: EMAIL_CODE_TTL_MINUTES,
        expiresAt: expiresAt.toISOString(),
      },
    ],
  };
}

/** A code that could not be queued is reported (503) and its cooldown lifted, so the person can ask again now. */
export async function codeSentAnswer(
  deps: AppDeps,
  sent: RegisterCodeSent,
  mailFailed: boolean,
): Promise<RegisterCodeSent> {
  if (!mailFailed) return sent;
  await clearRate(deps, LIMITS.codeCooldownPerEmail, sent.email).catch((e: unknown) =>
    deps.logger.warn({ err: e }, 'the code cooldown was not cleared after a mail failure'),
  );
  throw accountError(503, 'account.mail_not_queued');
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
 * A refusal that must not undo what the command wrote before it (a counted code try): `run` answers it as its
 * result, so the transaction commits, and the answer throws it.
 */
export type OrRefusal<T> = { ok: T } | { refusal: unknown };

/** The answer of a command whose `run` may commit a refusal: the value, or the refusal thrown after commit. */
export function refusedOr<T>(outcome: OrRefusal<T>): T {
  if ('refusal' in outcome) throw outcome.refusal;
  return outcome.ok;
}

/**
 * Checks the typed code (each try counted, see checkRegistrationCode), then runs `create` in a savepoint: a wrong
 * code, or a refusal of `create` (its rows rolled back), is answered as a refusal with the try still counted, as
 * when the count committed on its own.
 */
export async function withCountedCode<T>(
  tx: Db,
  code: { email: string; code: string } | null,
  create: (sp: Db, codeId: string | null) => Promise<T>,
): Promise<OrRefusal<T>> {
  let codeId: string | null = null;
  if (code) {
    try {
      codeId = await checkRegistrationCode(tx, code.email, code.code);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      return { refusal: err };
    }
  }
  try {
    return { ok: await tx.transaction((sp) => create(sp, codeId)) };
  } catch (err) {
    if (!code) throw err;
    return { refusal: err };
  }
}

/**
 * Creates a MEMBER account from the registration form and signs it in. The account, the used code and the
 * session are written in one savepoint, after the try of the code was counted.
 */
export async function registerWithEmail(
  tx: Db,
  deps: RateStore & { config: { REGISTER_ADDRESS_LIMITS: number } },
  input: RegisterRequest,
  clientIp: string,
): Promise<CommandOutcome<OrRefusal<Session>>> {
  await enforceAddressLimit(deps, LIMITS.registerPerAddress, clientIp);
  await assertAvailable(tx, input.username, input.email);
  const outcome = await withCountedCode(tx, input, async (sp, codeId) => {
    const passwordHash = await hashPassword(input.password);
    try {
      const now = new Date();
      if (!(await repo.consumeEmailCode(sp, codeId!, now)))
        throw accountError(400, 'account.code_mismatch', 'code');
      const user = await repo.insertUser(sp, {
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
      const session = await issueToken(sp, user.id, 'password', now);
      return { token: session.token, user: toCurrentUser(user) };
    } catch (err) {
      throw userConflict(err);
    }
  });
  return { result: outcome };
}
