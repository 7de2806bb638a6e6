import { governanceInterface } from '@cr/contracts-abi/artifacts';
import { NO_EFFECTS, type AfterCommit } from '@cr/core/effects/after-commit';
import type { NewChainEvent } from '@cr/core/chain/chain-index.repo';
import { PROPOSAL_LIST_ROOM, PROPOSAL_UPDATE_EVENT, proposalRoom } from '@cr/contract/proposal.contract';
import type { Db } from '@cr/core/db/db-client';
import type { ChainActionRow } from '@cr/core/db/schema/chain.schema';
import type { MailJob, MailLog, MailQueue } from '@cr/core/queues/mail-queue';
import { getChainHead } from '@cr/core/chain/chain-index.repo';
import type { RefusalHandlers } from '@cr/core/chain/chain-refusal';
import { onRegistrationRefused } from './proposal-refusal';
import { onVoteRefused } from './vote-refusal';
import { pendingProposalMail } from './proposal-mail';
import { projectEvents } from './proposal-projection';
import { closedWindows } from './proposal-projection.repo';
import * as repo from './proposal-worker.repo';
import { DEFAULT_REMINDERS, dueReminder, reminderLeads, type ReminderOptions } from './proposal-rules';

/** Kinds of the proposal module's chain actions (subject type `proposal`, room `proposal:<id>`). */
export const REGISTER_KIND = 'proposal.register';
export const VOTE_KIND = 'proposal.vote';
export const VETO_KIND = 'proposal.veto';

/** The finalize call a closed window needs (Governance.finalize(draftHash)). */
export function finalizeCall(governance: string, draftHash: string) {
  return { to: governance, data: governanceInterface.encodeFunctionData('finalize', [draftHash]) };
}

/**
 * Shapes of the worker's plugin hooks (chain-worker/src/worker-registry.ts WorkerPlugins), declared here so the
 * api does not import the worker: the worker imports this module. Each answers the effects of its change (live
 * events, e-mail), which the worker runs once the transaction committed.
 */
export interface ProposalWorkerPlugins {
  onEvents: (events: NewChainEvent[], tx: Db) => Promise<AfterCommit>;
  windowClosers: {
    name: string;
    closedWindows(
      height: number,
      db: Db,
    ): Promise<{
      calls: { subjectType: string; subjectId: string; dedupeKey: string; to: string; data: string }[];
      effects?: AfterCommit;
    }>;
  }[];
  onActionChanged: (action: ChainActionRow, tx: Db) => Promise<AfterCommit>;
  /** Per-kind hooks when the chain refuses an action for good (core/src/chain/chain-refusal.ts). */
  refusalHandlers: RefusalHandlers;
}

export interface ProposalWorkerOptions {
  governance: string;
  chainId: number;
  reminders?: ReminderOptions;
  /**
   * With a mail queue the worker queues the status e-mails and reminders (after their transaction committed) and
   * this module sweeps the ones left pending; without one, neither.
   */
  mail?: { mailQueue: MailQueue; logger: MailLog };
}

/** Notifications still pending this long after they were recorded are queued again (the safety net). */
export const MAIL_SWEEP_AGE_MS = 60_000;
const MAIL_SWEEP_EVERY_MS = 60_000;

/**
 * The proposal module's part of the chain worker:
 * - onEvents: Council / Governance events → council tables, proposal heights, statuses, votes, veto totals;
 * - a window closer: Governance.finalize for every proposal whose voting or veto window closed, and the
 *   reminder e-mails to members who have not voted, scheduled once per member and proposal;
 * - onActionChanged: a vote's or a registration's chain status moves with its chain action, in its transaction.
 */
