import { accountMessages, type AccountMessageType } from '@cr/contract/account.contract';
import { AppError } from '@cr/core/errors/app-error';
import { MailNotQueuedError } from '@cr/core/queues/mail-queue';

/** A refusal from the account catalog: its stable type, its English message, and the form field it concerns. */
export function accountError(status: number, type: AccountMessageType, field?: string): AppError {
  const message = accountMessages[type];
  return new AppError(status, type, message, field ? [{ path: field, message }] : undefined);
}

/**
 * The constraint name when `err` is a unique violation (SQLSTATE 23505) from PostgreSQL or PGlite, possibly
 * wrapped by drizzle; otherwise null.
 */
export function uniqueViolation(err: unknown): string | null {
  for (
    let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined, i = 0;
    e && i < 4;
    i++
  ) {
    if (e.code === '23505') return typeof e.constraint === 'string' ? e.constraint : '';
    e = e.cause as typeof e;
  }
  return null;
}

/** Maps a unique violation on the users table to the refusal a person understands; other errors pass through. */
export function userConflict(err: unknown): unknown {
  const constraint = uniqueViolation(err);
  if (constraint === null) return err;
  if (constraint.includes('username')) return accountError(409, 'account.username_taken', 'username');
  if (constraint.includes('email')) return accountError(409, 'account.email_taken', 'email');
  if (constraint.includes('did')) return accountError(409, 'did.already_bound');
  return err;
}

/** The e-mail a request asked for could not be queued: 503 with a message the form shows; other errors pass. */
export function mailNotQueued(err: unknown): never {
  if (err instanceof MailNotQueuedError) throw accountError(503, 'account.mail_not_queued');
  throw err;
}
