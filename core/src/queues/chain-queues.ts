import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { CONFIRM_QUEUE, type ConfirmJob } from './confirm-queue';
import { FINALIZE_QUEUE, type FinalizeJob } from './finalize-queue';
import { SUBMIT_QUEUE, type SubmitJob } from './submit-queue';
import { TRACK_QUEUE, type TrackJob } from './track-queue';

/** Key prefix of the chain queues in Redis (tests use their own so runs never meet). */
export const DEFAULT_QUEUE_PREFIX = 'cr';

/** The producer side of the four chain queues; the api and every worker open the same ones. */
export interface ChainQueues {
  submit: Queue<SubmitJob>;
  confirm: Queue<ConfirmJob>;
  track: Queue<TrackJob>;
  finalize: Queue<FinalizeJob>;
  prefix: string;
  close(): Promise<void>;
}

/** `connection` must allow blocking commands (`maxRetriesPerRequest: null`, as connectRedis makes it). */
export function openChainQueues(connection: Redis, prefix = DEFAULT_QUEUE_PREFIX): ChainQueues {
  const opts = { connection, prefix };
  const queues = {
    submit: new Queue<SubmitJob>(SUBMIT_QUEUE, opts),
    confirm: new Queue<ConfirmJob>(CONFIRM_QUEUE, opts),
    track: new Queue<TrackJob>(TRACK_QUEUE, opts),
    finalize: new Queue<FinalizeJob>(FINALIZE_QUEUE, opts),
  };
  for (const q of Object.values(queues)) q.on('error', () => undefined); // reconnects; enqueue calls reject meanwhile
  return {
    ...queues,
    prefix,
    async close() {
      await Promise.all(Object.values(queues).map((q) => q.close()));
    },
  };
}
