import { z } from 'zod';
import { governanceInterface } from '@cr/contracts-abi/artifacts';
import { ProposalStatus } from '@cr/contracts-abi/governance-enums';
import { toContractSig } from '@cr/contracts-abi/p256';
import { statementDigest } from '@cr/contracts-abi/statements';
import { recordChainAction } from '@cr/core/chain/chain-outbox';
import { refuseWhatChainWould } from '../../chain/chain-preflight';
import { readConclusionState } from '../../chain/chain-state';
import type { AppDeps } from '../../app-deps';
import { conclusionRefusal } from '@cr/contract/chain-refusals';
import { conclusionOutcomeSchema, type ConclusionOutcome } from '@cr/contract/conclusion.contract';
import { walletActionParamsSchemas } from '@cr/contract/wallet.contract';
import type { Db } from '@cr/core/db/db-client';
import type { ConclusionRow } from '@cr/core/db/schema/conclusion.schema';
import type { ChainActionRow } from '@cr/core/db/schema/chain.schema';
import { conflict, unauthorized } from '@cr/core/errors/app-error';
import { policy } from '../../http/route';
import { chainConfig } from '../proposal';
import { defineWalletAction } from '../wallet';
import {
  alreadySigned,
  changed,
  checkOpen,
  checkOutcome,
  conclusionNonce,
  conclusionSubject,
  conclusionWords,
  onItsWay,
  partyOf,
  replaceable,
  signedBy,
  type ConclusionSubject,
  type Party,
} from './conclusion-access';
import { conclusionEvents } from './conclusion-events';
import { CONCLUDE_KIND } from './conclusion-rules';
import { insertConclusion, moveConclusion, patchConclusion } from './conclusion.repo';

const concludePayloadSchema = z.object({
  proposalId: z.string(),
  party: z.enum(['owner', 'secretary']),
  outcome: conclusionOutcomeSchema,
  nonce: z.string(),
  /** The SIGNING conclusion this signature co-signs; null: a new one (replacing `replaces`, if any). */
  conclusionId: z.string().nullable(),
  replaces: z.string().nullable(),
  note: z.string().nullable(),
});
type ConcludePayload = z.infer<typeof concludePayloadSchema>;

const noSecretary = () =>
  conflict('conclusion.no_secretary', 'There is no secretary general on chain to co-sign the conclusion.');

/** Refused when Governance.conclude would revert for this outcome signed by `did` as `party`. */
function checkOnChain(
  deps: AppDeps,
  s: ConclusionSubject,
  outcome: ConclusionOutcome,
  did: string,
  party: Party,
) {
  return refuseWhatChainWould(
    deps,
    (v) => readConclusionState(v, { draftHash: s.p.draftHash!, outcome, signerDid: did, role: party }),
    conclusionRefusal,
  );
}

/** What the caller signs now: the pending conclusion's words (co-signature), or new words (first signature). */
async function plan(db: Db, s: ConclusionSubject, party: Party, outcome: ConclusionOutcome) {
  const c = s.current;
  if (c && !(await replaceable(db, c))) throw onItsWay();
  if (c && c.status === 'SIGNING' && c.outcome === outcome) {
    if (signedBy(c, party)) throw alreadySigned();
    return { cosign: c };
  }
  return { cosign: null, replaces: c };
}

/**
 * The owner or the secretary general signs the conclusion of an ACTIVE NORMAL proposal (FINAL or INCOMPLETED).
 * Both sign the same statement: the first signature stores it (a new nonce; a pending conclusion not yet co-signed,
 * or one whose relay failed, is replaced), the second one co-signs it, and in that transaction the relayed
 * Governance.conclude is put in the outbox with both signatures. The contract checks both keys again.
 */
