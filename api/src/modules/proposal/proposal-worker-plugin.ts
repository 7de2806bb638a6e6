import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { governanceInterface } from '@cr/contracts-abi/artifacts';
import type { NewChainEvent } from '../../chain/chain-index.repo';
import { PROPOSAL_LIST_ROOM, PROPOSAL_UPDATE_EVENT, proposalRoom } from '../../contract/proposal.contract';
import type { Db } from '../../db/db-client';
import type { ChainActionRow } from '../../db/schema/chain.schema';
import { chainEvents } from '../../db/schema/chain.schema';
import { councilMembers, councilTerms } from '../../db/schema/council.schema';
import { proposalNotifications, proposals, proposalVotes } from '../../db/schema/proposal.schema';
import { users } from '../../db/schema/users.schema';
import type { EventBus } from '../../realtime/event-bus';
import { getChainHead } from '../../chain/chain-index.repo';
import { closedWindows, projectEvents, type ProjectionNotice } from './proposal-projection';
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
 * api does not import the worker: the worker imports this module.
 */
export interface ProposalWorkerPlugins {
  onEvents: (events: NewChainEvent[], tx: Db) => Promise<void>;
  windowClosers: {
    name: string;
    closedWindows(
      height: number,
      db: Db,
    ): Promise<{ subjectType: string; subjectId: string; dedupeKey: string; to: string; data: string }[]>;
  }[];
  onActionChanged: (action: ChainActionRow, tx: Db) => Promise<void>;
}

export interface ProposalWorkerOptions {
  governance: string;
  chainId: number;
  /** Live `proposal:update` pushes (the worker's bus); none when absent. */
  events?: EventBus;
  reminders?: ReminderOptions;
}

/**
 * The proposal module's part of the chain worker:
 * - onEvents: Council / Governance events → council tables, proposal heights, statuses, votes, veto totals;
 * - a window closer: Governance.finalize for every proposal whose voting or veto window closed, and the
 *   reminder e-mails to members who have not voted, scheduled once per member and proposal;
 * - onActionChanged: a vote's or a registration's chain status moves with its chain action, in its transaction.
 */
export function proposalWorkerPlugins(opts: ProposalWorkerOptions): ProposalWorkerPlugins {
  // Pushed after the event transaction committed: the watcher calls the closers after indexing.
  let pending: ProjectionNotice[] = [];
  const flush = async () => {
    const notices = pending;
    pending = [];
    if (!opts.events) return;
    for (const n of notices) {
      await opts.events.publish(proposalRoom(n.id), PROPOSAL_UPDATE_EVENT, n).catch(() => undefined);
      await opts.events.publish(PROPOSAL_LIST_ROOM, PROPOSAL_UPDATE_EVENT, n).catch(() => undefined);
    }
  };
  let backfilled = false;
  return {
    async onEvents(events, tx) {
      pending.push(...(await projectEvents(events, tx)));
    },
    windowClosers: [
      {
        name: 'proposals',
        async closedWindows(height, db) {
          if (!backfilled) {
            await backfillProjections(db);
            backfilled = true;
          }
          await flush();
          await scheduleReminders(db, height, opts);
          const rows = await closedWindows(db, height);
          return rows
            .filter((r) => r.draftHash)
            .map((r) => ({
              subjectType: 'proposal',
              subjectId: r.id,
              dedupeKey: `finalize:proposal:${r.id}:${r.status === 'PROPOSED' ? 'council' : 'veto'}`,
              ...finalizeCall(opts.governance, r.draftHash!),
            }));
        },
      },
    ],
    async onActionChanged(action, tx) {
      if (action.subjectType !== 'proposal') return;
      if (action.kind === REGISTER_KIND) {
        await tx
          .update(proposals)
          .set({ registerChainStatus: action.status, registerTxHash: action.txHash, updatedAt: new Date() })
          .where(eq(proposals.registerActionId, action.id));
      } else if (action.kind === VOTE_KIND) {
        await tx
          .update(proposalVotes)
          .set({ chainStatus: action.status, txHash: action.txHash })
          .where(eq(proposalVotes.chainActionId, action.id));
      }
    },
  };
}

