import type { AppDeps } from '../../app-deps';
import type { AfterCommit } from '@cr/core/effects/after-commit';
import type { CommandOutcome } from '../../http/command';
import type { ProposalChangedBy, ProposalDetail, ProposalDraftInput } from '@cr/contract/proposal.contract';
import type { SuggestionContent } from '@cr/contract/suggestion-content.contract';
import type { Db } from '@cr/core/db/db-client';
import type { ProposalRow } from '@cr/core/db/schema/proposal.schema';
import { AppError, forbidden, notFound } from '@cr/core/errors/app-error';
import type { AuthUser } from '../session';
import { moveElip } from '../elip';
import { findSuggestion } from '../suggestion';
import { seatedNow, memberIdOf, memberRef } from '../council';
import { readChainClock, etaOf } from '../../chain/chain-clock';
import { notCouncil } from './proposal-registration.service';
import { tallyOf, voteOutcome } from '@cr/contract/vote-tally';
import { vetoOpenAt, votingOpenAt } from './proposal-rules';
import { toMemberVote, toSummary, vetoState } from './proposal-view';
import { deleteProposal, findProposal, findOwnDraftFor, updateDraftProposal } from './proposal.repo';
import { insertDraftProposal, kindOfType } from '../proposal-record';
import { effectOf, effectStatusOf } from './proposal-effect';
import { findProposalDetail } from './proposal-detail.repo';
import { isArchivable } from './proposal-archivable';

/** A DRAFT is seen only by the council member who created it; to others it does not exist. */
function assertReadable(p: ProposalRow | undefined, user: AuthUser | null): ProposalRow {
  if (!p || (p.status === 'DRAFT' && p.proposerId !== user?.id))
    throw notFound('proposal', 'proposal.not_found');
  return p;
}

