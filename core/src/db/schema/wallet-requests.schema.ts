import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.schema';

/**
 * One QR-code wallet request (architecture.md §3, docs/wallet-requests.md). States written:
 * - pending: waiting for a verified reply (a refused reply leaves it here);
 * - signed:  a verified reply was applied (result holds what the browser may read with the secret);
 * - failed:  an esctransaction reply whose transaction is on chain as asked but reverted (error_type/error_message
 *            say why, with the revert reason).
 * `expired` is computed on read (a pending request past expires_at).
 */
export const walletRequests = pgTable(
  'wallet_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    action: text('action').notNull(),
    /** credaccess | didsign | signdigest | esctransaction */
    intent: text('intent').notNull(),
    /** The signed-in user who asked (null for sign-in). */
    requesterId: uuid('requester_id').references(() => users.id, { onDelete: 'cascade' }),
    subjectType: text('subject_type'),
    subjectId: text('subject_id'),
    /** The DID that must sign, when known in advance. */
    expectedSigner: text('expected_signer'),
    /** What the member reads in the wallet (didsign), and the 64-hex digest it ends with / is signed. */
    statement: text('statement'),
    digest: text('digest'),
    /** Action-specific data fixed at creation (e.g. the transaction to send). */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    /** SHA-256 of the secret held by the browser that asked: the QR alone never grants anything. */
    secretHash: text('secret_hash').notNull(),
    /** SHA-256 of the one-time token in the callback URL. */
    callbackTokenHash: text('callback_token_hash').notNull(),
    /** Single-use nonce carried in the request (credaccess) or jwtExtra (signing). */
    nonce: text('nonce').notNull(),
    /** pending | signed | failed (`expired` is computed on read from expires_at); see WALLET_REQUEST_TRANSITIONS. */
    status: text('status').$type<'pending' | 'signed' | 'failed'>().notNull().default('pending'),
    errorType: text('error_type'),
    errorMessage: text('error_message'),
    /** The DID that signed the accepted reply. */
    signerDid: text('signer_did'),
    /**
     * esctransaction: the hash of the transaction, found on chain and matching the request, that answered it. Unique:
     * one transaction answers one request, so a hash already used (a replayed earlier veto) is refused.
     */
    txHash: text('tx_hash'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When the browser collected a one-time result (e.g. the session token of a sign-in). */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('wallet_requests_callback_uq').on(t.callbackTokenHash),
    uniqueIndex('wallet_requests_nonce_uq').on(t.nonce),
    uniqueIndex('wallet_requests_tx_hash_uq').on(t.txHash),
    index('wallet_requests_subject_idx').on(t.subjectType, t.subjectId),
    index('wallet_requests_expires_idx').on(t.status, t.expiresAt),
  ],
);

export type WalletRequestRow = typeof walletRequests.$inferSelect;
