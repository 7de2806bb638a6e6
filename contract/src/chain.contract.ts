import { z } from 'zod';

/**
 * The on-chain lifecycle of an action (spec §4 chain status):
 * unchain → chaining (tx sent, hash known) → chained (in a block, confirmed) | failed (readable reason, retry).
 */
export const chainStatusSchema = z.enum(['unchain', 'chaining', 'chained', 'failed']);

/** What a page sees of a chain action (socket event `chain:action`, GET /api/chain-actions/:id). */
export const chainActionViewSchema = z.object({
  id: z.string(),
  kind: z.string(),
  /** relay: the worker sends it; track: the member's wallet sent it and the worker follows it. */
  mode: z.enum(['relay', 'track']),
  subjectType: z.string(),
  subjectId: z.string(),
  status: chainStatusSchema,
  txHash: z.string().nullable(),
  blockNumber: z.number().int().nullable(),
  confirmations: z.number().int(),
  failureType: z.string().nullable(),
  failureReason: z.string().nullable(),
  /** True when a person may ask for a retry (failed relayed actions). */
  retryable: z.boolean(),
  updatedAt: z.string(),
});
export type ChainActionView = z.infer<typeof chainActionViewSchema>;

/** GET /api/chain/head and socket event `chain:height` in room `chain`: for heights and ETAs. */
export const chainHeadSchema = z.object({
  chainId: z.number().int(),
  height: z.number().int(),
  /** Observed average block interval in ms, null until two blocks were seen. */
  avgBlockMs: z.number().nullable(),
  observedAt: z.string(),
});
export type ChainHead = z.infer<typeof chainHeadSchema>;
