import { toPublicKeyXY, verifyStatementSignature } from '@cr/contracts-abi/p256';
import { ownerStatement, type ProposalTerms } from '@cr/contracts-abi/statements';
import type { AppDeps } from '../../app-deps';
import { readBudgetCap } from '../../chain/budget-cap-reader';
import { BUDGET_OVER_CAP_MESSAGES, BUDGET_OVER_CAP_TYPE, isOverBudgetCap } from '@cr/contract/budget-cap';
import { PROPOSAL_MESSAGES as PM } from '@cr/contract/proposal.contract';
import { SUGGESTION_MESSAGES as M } from '@cr/contract/suggestion-messages.contract';
import type { Db } from '@cr/core/db/db-client';
import type { ProposalRow } from '@cr/core/db/schema/proposal.schema';
import type { SuggestionRow } from '@cr/core/db/schema/suggestion.schema';
import { AppError, conflict, forbidden } from '@cr/core/errors/app-error';
import type { AuthUser } from '../session';
import { findSuggestion } from '../suggestion';
import { seatedNow } from '../council';
import { checkNominations } from '../nomination';
import { readChainClock } from '../../chain/chain-clock';
import { buildProposalTerms, chainDraftHash, weiToEla, proposalOfSuggestion } from '../proposal-record';
import { findProposal } from './proposal.repo';

export const notCouncil = () => forbidden(PM.notCouncil, 'proposal.not_council');
export const alreadyProposed = () => conflict('proposal.already_proposed', PM.alreadyProposed);

export function chainConfig(deps: AppDeps) {
  const { CHAIN_ID, GOVERNANCE_ADDRESS } = deps.config;
  if (!CHAIN_ID || !GOVERNANCE_ADDRESS)
    throw new AppError(503, 'chain.unavailable', 'The governance chain is not configured on this server.');
  return { chainId: CHAIN_ID, governance: GOVERNANCE_ADDRESS };
}

export interface Subject {
  suggestion: SuggestionRow;
  draft: ProposalRow | null;
}

/** The suggestion to register: named directly, or through the caller's DRAFT proposal that references it. */
async function subjectOf(db: Db, ref: string, user: AuthUser, lock: boolean): Promise<Subject> {
  const draft = await findProposal(db, ref, lock);
  if (draft && draft.status === 'DRAFT') {
    if (draft.proposerId !== user.id)
      throw forbidden('Only the council member who created this draft can publish it.', 'proposal.not_owner');
    if (!draft.suggestionId)
      throw conflict(
        'proposal.suggestion_required',
        'A proposal is registered from a signed suggestion: choose the suggestion this draft presents.',
      );
    const suggestion = await findSuggestion(db, draft.suggestionId, lock);
    if (!suggestion) throw new AppError(404, 'suggestion.not_found', 'The suggestion was not found.');
    return { suggestion, draft };
  }
  const suggestion = await findSuggestion(db, ref, lock);
  if (!suggestion) throw new AppError(404, 'suggestion.not_found', 'The suggestion was not found.');
  return { suggestion, draft: null };
}

export interface Registration {
  subject: Subject;
  /** The suggestion's draft hash as the chain keys the proposal (0x…). */
  draftHash: string;
  terms: ProposalTerms;
  ownerStmt: string;
  owner: { did: string; qx: string; qy: string; signature: string };
  term: number;
  seats: number;
}

/** Every rule of making a signed suggestion a proposal, read from the database and the chain index. */
export async function checkRegistration(
  deps: AppDeps,
  db: Db,
  ref: string,
  user: AuthUser,
  lock: boolean,
): Promise<Registration> {
  const { chainId } = chainConfig(deps);
  if (!user.did) throw new AppError(400, 'user.did_required', M.didRequired);
  const clock = await readChainClock(db, chainId);
  const seat = await seatedNow(db, user.did, clock.height);
  if (!seat) throw notCouncil();
  if (clock.height !== null && clock.height >= seat.term.electionStartHeight)
    throw conflict(
      'proposal.election_running',
      'An election is running: no proposal can be registered until the new council is seated.',
    );
  const subject = await subjectOf(db, ref, user, lock);
  const s = subject.suggestion;
  if (s.status !== 'ACTIVE')
    throw conflict('suggestion.not_active', `This suggestion is ${s.status.toLowerCase()}.`);
  if (await proposalOfSuggestion(db, s.id)) throw alreadyProposed();
  if (!s.signed || !s.signature || !s.signerDid || !s.signerPublicKey || !s.signedStatement)
    throw conflict('suggestion.not_signed', 'The author has not signed this suggestion yet.');
  const terms = await buildProposalTerms(db, s);
  const ownerStmt = ownerStatement({
    draftHash: chainDraftHash(s.draftHash),
    ownerDid: s.signerDid,
    terms,
    chainId,
  });
  if (ownerStmt !== s.signedStatement)
    throw conflict(
      'proposal.owner_signature_stale',
      'The author’s signature does not cover these terms on this chain, so the chain would refuse it.',
    );
  const key = toPublicKeyXY(s.signerPublicKey);
  if (!verifyStatementSignature(ownerStmt, s.signature, key))
    throw conflict('proposal.owner_signature_invalid', 'The author’s stored signature does not verify.');
  // A change of owner or secretary general also needs the nominee's (and the secretary general's) co-signature.
  await checkNominations(deps, db, s, terms);
  await checkBudgetCap(deps, db, terms);
  return {
    subject,
    draftHash: chainDraftHash(s.draftHash),
    terms,
    ownerStmt,
    owner: { did: s.signerDid, qx: key.qx, qy: key.qy, signature: s.signature },
    term: seat.term.term,
    seats: seat.term.seats,
  };
}

/**
 * Treasury.reserveBudget's cap, as the chain will apply it to this registration (contract/budget-cap.ts, read by
 * readBudgetCap): checked before the wallet request is issued and again when the signed reply arrives, so the
 * chain never refuses a registration for its budget unless the treasury changed after the reply was stored.
 */
export async function checkBudgetCap(deps: AppDeps, db: Db, terms: ProposalTerms): Promise<void> {
  const totalWei = terms.stages.reduce((sum, st) => sum + st.amount, 0n);
  if (totalWei === 0n) return;
  const { capWei } = await readBudgetCap(deps, db);
  if (isOverBudgetCap(totalWei, capWei))
    throw conflict(
      BUDGET_OVER_CAP_TYPE,
      BUDGET_OVER_CAP_MESSAGES.en({ totalEla: weiToEla(totalWei), capEla: weiToEla(capWei) }),
    );
}

/** PostgreSQL's unique_violation (23505), from either driver. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
