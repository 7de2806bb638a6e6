import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { suggestions } from './suggestion.schema';
import { users } from './users.schema';

/** Who co-signs a change suggestion: the nominee (new owner / new secretary general) or the secretary general. */
export type NominationRole = 'NOMINEE' | 'SECRETARY';

/**
 * Co-signatures of a CHANGE_PROPOSAL / CHANGE_SECRETARY suggestion (spec §6), collected by wallet request before a
 * council member may register it. One row per (suggestion, role, draft hash): a consent covers the exact draft it
 * names, so an edited suggestion needs new consents. Off-chain only: the contract does not check them.
 */
export const suggestionNominations = pgTable(
  'suggestion_nominations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    suggestionId: uuid('suggestion_id')
      .notNull()
      .references(() => suggestions.id, { onDelete: 'cascade' }),
    role: text('role').$type<NominationRole>().notNull(),
    /** The suggestion's draft hash (0x…) the statement names. */
    draftHash: text('draft_hash').notNull(),
    signerDid: text('signer_did').notNull(),
    signerId: uuid('signer_id').references(() => users.id, { onDelete: 'set null' }),
    /** The nominee's compressed key the statement names (0x02/03…). */
    keyHex: text('key_hex').notNull(),
    statement: text('statement').notNull(),
    signature: text('signature').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('suggestion_nominations_uq').on(t.suggestionId, t.role, t.draftHash),
    index('suggestion_nominations_suggestion_idx').on(t.suggestionId),
  ],
);
export type NominationRow = typeof suggestionNominations.$inferSelect;