export const concludeAction = defineWalletAction({
  name: 'conclude',
  intent: 'didsign',
  payload: concludePayloadSchema,
  policy: policy.auth,
  params: walletActionParamsSchemas.conclude,
  async prepare({ deps, user, params }) {
    if (!user) throw unauthorized();
    const db = deps.database.db;
    const { chainId } = chainConfig(deps);
    const s = await conclusionSubject(db, params.proposalId);
    const party = partyOf(s, user.did);
    checkOpen(s);
    if (!s.secretaryDid) throw noSecretary();
    const { cosign, replaces } = await plan(db, s, party, params.outcome);
    checkOutcome(s, params.outcome, cosign ? cosign.note : params.note);
    await checkOnChain(deps, s, cosign?.outcome ?? params.outcome, user.did!, party);
    let statement: string;
    let payload: ConcludePayload;
    if (cosign) {
      statement = cosign.statement;
      payload = {
        proposalId: s.p.id,
        party,
        outcome: cosign.outcome,
        nonce: cosign.nonce,
        conclusionId: cosign.id,
        replaces: null,
        note: null,
      };
    } else {
      const nonce = conclusionNonce();
      const note = params.note?.trim() ?? null;
      statement = conclusionWords(s, params.outcome, note ?? undefined, nonce, chainId).statement;
      payload = {
        proposalId: s.p.id,
        party,
        outcome: params.outcome,
        nonce: nonce.toString(),
        conclusionId: null,
        replaces: replaces?.id ?? null,
        note,
      };
    }
    return {
      intent: 'didsign',
      expectedSigner: party === 'owner' ? s.p.ownerDid! : s.secretaryDid,
      statement,
      digest: statementDigest(statement).slice(2),
      subjectType: 'proposal',
      subjectId: s.p.id,
      payload,
    };
  },
  async apply({ tx, deps, request, reply, payload: x }) {
    const { chainId, governance } = chainConfig(deps);
    const s = await conclusionSubject(tx, x.proposalId, true);
    const party = partyOf(s, reply.signerDid);
    if (party !== x.party) throw changed();
    checkOpen(s);
    if (!s.secretaryDid) throw noSecretary();
    await checkOnChain(deps, s, x.outcome, reply.signerDid, party);
    const now = new Date();
    const sigFields =
      party === 'owner'
        ? { ownerSig: reply.signatureHex, ownerSignedAt: now }
        : { secretarySig: reply.signatureHex, secretarySignedAt: now };
    let c: ConclusionRow;
    if (x.conclusionId) {
      const cur = s.current;
      if (
        !cur ||
        cur.id !== x.conclusionId ||
        cur.status !== 'SIGNING' ||
        cur.statement !== request.statement
      )
        throw changed();
      if (signedBy(cur, party)) throw alreadySigned();
      checkOutcome(s, cur.outcome, cur.note);
      c = await patchConclusion(tx, cur.id, sigFields);
    } else {
      const cur = s.current;
      if ((cur?.id ?? null) !== x.replaces) throw changed();
      if (cur && !(await replaceable(tx, cur))) throw onItsWay();
      checkOutcome(s, x.outcome, x.note ?? undefined);
      const words = conclusionWords(s, x.outcome, x.note ?? undefined, BigInt(x.nonce), chainId);
      if (words.statement !== request.statement) throw changed();
      if (cur && !(await moveConclusion(tx, cur.id, cur.status, 'CANCELLED'))) throw changed();
      c = await insertConclusion(tx, {
        proposalId: s.p.id,
        outcome: x.outcome,
        nonce: x.nonce,
        summaryHash: words.summaryHash,
        note: words.text,
        statement: words.statement,
        ownerDid: s.p.ownerDid!,
        secretaryDid: s.secretaryDid,
        ...sigFields,
      });
    }
    const chainActions: ChainActionRow[] = [];
    if (c.ownerSig && c.secretarySig) {
      const owner = toContractSig(c.ownerSig);
      const secretary = toContractSig(c.secretarySig);
      const action = await recordChainAction(tx, {
        kind: CONCLUDE_KIND,
        subjectType: 'proposal',
        subjectId: s.p.id,
        chainId,
        to: governance,
        data: governanceInterface.encodeFunctionData('conclude', [
          s.p.draftHash!,
          ProposalStatus[c.outcome],
          c.summaryHash,
          BigInt(c.nonce),
          [owner.r, owner.s],
          [secretary.r, secretary.s],
        ]),
      });
      chainActions.push(action);
      const moved = await moveConclusion(tx, c.id, 'SIGNING', 'SIGNED', { actionId: action.id });
      if (!moved) throw changed();
      c = moved;
    }
    return {
      result: {
        proposalId: s.p.id,
        conclusionId: c.id,
        outcome: c.outcome,
        status: c.status,
        ownerSigned: !!c.ownerSig,
        secretarySigned: !!c.secretarySig,
        chainActionId: c.actionId,
      },
      chainActions,
      events: conclusionEvents(s.p),
    };
  },
});
