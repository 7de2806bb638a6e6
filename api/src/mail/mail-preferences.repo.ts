import { eq, sql } from 'drizzle-orm';
import type { MailGroup } from '@cr/contract/mail-preferences.contract';
import type { Language } from '@cr/contract/profile.contract';
import type { Db } from '@cr/core/db/db-client';
import { mailPreferences } from '@cr/core/db/schema/mail-preferences.schema';
import { users } from '@cr/core/db/schema/users.schema';

/** The member's preferences row joined with what the settings and unsubscribe pages show of the account. */
export async function mailPreferencesOf(db: Db, userId: string) {
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      active: users.active,
      profile: users.profile,
      off: mailPreferences.off,
      language: mailPreferences.language,
    })
    .from(users)
    .leftJoin(mailPreferences, eq(mailPreferences.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}

/** Saves the whole preference set (the settings page). */
export async function saveMailPreferences(
  db: Db,
  userId: string,
  prefs: { off: MailGroup[]; language: Language },
): Promise<void> {
  const now = new Date();
  await db
    .insert(mailPreferences)
    .values({ userId, off: prefs.off, language: prefs.language, updatedAt: now })
    .onConflictDoUpdate({
      target: mailPreferences.userId,
      set: { off: prefs.off, language: prefs.language, updatedAt: now },
    });
}

/** Turns one group off (an unsubscribe link), keeping the rest; idempotent. */
export async function turnMailGroupOff(db: Db, userId: string, group: MailGroup): Promise<void> {
  await db
    .insert(mailPreferences)
    .values({ userId, off: [group] })
    .onConflictDoUpdate({
      target: mailPreferences.userId,
      set: {
        off: sql`case when ${group} = any(${mailPreferences.off}) then ${mailPreferences.off} else array_append(${mailPreferences.off}, ${group}::text) end`,
        updatedAt: new Date(),
      },
    });
}
