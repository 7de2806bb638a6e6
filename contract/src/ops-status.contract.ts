import { z } from 'zod';
import { chainStatusSchema } from './chain.contract';

/**
 * GET /api/admin/status: the operators' figures, the same the Prometheus metrics (`/metrics`) export, read when
 * asked (core/src/metrics/ops-status.ts). A part that could not be read within its time is null and named in
 * `problems`; the rest is still answered.
 */

const count = z.number().int().min(0);
/** Seconds, or null when there is nothing to age (no job waiting, no open action). */
const ageSec = z.number().min(0).nullable();

export const queueStatusSchema = z.object({
  /** The BullMQ queue's name (`chain-submit`, `chain-confirm`, `chain-track`, `chain-finalize`, `mail`). */
  name: z.string(),
  waiting: count,
  active: count,
  /** Retries waiting for their backoff, and delayed jobs (the confirm watchdog). */
  delayed: count,
  failed: count,
  /** How long the oldest job ready to run has waited for a worker. */
  oldestWaitingSec: ageSec,
});
export type QueueStatus = z.infer<typeof queueStatusSchema>;

export const relayerStatusSchema = z.object({
  address: z.string(),
  /** Balance in wei (decimal string) and in ELA (a number, for display and thresholds). */
  balanceWei: z.string().nullable(),
  balanceEla: z.number().nullable(),
  /** The node's transaction count of the relayer including the pool (`pending`) and mined only (`latest`). */
  pendingNonce: z.number().int().nullable(),
  latestNonce: z.number().int().nullable(),
  /** The next nonce the worker's nonce manager will hand out (chain_nonces). */
  recordedNonce: z.number().int().nullable(),
});
export type RelayerStatus = z.infer<typeof relayerStatusSchema>;

export const opsStatusSchema = z.object({
  generatedAt: z.string(),
  /** The instance that answered (figures of other api instances are on their own `/metrics`). */
  instance: z.object({
    role: z.string(),
    uptimeSec: z.number(),
    rssBytes: count,
    /** Open socket.io connections of this instance (null: this process serves none). */
    sockets: count.nullable(),
  }),
  database: z.object({
    kind: z.enum(['postgres', 'pglite']),
    /** A `select 1`, milliseconds. */
    pingMs: z.number().nullable(),
    /**
     * PostgreSQL's connection pools of this instance (`main`, and `generic` for the statements planned once); none
     * for PGlite (one embedded connection that runs queries in turn: the ping time is its measure of load).
     */
    pools: z.array(z.object({ name: z.string(), max: count, total: count, idle: count, waiting: count })),
  }),
  chain: z
    .object({
      chainId: z.number().int(),
      /** The node's block number now. */
      nodeHeight: z.number().int().nullable(),
      /** The block watcher's last stored head (chain_head), when it stored it, and how far it is behind. */
      indexedHeight: z.number().int().nullable(),
      lagBlocks: z.number().int().nullable(),
      watcherAgeSec: ageSec,
      avgBlockMs: z.number().nullable(),
    })
    .nullable(),
  relayers: z.array(relayerStatusSchema),
  actions: z
    .object({
      byStatus: z.record(chainStatusSchema, count),
      /** The oldest action still `unchain` or `chaining`. */
      oldestOpenSec: ageSec,
    })
    .nullable(),
  queues: z.array(queueStatusSchema),
  mail: z
    .object({
      /** E-mails queued and not yet sent (waiting, sending, waiting for a retry). */
      backlog: count,
      failed: count,
      oldestWaitingSec: ageSec,
    })
    .nullable(),
  /** Parts that could not be read in time, e.g. `chain: no answer within 2000 ms`. */
  problems: z.array(z.string()),
});
export type OpsStatus = z.infer<typeof opsStatusSchema>;

/** How often the admin status page asks again, milliseconds. */
export const OPS_STATUS_POLL_MS = 5_000;