/** GET /api/proposals/:id — the proposal with its votes per member, windows, veto state and transactions. */
export async function getProposalDetail(
  deps: AppDeps,
  user: AuthUser | null,
  ref: string,
): Promise<ProposalDetail> {
  const db = deps.database.db;
  const d = await findProposalDetail(db, ref, deps.config.CHAIN_ID || null, user?.did ?? null);
  const p = assertReadable(d?.p, user);
  const { head, gov, votes, members, cards } = d!;
  const clock = {
    height: head?.height ?? null,
    avgBlockMs: head?.avgBlockMs ?? null,
    observedAt: head?.observedAt ?? null,
  };
  const effect = await effectOf(db, p);
  const changedBy: ProposalChangedBy[] = d!.changedBy.map((r) => ({
    _id: r.id,
    number: r.number,
    title: r.title,
    kind: r.kind as ProposalChangedBy['kind'],
    status: effectStatusOf(r, r.skipped),
  }));
  const voteByMember = new Map(votes.map((v) => [v.memberId, v]));
  const rows = members.map((m) => toMemberVote(voteByMember.get(m.memberId) ?? null, m.user, m));
  for (const v of votes)
    if (!members.some((m) => m.memberId === v.memberId)) rows.push(toMemberVote(v, v.user, null));
  const mine = user?.did ? (rows.find((r) => r.member.did === user.did) ?? null) : null;
  const seatedTerm = user?.did ? members.find((m) => m.did === user.did && m.seated) : undefined;
  // seatedNow (council.repo.ts): the latest term, not ended at the clock's height, the caller seated in it.
  const current =
    !!user?.did &&
    d!.seatedInLatest &&
    d!.latestTermEnd !== null &&
    !(clock.height !== null && clock.height >= d!.latestTermEnd);
  // The tally from the vote rows read here, not the proposal row's counts: a vote projected between the two
  // reads would otherwise show as chained in the table while the tally still misses it.
  const tally = tallyOf(
    votes.map((v) => v.chainedChoice),
    p.seats,
  );
  const summary = {
    ...toSummary(
      p,
      cards,
      clock,
      gov,
      seatedTerm ? !mine?.chainedChoice && votingOpenAt(p, clock.height) : null,
    ),
    votes: tally,
  };
  const c: Partial<SuggestionContent> = p.suggestionContent ?? {};
  const suggestion = p.suggestionId ? d!.suggestion : null;
  const proposerDid = p.proposerDid;
  const proposerCard = cards.get(p.proposerId) ?? null;
  const end = summary.window.currentEndHeight;
  return {
    ...summary,
    contentFormat: p.contentFormat,
    content: p.content,
    abstract: p.abstract,
    goal: p.goal ?? c.goal ?? null,
    motivation: p.motivation ?? c.motivation ?? null,
    relevance: c.relevance ?? [],
    budget: c.budget ? { ...c.budget, statement: p.budgetStatement ?? c.budget.statement } : null,
    plan: c.plan ?? null,
    conflict: p.conflict,
    motionReference: p.motionReference,
    targetProposalNumber: c.targetProposalNumber ?? c.closeProposalNumber ?? null,
    newOwnerDid: c.newOwnerDid ?? null,
    newAddress: c.newAddress ?? null,
    newSecretaryDid: c.newSecretaryDid ?? null,
    effect,
    changedBy,
    suggestion: suggestion
      ? { _id: suggestion.id, number: suggestion.number, title: suggestion.title }
      : null,
    elip: (p.elipId && d!.elip) || null,
    referee: proposerDid ? memberRef(proposerDid, memberIdOfSeen(proposerDid, members), proposerCard) : null,
    hash: p.draftHash,
    txHash: p.registerTxHash,
    archivable: isArchivable(p),
    term: p.term,
    endDate: end !== null ? (etaOf(end, clock)?.toISOString() ?? null) : null,
    currentHeight: clock.height,
    avgBlockMs: clock.avgBlockMs,
    votes: rows,
    outcome: voteOutcome(tally, p.seats),
    veto: vetoState(p, gov),
    transactions: [...d!.transactions].reverse(),
    my: {
      isCouncilMember: !!current,
      canVote: !!seatedTerm && votingOpenAt(p, clock.height),
      canEdit: p.status === 'DRAFT' && p.proposerId === user?.id,
      canPublish: p.status === 'DRAFT' && p.proposerId === user?.id && !!current && !!p.suggestionId,
      canVeto: !!user && vetoOpenAt(p, clock.height),
      vote: mine,
    },
    publishedAt: p.publishedAt?.toISOString() ?? null,
  };
}

/** A DID's member id: the term's row already holds it for a council member; keccak256 (0.3 ms) only otherwise. */
const memberIdOfSeen = (did: string, members: { did: string; memberId: string }[]) =>
  members.find((m) => m.did === did)?.memberId ?? memberIdOf(did);

// ---------- drafts (council members) ----------

async function assertCouncil(db: Db, chainId: number | undefined, user: AuthUser) {
  const clock = await readChainClock(db, chainId);
  if (!(await seatedNow(db, user.did, clock.height))) throw notCouncil();
}

function draftValues(input: ProposalDraftInput) {
  return {
    title: input.title,
    contentFormat: input.contentFormat,
    content: input.content ?? null,
    abstract: input.abstract ?? '',
    goal: input.goal ?? null,
    motivation: input.motivation ?? null,
    planText: input.plan ?? null,
    relevanceText: input.relevance ?? null,
    budgetStatement: input.budgetStatement ?? null,
    conflict: input.conflict,
    motionReference: input.motionReference ?? null,
    updatedAt: new Date(),
  };
}

/** A new draft made from a suggestion starts with the suggestion's own words where the member wrote none. */
function withSuggestionText(input: ProposalDraftInput, content: unknown): ProposalDraftInput {
  if (!content || typeof content !== 'object') return input;
  const c = content as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);
  const plan = c.plan && typeof c.plan === 'object' ? (c.plan as Record<string, unknown>).statement : null;
  return {
    ...input,
    abstract: input.abstract || str(c.abstract),
    goal: input.goal || str(c.goal),
    motivation: input.motivation || str(c.motivation),
    plan: input.plan || str(plan),
  };
}

