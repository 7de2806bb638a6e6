import type { Redis } from 'ioredis';
import { type CacheScope, bumpGeneration } from '../cache/cache-generation';
import { publishChainAction } from '../chain/chain-action-events';
import { dispatchAfterCommit } from '../chain/chain-outbox';
import type { Db, DbHandle } from '../db/db-client';
import type { ChainActionRow } from '../db/schema/chain.schema';
import type { ChainQueues } from '../queues/chain-queues';
import { queueMails, type MailJob, type MailQueue } from '../queues/mail-queue';
import type { Logger } from '../log/logger';
import type { EventBus, RoomEvent } from '../realtime/event-bus';

/**
 * What a change does to the world outside the database once it has committed. A service or a wallet action
 * returns these from its transaction instead of doing them inside it, so a rolled-back change is never announced,
 * enqueued or mailed, and a page that hears of a change can always read it.
 */
export interface AfterCommit {
  /** Outbox rows written in the transaction (recordChainAction): put on their BullMQ queue, then announced. */
  chainActions?: ChainActionRow[];
  /** Cached answers to renew (besides the scopes the events' rooms renew by themselves). */
  cacheScopes?: CacheScope[];
  /** Live updates, in order, after the caches were renewed. */
  events?: RoomEvent[];
  /** E-mails to queue (rendered in each recipient's language when sent). */
  mails?: MailJob[];
}

/**
 * What running effects needs. The chain worker runs the effects its plugins return with its own logger, and without
 * a mail queue when it was started without one (a test's worker, the reindex): its mails are then not queued.
 */
export interface EffectDeps {
  redis: Redis;
  events: EventBus;
  chainQueues: ChainQueues;
  mailQueue?: MailQueue;
  logger: EffectLog & { error(obj: object, msg?: string): void };
}

/** No effect: what a hook answers when its change announces nothing. */
export const NO_EFFECTS: AfterCommit = Object.freeze({});

/** The effects of several changes committed together, in order (each kind's list after the other's). */
export function mergeEffects(...all: (AfterCommit | void)[]): AfterCommit {
  const merged: Required<AfterCommit> = { chainActions: [], cacheScopes: [], events: [], mails: [] };
  for (const e of all) {
    if (!e) continue;
    merged.chainActions.push(...(e.chainActions ?? []));
    merged.cacheScopes.push(...(e.cacheScopes ?? []));
    merged.events.push(...(e.events ?? []));
    merged.mails.push(...(e.mails ?? []));
  }
  return merged;
}

/**
 * Runs a committed change's effects, in this order: chain jobs, cache renewals, live events, e-mail. The change
 * itself has committed, so no failure here undoes it. The failure policy, in one place:
 * - a chain job that did not reach Redis stays in the outbox, which the worker's dispatcher enqueues later;
 * - a cache renewal that failed is covered by the cache's TTL (LIST_CACHE_TTL_MS);
 * - an event that was not published is covered by the pages re-reading after a reconnect;
 * each is logged as a warning with what was lost. E-mail follows `queueMails`: a mail that would be lost throws
 * MailNotQueuedError after everything else ran, so the caller can tell the person it was not sent.
 */
export async function runAfterCommit(deps: EffectDeps, effects: AfterCommit): Promise<void> {
  for (const action of effects.chainActions ?? []) {
    const dispatched = await dispatchAfterCommit(deps.chainQueues, action);
    if (!dispatched.enqueued)
      deps.logger.warn(
        { err: dispatched.error, actionId: action.id },
        'chain action left for the outbox dispatcher',
      );
    await publishChainActionAfterCommit(deps, action);
  }
  for (const scope of new Set(effects.cacheScopes ?? []))
    await attempt(deps, 'cache renewal', { scope }, () => bumpGeneration(deps.redis, scope));
  await publishAfterCommit(deps, effects.events ?? []);
  if (effects.mails?.length && deps.mailQueue)
    await queueMails({ ...deps, mailQueue: deps.mailQueue }, effects.mails);
}

/** Where a lost effect is logged: the api's pino logger and the chain worker's logger both fit. */
export interface EffectLog {
  warn(obj: object, msg?: string): void;
}

/**
 * Publishes committed changes' live events in order, with the one failure policy (logged, never thrown): used by
 * `runAfterCommit` and by the chain worker after its own transactions.
 */
export async function publishAfterCommit(
  deps: { events: EventBus; logger: EffectLog },
  events: RoomEvent[],
): Promise<void> {
  for (const e of events)
    await attempt(deps, 'live event', { room: e.room, event: e.event }, () =>
      deps.events.publish(e.room, e.event, e.payload),
    );
}

/** A chain action's committed state, to its subject's room and its own (same failure policy). */
export async function publishChainActionAfterCommit(
  deps: { events: EventBus; logger: EffectLog },
  action: ChainActionRow,
): Promise<void> {
  await attempt(deps, 'chain action event', { actionId: action.id }, () =>
    publishChainAction(deps.events, action),
  );
}

async function attempt(deps: { logger: EffectLog }, what: string, context: object, run: () => Promise<void>) {
  try {
    await run();
  } catch (err) {
    deps.logger.warn({ err, ...context }, `${what} not delivered after commit`);
  }
}

/**
 * Runs `work` in one database transaction; once it has committed, runs the effects it returned and answers its
 * result. If `work` throws, the transaction rolls back and no effect runs.
 */
export async function commitThen<R>(
  deps: EffectDeps & { mailQueue: MailQueue; logger: Logger; database: DbHandle },
  work: (tx: Db) => Promise<AfterCommit & { result: R }>,
): Promise<R> {
  const outcome = await deps.database.db.transaction(work);
  await runAfterCommit(deps, outcome);
  return outcome.result;
}
