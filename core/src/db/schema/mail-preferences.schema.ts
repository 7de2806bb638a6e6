import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.schema';

/**
 * A member's e-mail preferences (docs/mail.md): the mail groups turned off and the mail language. No row = every
 * group on, in the profile's language. The mail worker reads it at send time.
 */
export const mailPreferences = pgTable('mail_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Groups turned off (MAIL_GROUPS). */
  off: text('off')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** `en` or `zh`; null = the profile's default language. */
  language: text('language'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type MailPreferencesRow = typeof mailPreferences.$inferSelect;
