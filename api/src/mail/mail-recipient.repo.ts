import { eq } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import { mailPreferences } from '@cr/core/db/schema/mail-preferences.schema';
import { users } from '@cr/core/db/schema/users.schema';

/** Who a mail goes to, read at send time (the address, language or preferences may have changed since it was queued). */
export interface MailRecipient {
  id: string;
  email: string | null;
  active: boolean;
  username: string;
  /** First name when given, else the username. */
  name: string;
  profile: Record<string, unknown>;
  /** The language chosen in the e-mail preferences (overrides the profile's), or null. */
  mailLanguage: string | null;
  /** Mail groups the member turned off. */
  mailOff: string[];
}

export async function findMailRecipient(db: Db, userId: string): Promise<MailRecipient | undefined> {
  const [u] = await db
    .select({
      id: users.id,
      email: users.email,
      active: users.active,
      username: users.username,
      firstName: users.firstName,
      profile: users.profile,
      mailLanguage: mailPreferences.language,
      mailOff: mailPreferences.off,
    })
    .from(users)
    .leftJoin(mailPreferences, eq(mailPreferences.userId, users.id))
    .where(eq(users.id, userId));
  if (!u) return undefined;
  const { firstName, mailOff, ...rest } = u;
  return { ...rest, mailOff: mailOff ?? [], name: firstName?.trim() || u.username };
}

/** The recipient when they can be mailed (active, with an address), else undefined. */
export async function mailableRecipient(
  db: Db,
  userId: string,
): Promise<(MailRecipient & { email: string }) | undefined> {
  const r = await findMailRecipient(db, userId);
  return r?.active && r.email ? { ...r, email: r.email } : undefined;
}
