import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ChainActionMode, ChainStatus } from '../../chain/chain-status';

/**
 * The chain outbox (architecture.md §3 step 5): one row per action that must reach the chain, written in the same
 * transaction as the signature it relays. The worker moves it unchain → chaining → chained | failed
 * (docs/chain-worker.md). Amounts are wei as exact decimals (numeric(78,0) read as strings), never floats.
 */
export const chainActions = pgTable(
  'chain_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the call does, e.g. `council.vote`, `proposal.register`, `veto.lock`, `proposal.finalize`. */
    kind: text('kind').notNull(),
    /** `relay`: the worker sends `to/data/value` with the relayer key. `track`: the member's wallet sent it. */
    mode: text('mode').$type<ChainActionMode>().notNull().default('relay'),
    /** The domain record whose live status this is (its socket.io room is `<subjectType>:<subjectId>`). */
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    /** Optional domain key that makes the action unique (e.g. `finalize:proposal:<id>:council`). */
    dedupeKey: text('dedupe_key'),
    chainId: integer('chain_id').notNull(),
    /** The call: target, calldata (0x hex) and value in wei. For `track` rows, what the wallet was asked to send. */
    toAddress: text('to_address').notNull(),
    data: text('data').notNull().default('0x'),
    value: numeric('value', { precision: 78, scale: 0 }).notNull().default('0'),
    /** `track`: the expected sender (the member's address). `relay`: the relayer address once signed. */
    fromAddress: text('from_address'),
    /** Sent only after this action is `chained` (e.g. a vote after the proposal's registration). */
    dependsOnId: uuid('depends_on_id').references((): AnyPgColumn => chainActions.id),
    status: text('status').$type<ChainStatus>().notNull().default('unchain'),
    /** Recorded before the broadcast (relay) or given by the wallet (track). */
    txHash: text('tx_hash'),
    nonce: bigint('nonce', { mode: 'number' }),
    /**
     * Relayed in a batch (chain-worker/src/sign-batcher.ts): the call's position in the RelayBatch transaction
     * that several actions share (same nonce, hash and raw tx). Null: a transaction of its own.
     */
    batchIndex: integer('batch_index'),
    /** The signed relay tx, kept until the action is final so a restarted worker re-broadcasts the same bytes. */
    rawTx: text('raw_tx'),
    blockNumber: bigint('block_number', { mode: 'number' }),
    blockHash: text('block_hash'),
    confirmations: integer('confirmations').notNull().default(0),
    /** Stable code (`chain.reverted`, `chain.refused`, `chain.mismatch`, `chain.dropped`...) and readable text. */
    failureType: text('failure_type'),
    failureReason: text('failure_reason'),
    /** The last transient problem while open (node unreachable, relayer out of funds...), cleared when it moves on. */
    lastError: text('last_error'),
    /** Times a tx was signed for this action (re-sends after a replacement or a retry count too). */
    attempts: integer('attempts').notNull().default(0),
    /**
     * The id of the HTTP request that recorded it (X-Request-Id; infra/request-scope.ts): its jobs carry it and the
     * worker's log lines about it name it, so one signed action is followed from the request to its transaction.
     * Null for actions the worker made itself (finalize calls).
     */
    requestId: text('request_id'),
    /** Times a person asked to retry it after `failed`. */
    retries: integer('retries').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    // A transaction is one action's, or one per position of a batch.
    uniqueIndex('chain_actions_tx_hash_uq').on(t.txHash, sql`coalesce(${t.batchIndex}, -1)`),
    uniqueIndex('chain_actions_dedupe_key_uq').on(t.dedupeKey),
    // A nonce is never used by two actions of one sender (the nonce manager's invariant, enforced here).
    uniqueIndex('chain_actions_sender_nonce_uq').on(
      t.chainId,
      t.fromAddress,
      t.nonce,
      sql`coalesce(${t.batchIndex}, -1)`,
    ),
    index('chain_actions_open_idx')
      .on(t.status, t.updatedAt)
      .where(sql`${t.status} in ('unchain', 'chaining')`),
    index('chain_actions_subject_idx').on(t.subjectType, t.subjectId),
  ],
);

export type ChainActionRow = typeof chainActions.$inferSelect;

/** Next nonce per relayer address: allocation happens in the same transaction that records it on the action. */
export const chainNonces = pgTable(
  'chain_nonces',
  {
    chainId: integer('chain_id').notNull(),
    address: text('address').notNull(),
    nextNonce: bigint('next_nonce', { mode: 'number' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.address] })],
);

/** The block watcher's indexed height and its hash, per indexed contract (stream); survives restarts and reorgs. */
export const chainCursor = pgTable('chain_cursor', {
  stream: text('stream').primaryKey(),
  address: text('address').notNull(),
  blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
  blockHash: text('block_hash'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Contract events as indexed; (block, log index) makes re-indexing idempotent. Args hold big numbers as strings. */
export const chainEvents = pgTable(
  'chain_events',
  {
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    logIndex: integer('log_index').notNull(),
    blockHash: text('block_hash').notNull(),
    txHash: text('tx_hash').notNull(),
    stream: text('stream').notNull(),
    address: text('address').notNull(),
    name: text('name').notNull(),
    args: jsonb('args').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockNumber, t.logIndex] }),
    index('chain_events_stream_name_idx').on(t.stream, t.name, t.blockNumber),
    index('chain_events_tx_idx').on(t.txHash),
  ],
);

export type ChainEventRow = typeof chainEvents.$inferSelect;

/** Recent block headers seen by the watcher (the last few hundred): reorg detection and the block interval. */
export const chainBlocks = pgTable('chain_blocks', {
  number: bigint('number', { mode: 'number' }).primaryKey(),
  hash: text('hash').notNull(),
  parentHash: text('parent_hash').notNull(),
  /** Block time, unix seconds. */
  timestamp: bigint('timestamp', { mode: 'number' }).notNull(),
});

/** The chain as last observed (one row per chain id): the spec's "current block height" and ETA basis. */
export const chainHead = pgTable('chain_head', {
  chainId: integer('chain_id').primaryKey(),
  height: bigint('height', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
  /** Average block interval over the recent blocks, milliseconds (ETAs = blocks left × this). */
  avgBlockMs: integer('avg_block_ms'),
  observedAt: timestamp('observed_at', { withTimezone: true }).notNull().defaultNow(),
});

export type ChainHeadRow = typeof chainHead.$inferSelect;