export function proposalWorkerPlugins(opts: ProposalWorkerOptions): ProposalWorkerPlugins {
  let lastSweep = 0;
  /**
   * The safety net: the first tick queues whatever an earlier process left pending (and the backfill recorded);
   * later ticks look once a minute for rows left pending. Answers them as mail for the worker to queue.
   */
  const sweep = async (db: Db): Promise<MailJob[]> => {
    if (!opts.mail || Date.now() - lastSweep < MAIL_SWEEP_EVERY_MS) return [];
    return pendingProposalMail(db, lastSweep === 0 ? 0 : MAIL_SWEEP_AGE_MS).then(
      (jobs) => {
        lastSweep = Date.now();
        return jobs;
      },
      (err: unknown) => {
        opts.mail!.logger.warn({ err }, 'pending proposal mail not swept');
        return [];
      },
    );
  };
  let backfilled = false;
  return {
    async onEvents(events, tx) {
      const projection = await projectEvents(events, tx);
      return {
        events: projection.notices.flatMap((n) => [
          { room: proposalRoom(n.id), event: PROPOSAL_UPDATE_EVENT, payload: n },
          { room: PROPOSAL_LIST_ROOM, event: PROPOSAL_UPDATE_EVENT, payload: n },
        ]),
        // Each recorded in proposal_notifications by the same transaction (the sweep queues it if this is lost).
        mails: projection.mails,
      };
    },
    windowClosers: [
      {
        name: 'proposals',
        async closedWindows(height, db) {
          if (!backfilled) {
            await backfillProjections(db);
            backfilled = true;
          }
          const swept = await sweep(db);
          const reminders = await scheduleReminders(db, height, opts);
          const rows = await closedWindows(db, height);
          return {
            calls: rows
              .filter((r) => r.draftHash)
              .map((r) => ({
                subjectType: 'proposal',
                subjectId: r.id,
                dedupeKey: `finalize:proposal:${r.id}:${r.status === 'PROPOSED' ? 'council' : 'veto'}`,
                ...finalizeCall(opts.governance, r.draftHash!),
              })),
            effects: { mails: [...swept, ...reminders] },
          };
        },
      },
    ],
    async onActionChanged(action, tx) {
      if (action.subjectType !== 'proposal') return NO_EFFECTS;
      if (action.kind === REGISTER_KIND) await repo.followRegisterAction(tx, action);
      else if (action.kind === VOTE_KIND) await repo.followVoteAction(tx, action);
      return NO_EFFECTS;
    },
    // The permanent-refusal hooks of this module's kinds (core/src/chain/chain-refusal.ts).
    refusalHandlers: { [REGISTER_KIND]: onRegistrationRefused, [VOTE_KIND]: onVoteRefused },
  };
}

/**
 * A database whose events were indexed before this module existed (an existing dev chain, an upgrade) has the
 * events but not their projection: replay the stored Council / Governance events once (idempotent).
 */
export async function backfillProjections(db: Db): Promise<void> {
  if (await repo.hasCouncilTerm(db)) return;
  const events = await repo.storedGovernanceEvents(db);
  // Status mails it records stay pending; the plugin's first sweep queues them.
  if (events.length > 0) await db.transaction((tx) => projectEvents(events, tx).then(() => undefined));
}

/**
 * Reminders to council members who have not voted on chain, before the voting window ends (3 days and 1 day
 * in production; the same share of a shorter window, see `reminderLeads`). One notification row per
 * (proposal, reminder, member) — the unique index makes a second scheduling a no-op — and the proposal's
 * reminded_* stamp keeps this query from looking at it again. Returns the mails recorded by committed
 * transactions, for the caller to queue (the window closer answers them as effects).
 */
export async function scheduleReminders(
  db: Db,
  height: number,
  opts: ProposalWorkerOptions,
): Promise<MailJob[]> {
  const head = await getChainHead(db, opts.chainId);
  const candidates = await repo.reminderCandidates(db, height);
  const scheduled: MailJob[] = [];
  for (const p of candidates) {
    if (p.term === null || p.registeredHeight === null || p.votingEndHeight === null) continue;
    const leads = reminderLeads(
      p.votingEndHeight - p.registeredHeight,
      head?.avgBlockMs ?? null,
      opts.reminders ?? DEFAULT_REMINDERS,
    );
    const due = dueReminder(p.votingEndHeight, height, leads, { early: !!p.remindedEarlyAt, late: false });
    if (!due) continue;
    const recorded = await db.transaction(async (tx): Promise<MailJob[]> => {
      if (!(await repo.stampReminded(tx, p.id, due, p.remindedEarlyAt))) return [];
      const recipients = await repo.unvotedSeatedUsers(tx, p.id, p.term!);
      const recorded = await repo.recordNotifications(tx, p.id, `reminder:${due}`, recipients);
      return recorded.map((recipientId) => ({
        kind: 'proposal.reminder',
        proposalId: p.id,
        lead: due,
        recipientId,
      }));
    });
    scheduled.push(...recorded);
  }
  return scheduled;
}
