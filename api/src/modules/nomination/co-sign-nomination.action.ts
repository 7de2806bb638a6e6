import { z } from 'zod';
import { statementDigest } from '@cr/contracts-abi/statements';
import { walletActionParamsSchemas } from '@cr/contract/wallet.contract';
import { nominationRoleSchema, type NominationRoleName } from '@cr/contract/nomination.contract';
import type { Db } from '@cr/core/db/db-client';
import type { AppDeps } from '../../app-deps';
import { AppError, conflict, forbidden, unauthorized } from '@cr/core/errors/app-error';
import { policy } from '../../http/route';
import { findUserByDid } from '../account';
import { proposalOfSuggestion } from '../proposal-record';
import { findSuggestion } from '../suggestion';
import { defineWalletAction } from '../wallet';
import { consentOf, nominationPlan, type Requirement } from './nomination.service';
import { insertNomination, nominationsOf } from './nomination.repo';

const nominationPayloadSchema = z.object({
  suggestionId: z.string(),
  role: nominationRoleSchema,
  draftHash: z.string(),
  version: z.number().int(),
});
type NominationPayload = z.infer<typeof nominationPayloadSchema>;

const notChange = () =>
  conflict(
    'nomination.not_required',
    'This suggestion changes no owner or secretary general: nobody co-signs it.',
  );
const stale = () =>
  conflict('nomination.stale', 'The suggestion changed after this QR code was made. Please open a new one.');
const alreadySigned = () =>
  conflict('nomination.signed', 'This co-signature is already given for this version.');

/** The suggestion, the requirement of `role` and the words to sign, with every rule checked for `did`. */
async function requirementFor(
  deps: AppDeps,
  db: Db,
  ref: string,
  role: NominationRoleName,
  did: string | null,
  lock: boolean,
) {
  const s = await findSuggestion(db, ref, lock);
  if (!s) throw new AppError(404, 'suggestion.not_found', 'The suggestion was not found.');
  if (s.status !== 'ACTIVE')
    throw conflict('suggestion.not_active', `This suggestion is ${s.status.toLowerCase()}.`);
  if (await proposalOfSuggestion(db, s.id))
    throw conflict('proposal.already_proposed', 'This suggestion is already a proposal.');
  const plan = await nominationPlan(deps, db, s);
  if (!plan) throw notChange();
  const req = plan.required.find((r) => r.role === role);
  if (!req) throw notChange();
  if (!req.did || !req.statement)
    throw conflict(
      'nomination.no_secretary',
      'No secretary general is seated on chain to co-sign this change.',
    );
  if (!did || did !== req.did)
    throw forbidden(
      role === 'NOMINEE'
        ? 'Only the nominee named in this suggestion can accept the nomination.'
        : 'Only the secretary general can co-sign this change of owner.',
      role === 'NOMINEE' ? 'nomination.not_nominee' : 'nomination.not_secretary',
    );
  return { s, plan, req: req as Requirement & { did: string; statement: string } };
}

/**
 * The nominee of a CHANGE_PROPOSAL / CHANGE_SECRETARY suggestion accepts with their DID (and, for a change of
 * owner, the secretary general co-signs: spec §6). The words name the nominee, the target, the suggestion's draft
 * hash, the nominee's key, the chain and the suggestion's version; the mechanism verifies the reply against the
 * signer's DID document, and apply stores the consent for that exact draft. make-proposal is refused until every
 * required consent exists (nomination.service `checkNominations`).
 */
export const coSignNominationAction = defineWalletAction({
  name: 'co-sign-nomination',
  intent: 'didsign',
  payload: nominationPayloadSchema,
  policy: policy.auth,
  params: walletActionParamsSchemas['co-sign-nomination'],
  async prepare({ deps, user, params }) {
    if (!user) throw unauthorized();
    const db = deps.database.db;
    const { s, plan, req } = await requirementFor(
      deps,
      db,
      params.suggestionId,
      params.role,
      user.did,
      false,
    );
    if (consentOf(req, await nominationsOf(db, s.id, plan.draftHash))) throw alreadySigned();
    const payload: NominationPayload = {
      suggestionId: s.id,
      role: params.role,
      draftHash: plan.draftHash,
      version: s.version,
    };
    return {
      intent: 'didsign',
      expectedSigner: req.did,
      statement: req.statement,
      digest: statementDigest(req.statement).slice(2),
      subjectType: 'suggestion',
      subjectId: s.id,
      payload,
    };
  },
  async apply({ tx, deps, request, reply, payload }) {
    const { s, plan, req } = await requirementFor(
      deps,
      tx,
      payload.suggestionId,
      payload.role,
      reply.signerDid,
      true,
    );
    if (
      plan.draftHash !== payload.draftHash ||
      s.version !== payload.version ||
      req.statement !== request.statement
    )
      throw stale();
    const signer = await findUserByDid(tx, reply.signerDid);
    const stored = await insertNomination(tx, {
      suggestionId: s.id,
      role: payload.role,
      draftHash: plan.draftHash,
      signerDid: reply.signerDid,
      signerId: signer?.id ?? null,
      keyHex: plan.facts.keyHex,
      statement: req.statement,
      signature: reply.signatureHex,
    });
    if (!stored) throw alreadySigned();
    return {
      result: { suggestionId: s.id, role: payload.role, draftHash: plan.draftHash },
      cacheScopes: ['suggestions'],
    };
  },
});
