/**
 * The submit pump: takes every relayed action that is ready, many at a time, instead of one BullMQ job each.
 *
 * A submit job holds one of its worker's slots from the pick to the send (the estimate, the shared signing run, the
 * shared send), so a burst was picked only as fast as slots came free. The pump reads the ready actions from the
 * outbox itself (`listReadyRelayActions`: `unchain`, unsigned, no dependency, no error yet), up to `batch` per
 * round, and sends each through the same steps as a job: the estimate (the worker's calls within 10 ms go as one
 * JSON-RPC batch), the worker's one sign batcher (which locks the rows and skips any another run signed or moved:
 * exactly once is its guarantee, not the pump's), the send of the recorded bytes, and the confirm watchdog job.
 *
 * Rounds overlap (the next round's estimates run while the last round signs), up to `maxInFlight` actions.
 * A round starts when a submit job asks for its action (`take`), when an action the pump held finishes, and at
 * least every `idleMs`.
 *
 * The jobs stay what decides an action's fate: the job of an action the pump holds waits for the pump's outcome
 * and, when the pump met an error, throws it, so the retries, the backoff and the last word (`onExhausted`) are
 * the queue's as before. The pump writes that error on the row as the queue does (`recordLastError`), and leaves
 * an action with an error on record to its job.
 * The job of an action the pump has signed, sent and watched (its row `chaining`) ends without sending again.
 */
import { listReadyRelayActions, type ReadyRelayAction } from '@cr/core/chain/chain-action.repo';
import { NotYetError } from '@cr/core/queues/queue-backoff';
import { enqueueChainAction } from '@cr/core/chain/chain-outbox';
import { withRequestId } from '@cr/core/infra/request-scope';
import { broadcast, prepareCall } from './submit-worker';
import { signAction } from './sign-batcher';
import { recordLastError, type PumpOutcome, type SubmitPump, type WorkerContext } from './worker-context';

export type { PumpOutcome, SubmitPump };

export interface SubmitPumpOptions {
  /** Actions read per round. */
  batch: number;
  /** Actions held at once (estimating, signing or sending). */
  maxInFlight: number;
  /** A round at least this often when nothing asks for one. */
  idleMs: number;
}

/** How many finished ids are remembered for their jobs (a job is normally picked seconds after its action). */
const FINISHED_KEPT = 20_000;

export function startSubmitPump(ctx: WorkerContext, opts: SubmitPumpOptions): SubmitPump {
  const held = new Map<string, Promise<PumpOutcome>>();
  const finished = new Set<string>();
  let stopped = false;
  /** The rounds running now, one after another (null: none). */
  let loop: Promise<void> | null = null;
  let roundAgain = false;
  /** Resolved when the round that runs next (or now, if one is reading) has taken what it found. */
  let roundWaiters: (() => void)[] = [];
  let idleTimer: NodeJS.Timeout | undefined;

  /** Sent by this pump and its watchdog enqueued: its job has nothing left to do while the row is `chaining`. */
  const finish = (id: string): PumpOutcome => {
    finished.add(id);
    if (finished.size > FINISHED_KEPT) finished.delete(finished.values().next().value!);
    return { done: true };
  };

  async function handle(row: ReadyRelayAction): Promise<PumpOutcome> {
    ctx.onStage?.(row.id, 'picked');
    try {
      const call = await prepareCall(ctx, row);
      if (!call) return { done: true }; // refused by the contract: failed before any nonce was spent
      ctx.onStage?.(row.id, 'estimated');
      const signed = await signAction(ctx, row.id, call);
      if (!signed) return { done: true }; // another run signed or moved it: that run sends it
      await broadcast(ctx, signed);
      ctx.onStage?.(row.id, 'sent');
      await enqueueChainAction(ctx.queues, signed, ctx.confirmWatchdogMs);
      return finish(row.id);
    } catch (error) {
      // As the queue does with a job's error: written on the row, which leaves the action to its job's retries
      // (the pump takes no action with an error), so an outage is not retried in a tight loop.
      if (!(error instanceof NotYetError)) await recordLastError(ctx, row.id, error);
      return { done: false, error };
    }
  }

  /**
   * Reads the ready actions and takes what fits. Returns false when nothing fits (the pump holds `maxInFlight`):
   * the jobs asking then wait for the round that runs when a held action finishes, rather than going alone.
   */
  async function round(): Promise<boolean> {
    const room = opts.maxInFlight - held.size;
    if (room <= 0) return false;
    const waiters = roundWaiters;
    roundWaiters = [];
    try {
      // Read past what is held already (it is still `unchain` until its signing run commits).
      const rows = await listReadyRelayActions(ctx.db, Math.min(opts.batch, room) + held.size);
      let taken = 0;
      for (const row of rows) {
        if (stopped || held.has(row.id) || taken >= room) continue;
        taken += 1;
        // Handled as part of the request that recorded it (its log lines name it), like its job.
        const outcome = withRequestId(row.requestId, () => handle(row));
        held.set(row.id, outcome);
        void outcome.then(() => {
          held.delete(row.id);
          schedule();
        });
      }
      if (taken >= opts.batch) roundAgain = true; // more may be waiting
    } catch (err) {
      ctx.logger.warn({ err }, 'submit pump could not read the outbox; its jobs go on alone');
    } finally {
      for (const wake of waiters) wake();
    }
    return true;
  }

  /** Runs a round soon (several asks in one turn of the event loop make one round). */
  function schedule() {
    if (stopped) return;
    if (loop) {
      roundAgain = true;
      return;
    }
    loop = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      let fitted: boolean;
      do {
        roundAgain = false;
        fitted = await round();
      } while (roundAgain && fitted && !stopped);
      loop = null;
      // Asked while nothing fitted: they wait for a held action to finish (it schedules a round), unless stopping.
      if (fitted || stopped) for (const wake of roundWaiters.splice(0)) wake();
      armIdle();
    });
  }

  function armIdle() {
    clearTimeout(idleTimer);
    if (!stopped) idleTimer = setTimeout(schedule, opts.idleMs);
  }

  schedule();

  return {
    async take(id) {
      let outcome = held.get(id);
      if (!outcome && !stopped) {
        await new Promise<void>((resolve) => {
          roundWaiters.push(resolve);
          schedule();
        });
        outcome = held.get(id);
      }
      // Not held (finished meanwhile, perhaps, or not ready): the job goes its own way, which re-reads the row.
      return outcome;
    },
    finished: (id) => finished.has(id),
    async stop() {
      stopped = true;
      clearTimeout(idleTimer);
      await loop;
      for (const wake of roundWaiters.splice(0)) wake();
      await Promise.all(held.values());
    },
  };
}
