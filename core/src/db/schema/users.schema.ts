import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/** Roles as stored; order and meaning live in contract/src/user.contract.ts. */
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
    /**
     * The names a member is searched by, lower-cased, kept by PostgreSQL (a stored generated column): a name search
     * reads it instead of computing it for every member it checks (a Chinese name, which has no trigram, checks all of
     * them: 2.6 → 1.1 ms for 5,000; docs/list-performance.md#searches). Trigram-indexed.
     */
    searchName: text('search_name')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(coalesce(username, '') || ' ' || coalesce(first_name, '') || ' ' || coalesce(last_name, ''))`,
      ),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_lower_uq').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_did_uq').on(t.did),
    index('users_role_idx').on(t.role),
    // `search_name like '%…%'` from the index (pg_trgm; PGlite loads it in db-client.ts).
    index('users_search_name_trgm_idx').using('gin', t.searchName.op('gin_trgm_ops')),
  ],
);

export type UserRow = typeof users.$inferSelect;
