import { resolveDid } from '@cr/did/did-backend';
import { toPublicKeyXY } from '@cr/contracts-abi/p256';
import { emptyTerms, ZERO_ADDRESS, type Hex32, type ProposalTerms } from '@cr/contracts-abi/statements';
import type { ProposalKind } from '@cr/contract/proposal.contract';
import { isChecksummedEscAddress } from '@cr/contract/address';
import type { SuggestionContent, SuggestionType } from '@cr/contract/suggestion-content.contract';
import { SUGGESTION_MESSAGES as M } from '@cr/contract/suggestion-messages.contract';
import type { Db } from '@cr/core/db/db-client';
import type { StoredTerms } from '@cr/core/db/schema/proposal.schema';
import { AppError } from '@cr/core/errors/app-error';
import { fromDidError } from '../../http/did-error-map';
import { publishedByNumber } from './proposal-record.repo';

/** The contract's ProposalKind of a suggestion type; types the contracts do not model register as NORMAL. */
export function kindOfType(type: SuggestionType | string): ProposalKind {
  if (type === 'CHANGE_PROPOSAL') return 'CHANGE_OWNER';
  if (type === 'CHANGE_SECRETARY') return 'CHANGE_SECRETARY';
  if (type === 'TERMINATE_PROPOSAL') return 'TERMINATE';
  return 'NORMAL';
}

// The ELA ↔ wei conversions live in the contract package (the web uses them too); re-exported for this module's users.
import { elaToWei } from '@cr/contract/ela-amount';
export { elaToWei, weiToEla } from '@cr/contract/ela-amount';

const STAGE_ORDER = { ADVANCE: 0, CONDITIONED: 1, COMPLETION: 2 } as const;

export const escRequired = () => new AppError(409, 'proposal.esc_address_required', M.escAddressRequired);

/** The on-chain payment stages of a budget: milestone order, amounts in wei. */
export function stagesOf(budget: NonNullable<SuggestionContent['budget']>): ProposalTerms['stages'] {
  return [...budget.payments]
    .sort((a, b) => a.milestone - b.milestone || STAGE_ORDER[a.type] - STAGE_ORDER[b.type])
    .map((p) => ({ kind: p.type, amount: elaToWei(p.amount) }));
}

/** A DID's P-256 key from its published document (the nominee of a change of owner or secretary). */
async function didKey(did: string): Promise<{ qx: Hex32; qy: Hex32 }> {
  try {
    const doc = await resolveDid(did);
    return toPublicKeyXY(doc.getDefaultPublicKey().getPublicKeyBase58());
  } catch (err) {
    const mapped = fromDidError(err);
    if (!mapped) throw err;
    // The resolver itself being down stays a 503 (try again); anything else means the DID cannot be used.
    if (mapped.status === 503) throw mapped;
    throw new AppError(
      409,
      'nomination.nominee_unresolvable',
      `The nominee's DID ${did} cannot be resolved (no published DID document with a key), so it cannot be nominated.`,
    );
  }
}

async function activeTarget(db: Db, number: number | undefined) {
  const target = number ? await publishedByNumber(db, number) : undefined;
  if (!target?.draftHash || target.status !== 'ACTIVE' || target.kind !== 'NORMAL')
    throw new AppError(
      409,
      'proposal.target_not_active',
      `Proposal #${number ?? '?'} is not a passed (ACTIVE) funding proposal, so it cannot be changed or terminated.`,
    );
  return target;
}

/**
 * The terms a suggestion registers with (ProposalTerms of the contracts): what the owner signs, and what the
 * council member registers. NORMAL: the payment schedule in wei to the Elastos Smart Chain payment address;
 * CHANGE_OWNER: the target's draft hash, the new owner's DID and key, the new recipient; CHANGE_SECRETARY: the
 * nominee's DID and key; TERMINATE: the target's draft hash.
 */
export async function buildProposalTerms(
  db: Db,
  s: { type: string; content: SuggestionContent },
): Promise<ProposalTerms> {
  const kind = kindOfType(s.type);
  const c = s.content;
  switch (kind) {
    case 'NORMAL': {
      if (!c.budget || c.budget.payments.length === 0) return emptyTerms('NORMAL');
      const recipient = c.budget.elaAddress;
      if (!isChecksummedEscAddress(recipient)) throw escRequired();
      return { ...emptyTerms('NORMAL'), recipient, stages: stagesOf(c.budget) };
    }
    case 'CHANGE_OWNER': {
      const target = await activeTarget(db, c.targetProposalNumber);
      const newDid = c.newOwnerDid ?? target.ownerDid!;
      const newRecipient = c.newAddress ?? target.terms?.recipient ?? ZERO_ADDRESS;
      if (!isChecksummedEscAddress(newRecipient)) throw escRequired();
      const key = await didKey(newDid);
      return {
        ...emptyTerms('CHANGE_OWNER'),
        target: target.draftHash as Hex32,
        newDid,
        newQx: key.qx,
        newQy: key.qy,
        newRecipient,
      };
    }
    case 'CHANGE_SECRETARY': {
      const newDid = c.newSecretaryDid!;
      const key = await didKey(newDid);
      return { ...emptyTerms('CHANGE_SECRETARY'), newDid, newQx: key.qx, newQy: key.qy };
    }
    case 'TERMINATE': {
      const target = await activeTarget(db, c.closeProposalNumber);
      return { ...emptyTerms('TERMINATE'), target: target.draftHash as Hex32 };
    }
  }
}

/** Terms as stored in JSON (wei as decimal strings). */
export function storeTerms(terms: ProposalTerms): StoredTerms {
  return { ...terms, stages: terms.stages.map((st) => ({ kind: st.kind, amount: st.amount.toString() })) };
}

export function loadTerms(stored: StoredTerms): ProposalTerms {
  return {
    ...stored,
    target: stored.target as Hex32,
    newQx: stored.newQx as Hex32,
    newQy: stored.newQy as Hex32,
    stages: stored.stages.map((st) => ({ kind: st.kind, amount: BigInt(st.amount) })),
  };
}

/** The suggestion's draft hash as the chain's bytes32 (0x + 64 hex). */
export const chainDraftHash = (draftHash: string) =>
  (draftHash.startsWith('0x') ? draftHash : `0x${draftHash}`).toLowerCase() as Hex32;
