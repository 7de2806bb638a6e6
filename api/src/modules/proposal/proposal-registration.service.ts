import { eq, sql } from 'drizzle-orm';
import { keccak256, toUtf8Bytes } from 'ethers';
import { governanceInterface } from '@cr/contracts-abi/artifacts';
import { toContractSig, toPublicKeyXY, verifyStatementSignature } from '@cr/contracts-abi/p256';
import {
  ownerStatement,
  registrationStatement,
  statementDigest,
  termsHash,
  termsTuple,
  type ProposalTerms,
} from '@cr/contracts-abi/statements';
import type { AppDeps } from '../../app-deps';
import { recordChainAction } from '../../chain/chain-outbox';
import {
  PROPOSAL_LIST_ROOM,
  PROPOSAL_MESSAGES as PM,
  PROPOSAL_UPDATE_EVENT,
  proposalRoom,
} from '../../contract/proposal.contract';
import { SUGGESTION_MESSAGES as M } from '../../contract/suggestion-messages.contract';
import type { Db } from '../../db/db-client';
import { proposals, type ProposalRow } from '../../db/schema/proposal.schema';
import { suggestions, suggestionTags, type SuggestionRow } from '../../db/schema/suggestion.schema';
import type { WalletRequestRow } from '../../db/schema';
import { AppError, conflict, forbidden, unauthorized } from '../../http/app-error';
import type { AuthUser } from '../session/auth-user';
import { bumpListGeneration } from '../suggestion/suggestion-count-cache';
import { findSuggestion, searchDocument } from '../suggestion/suggestion.repo';
import type { PreparedWalletRequest, VerifiedReply } from '../wallet/wallet-action';
import { seatedNow } from '../council/council.repo';
import { readChainClock } from './proposal-clock';
import { dispatchWhenCommitted } from './proposal-dispatch';
import { buildProposalTerms, chainDraftHash, kindOfType, storeTerms } from './proposal-terms';
import { REGISTER_KIND } from './proposal-worker-plugin';
import { findProposal, proposalOfSuggestion } from './proposal.repo';

export const notCouncil = () => forbidden(PM.notCouncil, 'proposal.not_council');
export const alreadyProposed = () => conflict('proposal.already_proposed', PM.alreadyProposed);

export function chainConfig(deps: AppDeps) {
  const { CHAIN_ID, GOVERNANCE_ADDRESS } = deps.config;
  if (!CHAIN_ID || !GOVERNANCE_ADDRESS)
    throw new AppError(503, 'chain.unavailable', 'The governance chain is not configured on this server.');
  return { chainId: CHAIN_ID, governance: GOVERNANCE_ADDRESS };
}

/** keccak256 of the DID's UTF-8 bytes: the member id the Council contract keys members by. */
export const memberIdOf = (did: string) => keccak256(toUtf8Bytes(did)).toLowerCase();

