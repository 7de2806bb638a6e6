import { compressedKeyHex, hex32, type ProposalTerms } from '@cr/contracts-abi/statements';
import { verifyStatementSignature, type PublicKeyXY } from '@cr/contracts-abi/p256';
import type { AppDeps } from '../../app-deps';
import type { Db } from '@cr/core/db/db-client';
import type { NominationRole, NominationRow } from '@cr/core/db/schema/nomination.schema';
import type { SuggestionRow } from '@cr/core/db/schema/suggestion.schema';
import { AppError, conflict } from '@cr/core/errors/app-error';
import { findUserByDid } from '../account';
import { getGovernanceState } from '../council';
import { buildProposalTerms, chainDraftHash, kindOfType } from '../proposal-record';
import { nomineeStatement, secretaryCosignStatement, type NominationFacts } from './nomination-statement';
import { nominationsOf } from './nomination.repo';

/** One co-signature a change suggestion needs: who, with which key, in which words. */
export interface Requirement {
  role: NominationRole;
  did: string | null;
  /** The key the signature must verify with (the terms' nominee key, or the secretary general's on chain). */
  key: { qx: string; qy: string } | null;
  statement: string | null;
}

export interface NominationPlan {
  kind: 'CHANGE_OWNER' | 'CHANGE_SECRETARY';
  draftHash: string;
  facts: NominationFacts;
  required: Requirement[];
}

/** Suggestion types whose registration waits for co-signatures. */
export const needsNomination = (type: string) => {
  const kind = kindOfType(type);
  return kind === 'CHANGE_OWNER' || kind === 'CHANGE_SECRETARY';
};

export const nomineeUnknown = (did: string) =>
  conflict(
    'nomination.nominee_unknown',
    `The nominee's DID ${did} is not bound to any account on this site, so it cannot be nominated.`,
  );

/**
 * Who must co-sign this suggestion's current draft (null for kinds that need none): the nominee of the terms, and
 * for a change of owner also the secretary general seated on chain. Refuses a nominee without a site account or
 * whose DID does not resolve (the terms need its key).
 */
export async function nominationPlan(
  deps: AppDeps,
  db: Db,
  s: SuggestionRow,
  knownTerms?: ProposalTerms,
): Promise<NominationPlan | null> {
  if (!needsNomination(s.type)) return null;
  const chainId = deps.config.CHAIN_ID;
  if (!chainId)
    throw new AppError(503, 'chain.unavailable', 'The governance chain is not configured on this server.');
  const terms = knownTerms ?? (await buildProposalTerms(db, s));
  if (!(await findUserByDid(db, terms.newDid))) throw nomineeUnknown(terms.newDid);
  const kind = terms.kind as NominationPlan['kind'];
  const draftHash = chainDraftHash(s.draftHash);
  const facts: NominationFacts = {
    newDid: terms.newDid,
    target: kind === 'CHANGE_OWNER' ? terms.target : null,
    draftHash,
    keyHex: compressedKeyHex(terms.newQx, terms.newQy),
    chainId,
    nonce: s.version,
  };
  const required: Requirement[] = [
    {
      role: 'NOMINEE',
      did: terms.newDid,
      key: { qx: terms.newQx, qy: terms.newQy },
      statement: nomineeStatement(facts),
    },
  ];
  if (kind === 'CHANGE_OWNER') {
    const gov = await getGovernanceState(db);
    const did = gov?.secretaryDid ?? null;
    required.push({
      role: 'SECRETARY',
      did,
      key: did && gov?.secretaryQx && gov.secretaryQy ? { qx: gov.secretaryQx, qy: gov.secretaryQy } : null,
      statement: did ? secretaryCosignStatement({ ...facts, secretaryDid: did }) : null,
    });
  }
  return { kind, draftHash, facts, required };
}

const keyOf = (k: { qx: string; qy: string }): PublicKeyXY => ({ qx: hex32(k.qx), qy: hex32(k.qy) });

/** The stored co-signature that satisfies `req` (right signer, exact words, signature valid for the key). */
export function consentOf(req: Requirement, rows: NominationRow[]): NominationRow | undefined {
  return rows.find(
    (r) =>
      r.role === req.role &&
      r.signerDid === req.did &&
      r.statement === req.statement &&
      !!req.key &&
      verifyStatementSignature(r.statement, r.signature, keyOf(req.key)),
  );
}

/**
 * Registration waits until every required co-signature exists for the exact draft being registered
 * (make-proposal); refuses with the first one missing.
 */
export async function checkNominations(
  deps: AppDeps,
  db: Db,
  s: SuggestionRow,
  terms: ProposalTerms,
): Promise<void> {
  const plan = await nominationPlan(deps, db, s, terms);
  if (!plan) return;
  const rows = await nominationsOf(db, s.id, plan.draftHash);
  for (const req of plan.required) {
    if (consentOf(req, rows)) continue;
    throw conflict(
      req.role === 'NOMINEE' ? 'nomination.nominee_missing' : 'nomination.secretary_missing',
      req.role === 'NOMINEE'
        ? `The nominee (${req.did}) has not co-signed this version of the suggestion yet.`
        : 'The secretary general has not co-signed this change of owner yet.',
    );
  }
}
