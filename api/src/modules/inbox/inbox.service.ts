import type { AppDeps } from '../../app-deps';
import type { Inbox, InboxItem, InboxRead } from '@cr/contract/inbox.contract';
import type { Db } from '@cr/core/db/db-client';
import type { CommandOutcome } from '../../http/command';
import { memberDeadlineState } from '../calendar';
import { proposalWindow } from '../proposal';
import { isSecretaryGeneral } from '../proposal-tracking';
import type { AuthUser } from '../session';
import { inboxEvents } from '../../realtime/inbox-events';
import * as repo from './inbox.repo';

/**
 * The in-app inbox (docs/inbox.md). Items are derived from current state at each read, by role, from the session's
 * user only: a need (vote, review, fix, withdrawal) is listed while it is needed and leaves when done; an event
 * (comment, mention) is listed until read. `inbox_reads` only remembers which item keys the member has read.
 */

/** Comments and mentions older than this are not brought up any more. */
const EVENT_DAYS = 60;
const EVENT_LIMIT = 50;
/** Read marks older than this are dropped (a need still open after that counts as unread again). */
const MARK_DAYS = 180;
const DAY_MS = 86_400_000;
const EXCERPT = 160;

const excerpt = (text: string | null | undefined) => {
  if (!text) return null;
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT ? `${flat.slice(0, EXCERPT - 1)}…` : flat || null;
};
const iso = (...dates: (Date | null | undefined)[]) => (dates.find((d) => d) ?? new Date(0)).toISOString();

type Draft = Omit<InboxItem, 'read'>;

const base = {
  stage: null,
  actor: null,
  endsAt: null,
  endHeight: null,
  blocksLeft: null,
  excerpt: null,
  link: null,
} satisfies Partial<Draft>;

const proposalSubject = (r: { proposalId: string; number: number | null; title: string }) => ({
  type: 'proposal' as const,
  id: r.proposalId,
  number: r.number,
  title: r.title,
});

/** Council: PROPOSED proposals of the member's seated term, window open, no vote of theirs stored. */
async function voteItems(deps: AppDeps, db: Db, user: AuthUser): Promise<Draft[]> {
  if (!user.did) return [];
  const { clock, seat, proposals } = await memberDeadlineState(db, deps.config.CHAIN_ID, user.did);
  if (!seat) return [];
  const open = proposals
    .filter((p) => p.status === 'PROPOSED' && p.term === seat.term.term)
    .map((p) => ({ p, w: proposalWindow(p, clock) }))
    .filter(({ w }) => w.votingOpen);
  const voted = await repo.votedProposalIds(
    db,
    user.did,
    open.map(({ p }) => p.id),
  );
  return open
    .filter(({ p }) => !voted.has(p.id))
    .map(({ p, w }) => ({
      ...base,
      key: `vote:${p.id}`,
      kind: 'vote' as const,
      need: true,
      at: iso(p.publishedAt),
      subject: proposalSubject({ proposalId: p.id, number: p.number, title: p.title }),
      endsAt: w.endsAt,
      endHeight: w.votingEndHeight,
      blocksLeft: w.blocksLeft,
    }));
}

/** The secretary general: payment requests, tracking messages and summaries awaiting review. */
async function reviewItems(deps: AppDeps, db: Db, user: AuthUser): Promise<Draft[]> {
  if (!(await isSecretaryGeneral(db, user))) return [];
  const [payments, tracking] = await Promise.all([
    repo.paymentsAwaitingReview(db),
    repo.trackingAwaitingReview(db),
  ]);
  return [
    ...payments.map((r) => ({
      ...base,
      key: `review-payment:${r.milestoneId}:${iso(r.at, r.updatedAt)}`,
      kind: 'review-payment' as const,
      need: true,
      at: iso(r.at, r.updatedAt),
      subject: proposalSubject(r),
      stage: r.stage,
      excerpt: excerpt(r.excerpt),
    })),
    ...tracking.map((r) => ({
      ...base,
      key: `review-${r.kind === 'SUMMARY' ? 'summary' : 'tracking'}:${r.entryId}:${r.round}`,
      kind: r.kind === 'SUMMARY' ? ('review-summary' as const) : ('review-tracking' as const),
      need: true,
      at: iso(r.at, r.updatedAt),
      subject: proposalSubject(r),
    })),
  ];
}

