import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import type { Db } from '../../db/db-client';
import { users } from '../../db/schema';

export interface MailOutcome {
  mailed: number;
  mailFailed: number;
}

export interface Recipient {
  id: string;
  email: string | null;
  username: string;
}

/** Link to a suggestion's page, from our configured origin (never from the request). */
export const suggestionLink = (deps: AppDeps, number: number) =>
  new URL(`/suggestion/${number}`, deps.config.PUBLIC_URL).toString();

export async function usersWithRole(db: Db, role: string): Promise<Recipient[]> {
  return db
    .select({ id: users.id, email: users.email, username: users.username })
    .from(users)
    .where(and(eq(users.role, role), eq(users.active, true), isNotNull(users.email)));
}

export async function usersByIds(db: Db, ids: string[]): Promise<Recipient[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: users.id, email: users.email, username: users.username })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.active, true)));
}

/**
 * Sends one message per recipient (never a shared To: list), after the change was committed. A failed
 * message is logged with its cause and counted in the outcome the caller returns, so the browser can say so;
 * it does not undo the committed action.
 */
export async function mailEach(
  deps: AppDeps,
  recipients: Recipient[],
  compose: (r: Recipient) => { subject: string; text: string },
): Promise<MailOutcome> {
  const seen = new Set<string>();
  const outcome: MailOutcome = { mailed: 0, mailFailed: 0 };
  for (const r of recipients) {
    if (!r.email || seen.has(r.id)) continue;
    seen.add(r.id);
    const { subject, text } = compose(r);
    try {
      await deps.mailer.send({ to: r.email, subject, text });
      outcome.mailed++;
    } catch (err) {
      outcome.mailFailed++;
      deps.logger.error({ err, userId: r.id, subject }, 'suggestion mail failed');
    }
  }
  return outcome;
}
