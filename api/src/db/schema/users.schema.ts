import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Roles as stored; order and meaning live in api/src/contract/user.contract.ts. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    /** Null for accounts created by DID sign-in that never gave an e-mail. */
    email: text('email'),
    /** scrypt hash (`scrypt$N$r$p$salt$hash`); null for wallet-only accounts. */
    passwordHash: text('password_hash'),
    role: text('role').notNull().default('MEMBER'),
    /** The bound DID (proven by the DID's own signature); one account per DID. */
    did: text('did'),
    didBoundAt: timestamp('did_bound_at', { withTimezone: true }),
    firstName: text('first_name'),
    lastName: text('last_name'),
    country: text('country'),
    /** Remaining profile fields (gender, timezone, bio, avatar, social links...), validated by the profile schema. */
    profile: jsonb('profile').$type<Record<string, unknown>>().notNull().default({}),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_did_uq').on(t.did),
    index('users_role_idx').on(t.role),
  ],
);

export type UserRow = typeof users.$inferSelect;