interface Subject {
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

interface Registration {
  subject: Subject;
  terms: ProposalTerms;
  ownerStmt: string;
  owner: { did: string; qx: string; qy: string; signature: string };
  term: number;
  seats: number;
}

/** Every rule of making a signed suggestion a proposal, read from the database and the chain index. */
async function checkRegistration(
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
  return {
    subject,
    terms,
    ownerStmt,
    owner: { did: s.signerDid, qx: key.qx, qy: key.qy, signature: s.signature },
    term: seat.term.term,
    seats: seat.term.seats,
  };
}

/** make-proposal prepare(): the member reads and signs the contract's registration statement. */
export async function prepareRegistration(
  deps: AppDeps,
  user: AuthUser | null,
  ref: string | undefined,
): Promise<PreparedWalletRequest> {
  if (!user) throw unauthorized();
  if (!ref)
    throw new AppError(400, 'wallet.subject_required', 'Name the suggestion to make into a proposal.');
  const { chainId } = chainConfig(deps);
  const r = await checkRegistration(deps, deps.database.db, ref, user, false);
  // Any uint64 the member has not used in a statement: the time in ms grows for each new request.
  const nonce = Date.now();
  const statement = registrationStatement({
    draftHash: chainDraftHash(r.subject.suggestion.draftHash),
    ownerDid: r.owner.did,
    ownerQx: r.owner.qx,
    ownerQy: r.owner.qy,
    terms: r.terms,
    term: r.term,
    nonce,
    chainId,
  });
  return {
    intent: 'didsign',
    expectedSigner: user.did,
    statement,
    digest: statementDigest(statement).slice(2),
    subjectType: 'suggestion',
    subjectId: r.subject.suggestion.id,
    payload: {
      suggestionId: r.subject.suggestion.id,
      draftId: r.subject.draft?.id ?? null,
      nonce,
      term: r.term,
    },
  };
}

/**
 * make-proposal apply(), in the transaction that marks the request signed: the proposal row (number from the
 * sequence, PROPOSED pending chain), the suggestion tagged added-to-proposal and linked both ways, and the
 * outbox row for Governance.register with the owner's stored signature and the member's new one.
 */
export async function applyRegistration(
  deps: AppDeps,
  db: Db,
  request: WalletRequestRow,
  reply: VerifiedReply,
): Promise<Record<string, unknown>> {
  const { chainId, governance } = chainConfig(deps);
  const payload = request.payload as {
    suggestionId: string;
    draftId: string | null;
    nonce: number;
    term: number;
  };
  if (!request.requesterId || !reply.signatureHex)
    throw new AppError(400, 'did.signature_invalid', 'The reply carries no signature.');
  const user: AuthUser = {
    id: request.requesterId,
    did: reply.signerDid,
    username: '',
    role: 'COUNCIL',
    tokenId: '',
  };
  const r = await checkRegistration(deps, db, payload.draftId ?? payload.suggestionId, user, true);
  const s = r.subject.suggestion;
  const draftHash = chainDraftHash(s.draftHash);
  const statement = registrationStatement({
    draftHash,
    ownerDid: r.owner.did,
    ownerQx: r.owner.qx,
    ownerQy: r.owner.qy,
    terms: r.terms,
    term: r.term,
    nonce: payload.nonce,
    chainId,
  });
  if (statement !== request.statement || r.term !== payload.term)
    throw conflict(
      'proposal.registration_stale',
      'The suggestion or the council changed. Please scan a new QR code.',
    );

  const now = new Date();
  const content = s.content;
  const values = {
    status: 'PROPOSED' as const,
    kind: kindOfType(s.type),
    type: s.type,
    suggestionContent: content,
    budgetTotal: s.budgetTotal,
    suggestionId: s.id,
    ownerId: s.authorId,
    proposerId: request.requesterId,
    proposerDid: reply.signerDid,
    draftHash,
    termsHash: termsHash(r.terms),
    terms: storeTerms(r.terms),
    ownerDid: r.owner.did,
    ownerSignature: r.owner.signature,
    memberSignature: reply.signatureHex,
    registerStatement: statement,
    term: r.term,
    seats: r.seats,
    publishedAt: now,
    statusChangedAt: now,
    updatedAt: now,
    number: sqlNextNumber(),
  };
  let proposal: ProposalRow | undefined;
  try {
    if (r.subject.draft) {
      [proposal] = await db
        .update(proposals)
        .set(values)
        .where(eq(proposals.id, r.subject.draft.id))
        .returning();
    } else {
      [proposal] = await db
        .insert(proposals)
        .values({
          ...values,
          title: s.title,
          titleSearch: searchDocument(s.title),
          abstract: s.abstract,
          goal: content.goal ?? null,
          motivation: content.motivation,
        })
        .returning();
    }
  } catch (err) {
    if (isUniqueViolation(err)) throw alreadyProposed();
    throw err;
  }
  const p = proposal!;
  const ownerSig = toContractSig(r.owner.signature);
  const memberSig = toContractSig(reply.signatureHex);
  const data = governanceInterface.encodeFunctionData('register', [
    [draftHash, r.owner.did, r.owner.qx, r.owner.qy, termsTuple(r.terms)],
    memberIdOf(reply.signerDid),
    payload.nonce,
    [memberSig.r, memberSig.s],
    [ownerSig.r, ownerSig.s],
  ]);
  const action = await recordChainAction(db, {
    kind: REGISTER_KIND,
    subjectType: 'proposal',
    subjectId: p.id,
    chainId,
    to: governance,
    data,
    dedupeKey: `register:${draftHash}`,
  });
  await db
    .update(proposals)
    .set({ registerActionId: action.id, registerChainStatus: action.status })
    .where(eq(proposals.id, p.id));
  await db
    .update(suggestions)
    .set({ proposalNumber: p.number, proposalHash: draftHash, updatedAt: now })
    .where(eq(suggestions.id, s.id));
  await db
    .insert(suggestionTags)
    .values({ suggestionId: s.id, type: 'ADDED_TO_PROPOSAL', createdBy: request.requesterId })
    .onConflictDoNothing();
  await bumpListGeneration(deps);
  dispatchWhenCommitted(deps, action.id);
  const update = { id: p.id, status: p.status, reason: 'registration' };
  await deps.events.publish(proposalRoom(p.id), PROPOSAL_UPDATE_EVENT, update).catch(() => undefined);
  await deps.events.publish(PROPOSAL_LIST_ROOM, PROPOSAL_UPDATE_EVENT, update).catch(() => undefined);
  return { proposalId: p.id, number: p.number, draftHash, chainActionId: action.id };
}

const sqlNextNumber = () => sql`nextval('proposal_number_seq')`;

/** PostgreSQL's unique_violation (23505), from either driver. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}