/** The signed suggestion a draft presents: its type, content and budget come with it (not editable here). */
async function draftSuggestion(db: Db, ref: string | null | undefined) {
  if (!ref) return null;
  const s = await findSuggestion(db, ref);
  if (!s || s.status !== 'ACTIVE')
    throw new AppError(404, 'suggestion.not_found', 'The suggestion was not found.');
  return {
    suggestionId: s.id,
    type: s.type,
    kind: kindOfType(s.type),
    suggestionContent: s.content,
    budgetTotal: s.budgetTotal,
    ownerId: s.authorId,
  };
}

/** POST /api/proposals — a council member seated on chain creates a DRAFT (no number until published). */
export async function createDraft(
  tx: Db,
  chainId: number | undefined,
  user: AuthUser,
  input: ProposalDraftInput,
): Promise<CommandOutcome<string>> {
  await assertCouncil(tx, chainId, user);
  const linked = await draftSuggestion(tx, input.suggestionId);
  // Asking twice for a draft of the same suggestion opens the member's existing draft instead of a copy.
  const existing = linked && (await findOwnDraftFor(tx, user.id, linked.suggestionId));
  if (existing) return { result: existing };
  const id = await insertDraftProposal(tx, {
    ...draftValues(withSuggestionText(input, linked?.suggestionContent)),
    status: 'DRAFT',
    type: linked?.type ?? '1',
    kind: linked?.kind ?? 'NORMAL',
    suggestionId: linked?.suggestionId ?? null,
    suggestionContent: linked?.suggestionContent ?? null,
    budgetTotal: linked?.budgetTotal ?? null,
    ownerId: linked?.ownerId ?? null,
    proposerId: user.id,
    proposerDid: user.did,
  });
  return { result: id, ...draftsChanged };
}

async function ownDraft(db: Db, user: AuthUser, ref: string): Promise<ProposalRow> {
  const p = assertReadable(await findProposal(db, ref), user);
  if (p.status !== 'DRAFT')
    throw new AppError(
      409,
      'proposal.not_draft',
      'Only a draft can be edited or deleted; this proposal is published.',
    );
  if (p.proposerId !== user.id)
    throw forbidden('Only the council member who created this draft can change it.', 'proposal.not_owner');
  return p;
}

/** PUT /api/proposals/:id — edit the caller's DRAFT (/proposals/{id}/edit). */
export async function updateDraft(
  tx: Db,
  chainId: number | undefined,
  user: AuthUser,
  ref: string,
  input: ProposalDraftInput,
): Promise<CommandOutcome<string>> {
  await assertCouncil(tx, chainId, user);
  const p = await ownDraft(tx, user, ref);
  const linked = input.suggestionId === undefined ? undefined : await draftSuggestion(tx, input.suggestionId);
  await updateDraftProposal(tx, p.id, {
    ...draftValues(input),
    ...(linked === undefined
      ? {}
      : linked === null
        ? { suggestionId: null, suggestionContent: null, budgetTotal: null, ownerId: null }
        : linked),
  });
  return { result: p.id, ...draftsChanged };
}

/**
 * DELETE /api/proposals/:id — delete the caller's DRAFT. A draft made from an ELIP gives the ELIP back to the
 * council's final review in the same transaction, so it can be submitted again.
 */
export async function deleteDraft(
  tx: Db,
  user: AuthUser,
  ref: string,
): Promise<CommandOutcome<{ deleted: true }>> {
  const p = await ownDraft(tx, user, ref);
  await deleteProposal(tx, p.id);
  if (p.elipId) await moveElip(tx, p.elipId, 'SUBMITTED_AS_PROPOSAL', 'FINAL_REVIEW');
  return { result: { deleted: true }, ...draftsChanged };
}

/** Drafts have no live updates (only their author sees them): their cached list answers are renewed after commit. */
const draftsChanged: AfterCommit = { cacheScopes: ['proposals'] };
