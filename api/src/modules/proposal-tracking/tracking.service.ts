import { randomUUID } from 'node:crypto';
import { textHash } from '@cr/contracts-abi/statements';
import type { AppDeps } from '../../app-deps';
import { personName } from '@cr/contract/person-name';
import { proposalRoom } from '@cr/contract/proposal.contract';
import {
  TRACKING_MESSAGES_MAX,
  TRACKING_UPDATE_EVENT,
  type TrackingCreate,
  type TrackingEntry,
  type TrackingList,
  type TrackingReview,
  type TrackingStatus,
  type TrackingUpdate,
} from '@cr/contract/proposal-tracking.contract';
import type { Db } from '@cr/core/db/db-client';
import type { ProposalRow } from '@cr/core/db/schema/proposal.schema';
import type { ProposalTrackingRow } from '@cr/core/db/schema/proposal-tracking.schema';
import type { CommandOutcome } from '../../http/command';
import type { MailJob } from '@cr/core/queues/mail-queue';
import type { RoomEvent } from '@cr/core/realtime/event-bus';
import { publicUsers } from '../user';
import type { AuthUser } from '../session';
import { trackedProposal, trackingError, viewerOf } from './tracking-access';
import { reviewedMail, submittedMails } from './tracking-mail';
import { inboxEvents } from '../../realtime/inbox-events';
import * as repo from './tracking.repo';

/** The inbox events of a tracking or payment change: the owner's and the secretariat's. */
async function ownerAndSecretariat(db: Db, ownerId: string | null): Promise<RoomEvent[]> {
  return inboxEvents([ownerId, ...(await repo.secretaryIds(db))]);
}

/** What a write answers: the entry, and whether its e-mails could not be queued (the change itself stands). */
export interface TrackingWriteResult {
  entry: TrackingEntry;
  mailFailed: boolean;
}

type Person = TrackingEntry['author'];

async function people(db: Db, ids: (string | null)[]): Promise<Map<string, NonNullable<Person>>> {
  const cards = await publicUsers(db, ids);
  return new Map(
    [...cards].map(([id, c]) => [id, { _id: c._id, username: c.username, name: personName(c) }]),
  );
}

function toEntry(r: ProposalTrackingRow, who: Map<string, NonNullable<Person>>): TrackingEntry {
  return {
    _id: r.id,
    kind: r.kind,
    status: r.status,
    content: r.content,
    author: who.get(r.authorId) ?? null,
    review:
      r.reviewedAt && r.reviewComment !== null
        ? {
            comment: r.reviewComment,
            reviewer: r.reviewerId ? (who.get(r.reviewerId) ?? null) : null,
            reviewedAt: r.reviewedAt.toISOString(),
          }
        : null,
    round: r.round,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    submittedAt: r.submittedAt?.toISOString() ?? null,
  };
}

async function entryView(db: Db, r: ProposalTrackingRow): Promise<TrackingEntry> {
  return toEntry(r, await people(db, [r.authorId, r.reviewerId]));
}

/** GET /api/proposals/:id/tracking — published entries for everyone; all of them for owner, secretariat, council. */
export async function listTracking(deps: AppDeps, user: AuthUser | null, ref: string): Promise<TrackingList> {
  const db = deps.database.db;
  const p = await trackedProposal(db, ref);
  const viewer = await viewerOf(db, p, user);
  const all = await repo.entriesOf(db, p.id);
  const shown = viewer.seesAll ? all : all.filter((r) => r.status === 'PUBLISHED');
  const who = await people(
    db,
    shown.flatMap((r) => [r.authorId, r.reviewerId]),
  );
  const summary = shown.find((r) => r.kind === 'SUMMARY');
  return {
    proposalId: p.id,
    messages: shown.filter((r) => r.kind === 'TRACKING').map((r) => toEntry(r, who)),
    summary: summary ? toEntry(summary, who) : null,
    count: all.filter((r) => r.kind === 'TRACKING').length,
    limit: TRACKING_MESSAGES_MAX,
    my: { canWrite: viewer.canWrite, canReview: viewer.canReview, seesAll: viewer.seesAll },
  };
}

/** The public room hears only that something changed (not which draft), and each page re-reads what it may see. */
const changed = (p: ProposalRow): RoomEvent => ({
  room: proposalRoom(p.id),
  event: TRACKING_UPDATE_EVENT,
  payload: { id: p.id, what: 'tracking' },
});

/**
 * A write of the tracking commands, in their transaction with the proposal row locked (entries of one proposal are
 * written one at a time, so the 128 limit and the single summary hold under concurrency); its event and e-mails
 * go after commit.
 */
async function write(
  tx: Db,
  ref: string,
  work: (p: ProposalRow) => Promise<{ row: ProposalTrackingRow; mails: MailJob[] }>,
): Promise<CommandOutcome<ProposalTrackingRow>> {
  const p = await trackedProposal(tx, ref, true);
  const { row, mails } = await work(p);
  // The owner's and the secretariat's inboxes change with every submission and review.
  return { result: row, events: [changed(p), ...(await ownerAndSecretariat(tx, p.ownerId))], mails };
}

/**
 * What a tracking command answers once committed: the entry as it is, and whether its e-mails could not be queued
 * (the change itself stands; the entry is then read again).
 */
