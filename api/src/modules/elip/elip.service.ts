import type { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { Db } from '@cr/core/db/db-client';
import {
  ELIP_DELETABLE,
  ELIP_EDITABLE,
  ELIP_AUTHOR_MOVES,
  ELIP_MOVE_TARGET,
  ELIP_PAGE_SIZE,
  ELIP_PUBLIC_STATUSES,
  type ElipDetail,
  type ElipList,
  type ElipMove,
  type ElipStatus,
  type ElipValues,
  type elipListQuerySchema,
  type elipReviewInputSchema,
} from '@cr/contract/elip.contract';
import type { ElipRow } from '@cr/core/db/schema';
import type { CommandOutcome } from '../../http/command';
import type { AuthUser } from '../session';
import { seatedNow } from '../council';
import { insertDraftProposal } from '../proposal-record';
import { elipError, isSecretariat } from './elip-errors';
import { ELIP_STATUS_TABLE } from './elip-rules';
import { toDetail, toSummary } from './elip-view';
import * as repo from './elip.repo';

type ListQuery = z.output<typeof elipListQuerySchema>;
type ReviewValues = z.output<typeof elipReviewInputSchema>;

const text = (v: ElipValues) => ({
  title: v.title,
  type: v.type,
  language: v.language,
  discussionsTo: v.discussionsTo || null,
  requires: v.requires || null,
  replaces: v.replaces || null,
  supersededBy: v.supersededBy || null,
  abstract: v.abstract,
  motivation: v.motivation,
  specification: v.specification,
  rationale: v.rationale,
  backwardCompatibility: v.backwardCompatibility,
  referenceImplementation: v.referenceImplementation,
  copyright: v.copyright,
});

/** Whether `viewer` may read an ELIP: public statuses for everyone, the rest for its author and the secretariat. */
function canSee(e: ElipRow, viewer: AuthUser | null): boolean {
  if (ELIP_PUBLIC_STATUSES.includes(e.status as ElipStatus)) return true;
  return !!viewer && (viewer.id === e.authorId || isSecretariat(viewer.role));
}

/** An ELIP the viewer may read (an invisible one is reported as missing, so drafts do not leak). */
async function visibleElip(db: Db, viewer: AuthUser | null, ref: string, lock = false): Promise<ElipRow> {
  const e = await repo.findElip(db, ref, lock);
  if (!e || !canSee(e, viewer)) throw elipError(404, 'elip.not_found');
  return e;
}

/** An ELIP the caller wrote (deny by default: someone else's is 403). */
async function authoredElip(db: Db, user: AuthUser, ref: string, lock = false): Promise<ElipRow> {
  const e = await visibleElip(db, user, ref, lock);
  if (e.authorId !== user.id) throw elipError(403, 'elip.not_author');
  return e;
}

/**
 * The author moves that the table allows from `status`. SUBMITTED_AS_PROPOSAL goes back to FINAL_REVIEW only when
 * its council member deletes the proposal draft, never by the author.
 */
function movesFrom(status: ElipStatus): ElipMove[] {
  if (status === 'SUBMITTED_AS_PROPOSAL') return [];
  return ELIP_AUTHOR_MOVES.filter((m) => ELIP_STATUS_TABLE.can(status, ELIP_MOVE_TARGET[m]));
}

async function councilPassed(db: Db, id: string): Promise<boolean> {
  const votes = await repo.votesOf(db, id);
  const yes = votes.filter((v) => v.vote.value === 'YES').length;
  const oppose = votes.filter((v) => v.vote.value === 'OPPOSE').length;
  return yes > 0 && yes > oppose;
}

export async function getElip(deps: AppDeps, viewer: AuthUser | null, ref: string): Promise<ElipDetail> {
  const db = deps.database.db;
  const e = await visibleElip(db, viewer, ref);
  const row = (await repo.findElipWithAuthor(db, e.id))!;
  const status = e.status as ElipStatus;
  const isAuthor = viewer?.id === e.authorId;
  const council = !!viewer?.did && viewer.role === 'COUNCIL';
  const proposal = await repo.proposalOfElip(db, e.id);
  return toDetail(
    row,
    await repo.reviewsOf(db, e.id),
    await repo.votesOf(db, e.id),
    {
      edit: isAuthor && ELIP_EDITABLE.includes(status),
      delete: isAuthor && ELIP_DELETABLE.includes(status),
      review: !!viewer && isSecretariat(viewer.role) && status === 'WAIT_FOR_REVIEW',
      vote: council && status === 'FINAL_REVIEW',
      propose: council && status === 'FINAL_REVIEW' && !proposal && (await councilPassed(db, e.id)),
      moves: isAuthor ? movesFrom(status) : [],
    },
    proposal && {
      // A draft is its council member's alone: others learn who prepares it, not where.
      _id: proposal.number !== null || proposal.proposer.id === viewer?.id ? proposal.id : null,
      number: proposal.number,
      status: proposal.status,
      title: proposal.title,
      proposer: proposal.proposer,
    },
  );
}

/**
 * The ELIP as the proposal's content, in markdown: its preamble, then every section that has words except the
 * abstract and the motivation (the proposal shows those in their own fields).
 */
function elipAsMarkdown(e: ElipRow): string {
  const pre = [
    ['ELIP', String(e.number)],
    ['Type', e.type],
    ['Discussions-To', e.discussionsTo],
    ['Requires', e.requires],
    ['Replaces', e.replaces],
    ['Superseded-By', e.supersededBy],
  ].filter(([, v]) => v) as [string, string][];
  const sections: [string, string][] = [
    ['Specification', e.specification],
    ['Rationale', e.rationale],
    ['Backward compatibility', e.backwardCompatibility],
    ['Reference implementation', e.referenceImplementation],
    ['Copyright', e.copyright],
  ];
  return [
    pre.map(([k, v]) => `- **${k}**: ${v}`).join('\n'),
    ...sections.filter(([, v]) => v.trim()).map(([k, v]) => `## ${k}\n\n${v.trim()}`),
  ].join('\n\n');
}

/**
 * A seated council member submits an ELIP the council approved (FINAL_REVIEW, more YES than OPPOSE) as a proposal:
 * in one transaction the ELIP becomes SUBMITTED_AS_PROPOSAL and the member's proposal draft is created with its
 * text, linked both ways (docs/elips.md). Returns the ELIP's and the draft's ids; the proposal lists are renewed
 * after commit.
 */
export async function submitElipAsProposal(
  tx: Db,
  user: AuthUser,
  ref: string,
): Promise<CommandOutcome<{ elipId: string; proposalId: string }>> {
  if (!user.did || !(await seatedNow(tx, user.did, null))) throw elipError(403, 'elip.not_council_proposer');
  const e = await visibleElip(tx, user, ref, true);
  if (e.status !== 'FINAL_REVIEW') throw elipError(409, 'elip.wrong_status');
  if (!(await councilPassed(tx, e.id))) throw elipError(409, 'elip.not_passed');
  if (!(await repo.moveElip(tx, e.id, 'FINAL_REVIEW', 'SUBMITTED_AS_PROPOSAL')))
    throw elipError(409, 'elip.wrong_status');
  const proposalId = await insertDraftProposal(tx, {
    status: 'DRAFT',
    type: '1',
    kind: 'NORMAL',
    title: e.title,
    abstract: e.abstract,
    motivation: e.motivation,
    planText: e.specification,
    contentFormat: 'MARKDOWN',
    content: elipAsMarkdown(e),
    elipId: e.id,
    ownerId: e.authorId,
    proposerId: user.id,
    proposerDid: user.did,
  });
  return { result: { elipId: e.id, proposalId }, cacheScopes: ['proposals'] };
}

/** Any signed-in member writes an ELIP: a personal draft, or straight to the secretariat's review. */
export async function createElip(tx: Db, user: AuthUser, v: ElipValues): Promise<CommandOutcome<string>> {
  const row = await repo.insertElip(tx, {
    ...text(v),
    authorId: user.id,
    status: v.submit ? 'WAIT_FOR_REVIEW' : 'PERSONAL_DRAFT',
  });
  return { result: row.id };
}

/** The author edits in PERSONAL_DRAFT, REJECTED or DRAFT; `submit` then sends a personal draft or rejected one. */
export async function editElip(
  tx: Db,
  user: AuthUser,
  ref: string,
  v: ElipValues,
): Promise<CommandOutcome<string>> {
  const e = await authoredElip(tx, user, ref, true);
  const status = e.status as ElipStatus;
  if (!ELIP_EDITABLE.includes(status)) throw elipError(409, 'elip.wrong_status');
  if (v.submit && !ELIP_STATUS_TABLE.can(status, 'WAIT_FOR_REVIEW'))
    throw elipError(409, 'elip.wrong_status');
  if (!(await repo.updateElipText(tx, e.id, status, text(v)))) throw elipError(409, 'elip.wrong_status');
  if (v.submit && !(await repo.moveElip(tx, e.id, status, 'WAIT_FOR_REVIEW')))
    throw elipError(409, 'elip.wrong_status');
  return { result: e.id };
}

/** The author's status moves (submit, ask the council, cancel the draft, keep private). */
export async function moveElipByAuthor(
  tx: Db,
  user: AuthUser,
  ref: string,
  move: ElipMove,
): Promise<CommandOutcome<string>> {
  const e = await authoredElip(tx, user, ref, true);
  const from = e.status as ElipStatus;
  const to = ELIP_MOVE_TARGET[move];
  if (!movesFrom(from).includes(move)) throw elipError(409, 'elip.wrong_status');
  if (!(await repo.moveElip(tx, e.id, from, to))) throw elipError(409, 'elip.wrong_status');
  return { result: e.id };
}

/**
 * The secretariat reviews an ELIP waiting for review: APPROVED makes it a public DRAFT, REJECTED (with a comment)
 * sends it back to its author. In FINAL_REVIEW the secretariat may still reject it. Every review is kept.
 */
export async function reviewElip(
  tx: Db,
  user: AuthUser,
  ref: string,
  v: ReviewValues,
): Promise<CommandOutcome<string>> {
  if (!isSecretariat(user.role)) throw elipError(403, 'elip.not_reviewer');
  const e = await visibleElip(tx, user, ref, true);
  const from = e.status as ElipStatus;
  const to: ElipStatus = v.decision === 'APPROVED' ? 'DRAFT' : 'REJECTED';
  const allowed = from === 'WAIT_FOR_REVIEW' || (from === 'FINAL_REVIEW' && to === 'REJECTED');
  if (!allowed || !(await repo.moveElip(tx, e.id, from, to))) throw elipError(409, 'elip.wrong_status');
  await repo.insertReview(tx, {
    elipId: e.id,
    reviewerId: user.id,
    decision: v.decision,
    comment: v.comment,
  });
  return { result: e.id };
}

/** The author deletes a personal draft or a rejected ELIP. */
export async function removeElip(
  tx: Db,
  user: AuthUser,
  ref: string,
): Promise<CommandOutcome<{ deleted: true }>> {
  const e = await authoredElip(tx, user, ref);
  if (!ELIP_DELETABLE.includes(e.status as ElipStatus)) throw elipError(409, 'elip.wrong_status');
  if (!(await repo.deleteElip(tx, e.id, ELIP_DELETABLE))) throw elipError(409, 'elip.wrong_status');
  return { result: { deleted: true } };
}

function listFilter(viewer: AuthUser | null, q: ListQuery, limit: number): repo.ElipListFilter {
  return {
    status: q.status,
    type: q.type,
    q: q.q || undefined,
    from: q.from,
    to: q.to,
    sort: q.sort,
    visible:
      viewer && isSecretariat(viewer.role)
        ? null
        : { publicStatuses: ELIP_PUBLIC_STATUSES, authorId: viewer?.id ?? null },
    limit,
    offset: (q.page - 1) * limit,
  };
}

export async function listElips(deps: AppDeps, viewer: AuthUser | null, q: ListQuery): Promise<ElipList> {
  const { rows, total } = await repo.listElips(deps.database.db, listFilter(viewer, q, ELIP_PAGE_SIZE));
  return { list: rows.map(toSummary), total, page: q.page, pageSize: ELIP_PAGE_SIZE };
}

const csvCell = (v: string | number) => {
  const s = String(v);
  // A leading = + - @ would be read as a formula by spreadsheet programs.
  const safe = /^[=+\-@]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/** The filtered list (every page, at most 10,000 rows) as CSV text. */
export async function exportElipsCsv(deps: AppDeps, viewer: AuthUser | null, q: ListQuery): Promise<string> {
  const f = { ...listFilter(viewer, { ...q, page: 1 }, 10_000) };
  const { rows } = await repo.listElips(deps.database.db, f);
  const head = ['Number', 'Title', 'Author', 'Type', 'Status', 'Created', 'Updated'];
  const lines = rows
    .map(toSummary)
    .map((e) =>
      [e.number, e.title, e.author.name, e.type, e.status, e.createdAt, e.updatedAt].map(csvCell).join(','),
    );
  return [head.join(','), ...lines].join('\r\n') + '\r\n';
}