/** The owner: rejected tracking / summary / payment requests to fix, and withdrawals ready. */
async function ownerItems(deps: AppDeps, db: Db, user: AuthUser): Promise<Draft[]> {
  const [tracking, stages] = await Promise.all([
    repo.rejectedTrackingOf(db, user.id),
    repo.ownerStagesToAct(db, user.id),
  ]);
  const withdrawable = stages.filter((s) => s.status === 'WAITING_FOR_WITHDRAWAL');
  // One withdrawal pays every stage waiting for it, so it is one item per proposal.
  const byProposal = new Map<string, (typeof withdrawable)[number]>();
  for (const s of withdrawable) if (!byProposal.has(s.proposalId)) byProposal.set(s.proposalId, s);
  return [
    ...tracking.map((r) => ({
      ...base,
      key: `fix-${r.kind === 'SUMMARY' ? 'summary' : 'tracking'}:${r.entryId}:${r.round}`,
      kind: r.kind === 'SUMMARY' ? ('fix-summary' as const) : ('fix-tracking' as const),
      need: true,
      at: iso(r.at, r.updatedAt),
      subject: proposalSubject(r),
      excerpt: excerpt(r.excerpt),
    })),
    ...stages
      .filter((s) => s.status === 'REJECTED')
      .map((r) => ({
        ...base,
        key: `fix-payment:${r.milestoneId}:${iso(r.at, r.updatedAt)}`,
        kind: 'fix-payment' as const,
        need: true,
        at: iso(r.at, r.updatedAt),
        subject: proposalSubject(r),
        stage: r.stage,
        excerpt: excerpt(r.excerpt),
      })),
    ...[...byProposal.values()].map((r) => ({
      ...base,
      key: `withdraw:${r.proposalId}:${withdrawable
        .filter((s) => s.proposalId === r.proposalId)
        .map((s) => s.stage)
        .join('.')}`,
      kind: 'withdraw' as const,
      need: true,
      at: iso(r.at, r.updatedAt),
      subject: proposalSubject(r),
      stage: r.stage,
    })),
  ];
}

/** Authors and mentioned members: comments by others on their suggestions (and proposals made of them). */
async function commentItems(db: Db, user: AuthUser, now: Date): Promise<Draft[]> {
  const rows = await repo.commentsFor(
    db,
    user.id,
    new Date(now.getTime() - EVENT_DAYS * DAY_MS),
    EVENT_LIMIT,
  );
  return rows.map((r) => ({
    ...base,
    key: `${r.mentioned ? 'mention' : 'comment'}:${r.commentId}`,
    kind: r.mentioned ? ('mention' as const) : ('comment' as const),
    need: false,
    at: r.at.toISOString(),
    subject: { type: 'suggestion' as const, id: r.suggestionId, number: r.number, title: r.title },
    actor: r.actor,
    excerpt: excerpt(r.body),
  }));
}

/** The signers of an action the chain refused for good (core/src/chain/chain-refusal.ts), with the reason. */
async function refusalItems(db: Db, user: AuthUser, now: Date): Promise<Draft[]> {
  const rows = await repo.refusalNoticesFor(
    db,
    user.id,
    new Date(now.getTime() - EVENT_DAYS * DAY_MS),
    EVENT_LIMIT,
  );
  return rows.map((r) => ({
    ...base,
    key: `chain-refused:${r.actionId}`,
    kind: 'chain-refused' as const,
    need: false,
    at: r.at.toISOString(),
    subject: {
      type: r.link.startsWith('/suggestion/') ? ('suggestion' as const) : ('proposal' as const),
      id: r.subjectId,
      number: null,
      title: r.title,
    },
    excerpt: excerpt(r.reason),
    link: r.link,
  }));
}

/** Every item of the member now: needs first (votes by deadline), then the rest newest first. */
export async function readInbox(
  deps: AppDeps,
  user: AuthUser,
  now = new Date(),
  db: Db = deps.database.db,
): Promise<Inbox> {
  const parts = await Promise.all([
    voteItems(deps, db, user),
    reviewItems(deps, db, user),
    ownerItems(deps, db, user),
    commentItems(db, user, now),
    refusalItems(db, user, now),
  ]);
  const drafts = parts.flat();
  const read = await repo.readKeys(
    db,
    user.id,
    drafts.map((d) => d.key),
  );
  const items = drafts
    // An event leaves once read; a need stays while needed.
    .filter((d) => d.need || !read.has(d.key))
    .map((d) => ({ ...d, read: read.has(d.key) }))
    .sort((a, b) => {
      if (a.need !== b.need) return a.need ? -1 : 1;
      if (a.endsAt && b.endsAt) return a.endsAt.localeCompare(b.endsAt);
      if (a.endsAt || b.endsAt) return a.endsAt ? -1 : 1;
      return b.at.localeCompare(a.at);
    });
  return { items, unread: items.filter((i) => !i.read).length };
}

/**
 * Marks items read for the session's member: the keys given (only those now in their own inbox, read in the same
 * transaction, so nothing else can be written), or all. Other tabs of the member hear it on their room.
 */
export async function markInboxRead(
  tx: Db,
  deps: AppDeps,
  user: AuthUser,
  input: InboxRead,
  now = new Date(),
): Promise<CommandOutcome<undefined>> {
  const current = await readInbox(deps, user, now, tx);
  const mine = new Set(current.items.map((i) => i.key));
  const keys = 'all' in input ? [...mine] : input.keys.filter((k) => mine.has(k));
  await repo.markRead(tx, user.id, keys, new Date(now.getTime() - MARK_DAYS * DAY_MS));
  return { result: undefined, events: inboxEvents([user.id]) };
}