export async function trackingAnswer(
  deps: AppDeps,
  row: ProposalTrackingRow,
  mailFailed: boolean,
): Promise<TrackingWriteResult> {
  const db = deps.database.db;
  if (!mailFailed) return { entry: await entryView(db, row), mailFailed: false };
  const stored = await repo.findEntry(db, row.id);
  return { entry: await entryView(db, stored!), mailFailed: true };
}

/** The owner may write on this proposal now (owner, ACTIVE). */
async function assertWriter(tx: Db, p: ProposalRow, user: AuthUser) {
  const viewer = await viewerOf(tx, p, user);
  if (!viewer.isOwner) throw trackingError.notOwner();
  if (!viewer.canWrite) throw trackingError.notActive();
}

/** DRAFT or REJECT → REVIEWING: a new round, mailed to the secretariat. */
async function submit(tx: Db, row: ProposalTrackingRow) {
  const from = row.status;
  if (from !== 'DRAFT' && from !== 'REJECT') throw trackingError.notSubmittable();
  const round = row.round + 1;
  const moved = await repo.moveTrackingStatus(tx, row.id, from, 'REVIEWING', {
    round,
    submittedAt: new Date(),
  });
  if (!moved) throw trackingError.notSubmittable();
  return { row: moved, mails: await submittedMails(tx, row.id, round) };
}

/** The owner's entry of this proposal, locked; anyone else's or another proposal's does not exist here. */
async function ownEntry(tx: Db, p: ProposalRow, entryId: string) {
  const row = await repo.findEntry(tx, entryId, true);
  if (!row || row.proposalId !== p.id) throw trackingError.notFound();
  return row;
}

/** POST /api/proposals/:id/tracking — the owner writes a tracking message or the summary (draft or submitted). */
export async function createEntry(
  tx: Db,
  user: AuthUser,
  ref: string,
  input: TrackingCreate,
): Promise<CommandOutcome<ProposalTrackingRow>> {
  const id = randomUUID();
  return write(tx, ref, async (p) => {
    await assertWriter(tx, p, user);
    const n = await repo.countEntries(tx, p.id, input.kind);
    if (input.kind === 'TRACKING' && n >= TRACKING_MESSAGES_MAX)
      throw trackingError.limit(TRACKING_MESSAGES_MAX);
    if (input.kind === 'SUMMARY' && n > 0) throw trackingError.summaryExists();
    const row = await repo.insertEntry(tx, {
      id,
      proposalId: p.id,
      kind: input.kind,
      content: input.content,
      authorId: user.id,
    });
    return input.submit ? submit(tx, row) : { row, mails: [] };
  });
}

/** PUT /api/proposals/:id/tracking/:itemId — the owner edits a DRAFT or REJECT entry, and may submit it. */
export async function updateEntry(
  tx: Db,
  user: AuthUser,
  ref: string,
  entryId: string,
  input: TrackingUpdate,
): Promise<CommandOutcome<ProposalTrackingRow>> {
  return write(tx, ref, async (p) => {
    await assertWriter(tx, p, user);
    const row = await ownEntry(tx, p, entryId);
    if (row.status !== 'DRAFT' && row.status !== 'REJECT') throw trackingError.notEditable();
    const edited = await repo.updateEntryContent(tx, row.id, row.status, input.content);
    if (!edited) throw trackingError.notEditable();
    return input.submit ? submit(tx, edited) : { row: edited, mails: [] };
  });
}

/** POST /api/proposals/:id/tracking/:itemId/submit — DRAFT or REJECT → REVIEWING. */
export async function submitEntry(
  tx: Db,
  user: AuthUser,
  ref: string,
  entryId: string,
): Promise<CommandOutcome<ProposalTrackingRow>> {
  return write(tx, ref, async (p) => {
    await assertWriter(tx, p, user);
    return submit(tx, await ownEntry(tx, p, entryId));
  });
}

/** The hashes an entry is published with (SHA-256, `textHash`, as vote reasons): its text and the review's comment. */
const publishedHashes = (content: string, comment: string) => ({
  contentHash: textHash(content),
  reviewHash: textHash(comment),
});

/** POST /api/proposals/:id/tracking/:itemId/review — the secretary general publishes or rejects (with a comment). */
export async function reviewEntry(
  tx: Db,
  user: AuthUser,
  ref: string,
  entryId: string,
  review: TrackingReview,
): Promise<CommandOutcome<ProposalTrackingRow>> {
  return write(tx, ref, async (p) => {
    if (!(await viewerOf(tx, p, user)).canReview) throw trackingError.notSecretary();
    const row = await ownEntry(tx, p, entryId);
    if (row.status !== 'REVIEWING') throw trackingError.notReviewable();
    const to: TrackingStatus = review.decision === 'approve' ? 'PUBLISHED' : 'REJECT';
    const moved = await repo.moveTrackingStatus(tx, row.id, 'REVIEWING', to, {
      reviewComment: review.comment,
      reviewerId: user.id,
      reviewedAt: new Date(),
      // As published, once: the archive carries these beside the texts (docs/verify.md "Archive").
      ...(to === 'PUBLISHED' ? publishedHashes(row.content, review.comment) : {}),
    });
    if (!moved) throw trackingError.notReviewable();
    return { row: moved, mails: [reviewedMail(row.authorId, row.id, row.round, review.decision)] };
  });
}
