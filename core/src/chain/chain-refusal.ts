import { INBOX_EVENT } from '@cr/contract/inbox.contract';
import { userRoom } from '@cr/contract/social.contract';
import type { Db } from '../db/db-client';
import type { ChainActionRow } from '../db/schema/chain.schema';
import type { AfterCommit } from '../effects/after-commit';
import type { MailJob } from '../queues/mail-queue';
import type { RoomEvent } from '../realtime/event-bus';
import { insertRefusalNotices, releaseDedupeKey } from './chain-refusal.repo';
import { isPermanentFailure } from './chain-status';

/**
 * A permanent refusal leaves a truthful state (docs/chain-actions.md, "Permanent refusals").
 *
 * When the chain refuses an action for good (`isPermanentFailure`: a revert no retry can fix), the chain worker
 * calls the handler registered for the action's `kind`, in the SAME database transaction that marks the action
 * `failed`. The handler:
 * 1. puts its domain record back into a state the chain backs (a refused registration goes back to a draft, a
 *    refused vote is no longer counted as posted...), and
 * 2. answers who signed the action and must be told, with the words and the page to show them.
 * The mechanism then records one `chain_refusal_notices` row per person (the inbox lists it until read, kind
 * `chain-refused`) and, after commit, queues one `chain.refused` e-mail each and publishes the handler's live
 * events plus each person's `inbox` event.
 *
 * To plug in an action kind: write `(action, tx) => Promise<ChainRefusal | null>` in your module and add it under
 * your kind in your module's worker plugin `refusalHandlers` (see proposal-worker-plugin.ts), which
 * chain-worker/src/governance-plugins.ts merges. A kind without a handler still fails truthfully (`retryable:
 * false`); only nobody is told.
 */
export interface ChainRefusal {
  /**
   * The site accounts of the people who signed the refused action, each with the page where they see the record
   * as it now is (a site path: a council member's draft, the owner's suggestion). Accounts without an id are
   * dropped; the first entry of an account wins.
   */
  recipients: readonly { userId: string | null | undefined; link: string }[];
  /** What was refused, in the module's words (e.g. the proposal's title); shown with the action's failure reason. */
  title: string;
  /** The record the people are told about. */
  subjectType: string;
  subjectId: string;
  /**
   * True when the record can be signed again (e.g. the draft published anew): the refused action then gives up
   * its dedupe key, so the new signature records a new action instead of finding the refused one.
   */
  signAgain?: boolean;
  /** Live updates of the record for its pages (published after commit, before the inbox events). */
  events?: RoomEvent[];
}

/** One kind's reaction to a permanent refusal; runs inside the failing transaction (throwing rolls it back). */
export type RefusalHandler = (action: ChainActionRow, tx: Db) => Promise<ChainRefusal | null>;

/** Handlers by chain action kind (e.g. `proposal.register`). */
export type RefusalHandlers = Readonly<Record<string, RefusalHandler>>;

/** What the refusal does once its transaction committed (run by the worker's after-commit mechanism). */
export interface RefusalEffects extends AfterCommit {
  events: RoomEvent[];
  mails: MailJob[];
}

const NO_EFFECTS: RefusalEffects = { events: [], mails: [] };

/**
 * Runs the kind's handler for an action that has just become `failed` for good (no-op otherwise) and records the
 * notices; answers the effects to run after commit. Called by the worker in the transaction of the failure.
 */
export async function applyPermanentRefusal(
  handlers: RefusalHandlers,
  action: ChainActionRow,
  tx: Db,
): Promise<RefusalEffects> {
  if (action.status !== 'failed' || !isPermanentFailure(action.failureType)) return NO_EFFECTS;
  const handler = handlers[action.kind];
  if (!handler) return NO_EFFECTS;
  const refusal = await handler(action, tx);
  if (!refusal) return NO_EFFECTS;
  if (refusal.signAgain) await releaseDedupeKey(tx, action.id);
  const links = new Map<string, string>();
  for (const r of refusal.recipients) if (r.userId && !links.has(r.userId)) links.set(r.userId, r.link);
  const recorded = await insertRefusalNotices(
    tx,
    [...links].map(([recipientId, link]) => ({
      actionId: action.id,
      recipientId,
      title: refusal.title,
      link,
      subjectType: refusal.subjectType,
      subjectId: refusal.subjectId,
    })),
  );
  return {
    events: [
      ...(refusal.events ?? []),
      ...recorded.map((id) => ({ room: userRoom(id), event: INBOX_EVENT, payload: {} })),
    ],
    mails: recorded.map((recipientId) => ({
      kind: 'chain.refused' as const,
      recipientId,
      actionId: action.id,
    })),
  };
}