/**
 * A database whose events were indexed before this module existed (an existing dev chain, an upgrade) has the
 * events but not their projection: replay the stored Council / Governance events once (idempotent).
 */
export async function backfillProjections(db: Db): Promise<void> {
  const [term] = await db.select({ term: councilTerms.term }).from(councilTerms).limit(1);
  if (term) return;
  const events = await db
    .select()
    .from(chainEvents)
    .where(inArray(chainEvents.stream, ['council', 'governance']))
    .orderBy(chainEvents.blockNumber, chainEvents.logIndex);
  if (events.length > 0) await db.transaction((tx) => projectEvents(events, tx).then(() => undefined));
}

/**
 * Reminders to council members who have not voted on chain, before the voting window ends (3 days and 1 day
 * in production; the same share of a shorter window, see `reminderLeads`). One notification row per
 * (proposal, reminder, member) — the unique index makes a second scheduling a no-op — and the proposal's
 * reminded_* stamp keeps this query from looking at it again.
 */
export async function scheduleReminders(
  db: Db,
  height: number,
  opts: ProposalWorkerOptions,
): Promise<number> {
  const head = await getChainHead(db, opts.chainId);
  const candidates = await db
    .select({
      id: proposals.id,
      term: proposals.term,
      registeredHeight: proposals.registeredHeight,
      votingEndHeight: proposals.votingEndHeight,
      remindedEarlyAt: proposals.remindedEarlyAt,
    })
    .from(proposals)
    .where(
      and(
        eq(proposals.status, 'PROPOSED'),
        isNull(proposals.remindedLateAt),
        sql`${proposals.votingEndHeight} > ${height}`,
        // Leads never exceed 3/7 of the window: only proposals that close soon are looked at.
        sql`(${proposals.votingEndHeight} - ${height}) * 7 <= (${proposals.votingEndHeight} - ${proposals.registeredHeight}) * 3`,
      ),
    )
    .limit(100);
  let scheduled = 0;
  for (const p of candidates) {
    if (p.term === null || p.registeredHeight === null || p.votingEndHeight === null) continue;
    const leads = reminderLeads(
      p.votingEndHeight - p.registeredHeight,
      head?.avgBlockMs ?? null,
      opts.reminders ?? DEFAULT_REMINDERS,
    );
    const due = dueReminder(p.votingEndHeight, height, leads, { early: !!p.remindedEarlyAt, late: false });
    if (!due) continue;
    scheduled += await db.transaction(async (tx) => {
      const stamp =
        due === 'late'
          ? { remindedLateAt: new Date(), remindedEarlyAt: p.remindedEarlyAt ?? new Date() }
          : { remindedEarlyAt: new Date() };
      const [claimed] = await tx
        .update(proposals)
        .set(stamp)
        .where(
          and(
            eq(proposals.id, p.id),
            due === 'late' ? isNull(proposals.remindedLateAt) : isNull(proposals.remindedEarlyAt),
          ),
        )
        .returning({ id: proposals.id });
      if (!claimed) return 0;
      // Seated members of the proposal's term with a site account and no vote recorded on chain.
      const recipients = await tx
        .select({ userId: users.id })
        .from(councilMembers)
        .innerJoin(users, eq(users.did, councilMembers.did))
        .leftJoin(
          proposalVotes,
          and(eq(proposalVotes.proposalId, p.id), eq(proposalVotes.memberId, councilMembers.memberId)),
        )
        .where(
          and(
            eq(councilMembers.term, p.term!),
            eq(councilMembers.seated, true),
            isNull(proposalVotes.chainedChoice),
          ),
        );
      if (recipients.length === 0) return 0;
      const rows = await tx
        .insert(proposalNotifications)
        .values(
          recipients.map((r) => ({
            proposalId: p.id,
            kind: `reminder:${due}`,
            recipientId: r.userId,
            status: 'pending' as const,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: proposalNotifications.id });
      return rows.length;
    });
  }
  return scheduled;
}
