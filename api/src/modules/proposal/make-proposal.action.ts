import { z } from 'zod';
import { governanceInterface } from '@cr/contracts-abi/artifacts';
import { toContractSig } from '@cr/contracts-abi/p256';
import { registrationStatement, statementDigest, termsHash, termsTuple } from '@cr/contracts-abi/statements';
import { recordChainAction } from '@cr/core/chain/chain-outbox';
import { refuseWhatChainWould } from '../../chain/chain-preflight';
import { readRegistrationState } from '../../chain/chain-state';
import type { AppDeps } from '../../app-deps';
import { registrationRefusal } from '@cr/contract/chain-refusals';
import { PROPOSAL_LIST_ROOM, PROPOSAL_UPDATE_EVENT, proposalRoom } from '@cr/contract/proposal.contract';
import { walletActionParamsSchemas } from '@cr/contract/wallet.contract';
import { conflict, unauthorized } from '@cr/core/errors/app-error';
import { policy } from '../../http/route';
import type { AuthUser } from '../session';
import { searchDocument } from '@cr/core/db/text-search';
import { markProposed } from '../suggestion';
import { defineWalletAction } from '../wallet';
import {
  alreadyProposed,
  chainConfig,
  checkRegistration,
  isUniqueViolation,
  type Registration,
} from './proposal-registration.service';
import { memberIdOf } from '../council';
import { kindOfType, storeTerms } from '../proposal-record';
import { REGISTER_KIND } from './proposal-worker-plugin';
import { linkRegisterAction, saveRegisteredProposal } from './proposal.repo';

const registrationPayloadSchema = z.object({
  suggestionId: z.string(),
  draftId: z.string().nullable(),
  nonce: z.number().int(),
  term: z.number().int(),
});
type RegistrationPayload = z.infer<typeof registrationPayloadSchema>;

/** The words the council member signs: the contract's registration statement, rebuilt on chain. */
function statementOf(r: Registration, nonce: number, chainId: number): string {
  return registrationStatement({
    draftHash: r.draftHash,
    ownerDid: r.owner.did,
    ownerQx: r.owner.qx,
    ownerQy: r.owner.qy,
    terms: r.terms,
    term: r.term,
    nonce,
    chainId,
  });
}

/** Refused when Governance.register would revert for `memberDid` (contract/chain-refusals.ts). */
function checkOnChain(deps: AppDeps, r: Registration, memberDid: string) {
  const reg = { draftHash: r.draftHash, ownerDid: r.owner.did, ownerQx: r.owner.qx, ownerQy: r.owner.qy };
  return refuseWhatChainWould(
    deps,
    (v) => readRegistrationState(v, { ...reg, terms: r.terms }, memberDid),
    registrationRefusal,
  );
}

/**
 * A council member seated on chain in the current term makes a signed suggestion (or their DRAFT proposal that
 * presents one) into a proposal: they sign the contract's registration statement, and in the transaction that
 * accepts the signature the proposal row (number from the sequence, PROPOSED pending chain), the suggestion's
 * link and tag, and the outbox row for Governance.register (the owner's stored signature and theirs) are written;
 * the worker relays it after commit (docs/proposal-states.md).
 */
export const makeProposalAction = defineWalletAction({
  name: 'make-proposal',
  intent: 'didsign',
  payload: registrationPayloadSchema,
  policy: policy.auth,
  params: walletActionParamsSchemas['make-proposal'],
  async prepare({ deps, user, params }) {
    if (!user) throw unauthorized();
    const { chainId } = chainConfig(deps);
    const r = await checkRegistration(deps, deps.database.db, params.ref, user, false);
    await checkOnChain(deps, r, user.did!);
    // Any uint64 the member has not used in a statement: the time in ms grows for each new request.
    const nonce = Date.now();
    const statement = statementOf(r, nonce, chainId);
    const payload: RegistrationPayload = {
      suggestionId: r.subject.suggestion.id,
      draftId: r.subject.draft?.id ?? null,
      nonce,
      term: r.term,
    };
    return {
      intent: 'didsign',
      expectedSigner: user.did!,
      statement,
      digest: statementDigest(statement).slice(2),
      subjectType: 'suggestion',
      subjectId: r.subject.suggestion.id,
      payload,
    };
  },
  async apply({ tx, deps, request, reply, payload }) {
    const { chainId, governance } = chainConfig(deps);
    // The council member who asked for the QR: the policy lets only a signed-in member create the request.
    if (!request.requesterId) throw new Error(`make-proposal request ${request.id} has no requester`);
    const member: AuthUser = {
      id: request.requesterId,
      did: reply.signerDid,
      username: '',
      role: 'COUNCIL',
      tokenId: '',
    };
    const r = await checkRegistration(deps, tx, payload.draftId ?? payload.suggestionId, member, true);
    const statement = statementOf(r, payload.nonce, chainId);
    if (statement !== request.statement || r.term !== payload.term)
      throw conflict(
        'proposal.registration_stale',
        'The suggestion or the council changed. Please scan a new QR code.',
      );
    await checkOnChain(deps, r, reply.signerDid);
    const s = r.subject.suggestion;
    const now = new Date();
    const registered = {
      kind: kindOfType(s.type),
      type: s.type,
      suggestionContent: s.content,
      budgetTotal: s.budgetTotal,
      suggestionId: s.id,
      ownerId: s.authorId,
      proposerId: request.requesterId,
      proposerDid: reply.signerDid,
      draftHash: r.draftHash,
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
      // A draft keeps its own title and text; a proposal made straight from the suggestion takes the suggestion's.
      ...(r.subject.draft
        ? {}
        : {
            title: s.title,
            titleSearch: searchDocument(s.title),
            abstract: s.abstract,
            goal: s.content.goal ?? null,
            motivation: s.content.motivation,
          }),
    };
    const p = await saveRegisteredProposal(tx, r.subject.draft?.id ?? null, registered).catch(
      (err: unknown) => {
        throw isUniqueViolation(err) ? alreadyProposed() : err;
      },
    );
    const ownerSig = toContractSig(r.owner.signature);
    const memberSig = toContractSig(reply.signatureHex);
    const action = await recordChainAction(tx, {
      kind: REGISTER_KIND,
      subjectType: 'proposal',
      subjectId: p.id,
      chainId,
      to: governance,
      data: governanceInterface.encodeFunctionData('register', [
        [r.draftHash, r.owner.did, r.owner.qx, r.owner.qy, termsTuple(r.terms)],
        memberIdOf(reply.signerDid),
        payload.nonce,
        [memberSig.r, memberSig.s],
        [ownerSig.r, ownerSig.s],
      ]),
      dedupeKey: `register:${r.draftHash}`,
    });
    await linkRegisterAction(tx, p.id, action);
    await markProposed(tx, s.id, {
      number: p.number,
      draftHash: r.draftHash,
      by: request.requesterId,
      at: now,
    });
    const update = { id: p.id, status: p.status, reason: 'registration' };
    return {
      result: { proposalId: p.id, number: p.number, draftHash: r.draftHash, chainActionId: action.id },
      chainActions: [action],
      cacheScopes: ['suggestions'],
      events: [
        { room: proposalRoom(p.id), event: PROPOSAL_UPDATE_EVENT, payload: update },
        { room: PROPOSAL_LIST_ROOM, event: PROPOSAL_UPDATE_EVENT, payload: update },
      ],
    };
  },
});
