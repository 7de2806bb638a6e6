import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.schema';
import { walletRequests } from './wallet-requests.schema';

/**
 * E-mailed confirmation codes (registration). One live code per (purpose, e-mail): asking again replaces it.
 * Only a salted SHA-256 of the 6-digit code is kept; it dies after expires_at, after 5 wrong tries
 * (attempts counts every try) or once used (consumed_at).
 */
export const accountEmailCodes = pgTable(
  'account_email_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** register */
    purpose: text('purpose').notNull(),
    /** Lower-cased, trimmed. */
    email: text('email').notNull(),
    codeSalt: text('code_salt').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('account_email_codes_purpose_email_uq').on(t.purpose, t.email)],
);

/**
 * Password reset links. Only the SHA-256 of the token is stored; a link works once (used_at) and for 1 hour.
 * A successful reset marks every open link of the account used.
 */
export const accountPasswordResets = pgTable(
  'account_password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('account_password_resets_token_uq').on(t.tokenHash),
    index('account_password_resets_user_idx').on(t.userId),
  ],
);

/**
 * Which signed `login` wallet request created which account (registration by DID). The primary key makes a
 * request usable for one registration only, whatever the browser did with the request's state before.
 */
export const accountDidRegistrations = pgTable('account_did_registrations', {
  walletRequestId: uuid('wallet_request_id')
    .primaryKey()
    .references(() => walletRequests.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  did: text('did').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
