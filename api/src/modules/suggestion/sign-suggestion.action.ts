import { z } from 'zod';
import { ownerStatement } from '@cr/contracts-abi/statements';
import type { AppDeps } from '../../app-deps';
import type { Db } from '@cr/core/db/db-client';
import type { SuggestionRow } from '@cr/core/db/schema';
import { SUGGESTION_MESSAGES as M } from '@cr/contract/suggestion-messages.contract';
import { walletActionParamsSchemas } from '@cr/contract/wallet.contract';
import { AppError, conflict, unauthorized } from '@cr/core/errors/app-error';
import { policy } from '../../http/route';
import { defineWalletAction } from '../wallet';
import { buildProposalTerms, chainDraftHash } from '../proposal-record';
import { assertEditable, assertVisible } from './suggestion-access';
import * as repo from './suggestion.repo';
import { suggestionEvent } from './suggestion-events';

/**
 * The first form of the author's statement, before signatures went on chain. Kept for seed data only: what an
 * author signs now is {@link ownerSignStatement}, the contract's own words.
 */
export function suggestionStatement(input: {
  username: string;
  number: number;
  title: string;
  version: number;
  draftHash: string;
}): string {
  const title = input.title.length > 120 ? `${input.title.slice(0, 117)}...` : input.title;
  return (
    `Cyber Republic: I, ${input.username}, sign suggestion #${input.number} "${title}" ` +
    `(version ${input.version}) as its author.\nDraft hash: ${input.draftHash}`
  );
}

/**
 * What the author signs: exactly the statement Governance.register checks for the owner (`ownerStatement` of
 * @cr/contracts-abi/statements): the owner's DID, the draft hash, the terms in words (kind, budget in wei to the
 * Elastos Smart Chain payment address), the terms hash and the chain id. A budgeted suggestion without a smart
 * chain payment address cannot be signed (the treasury could not pay it).
 */
export async function ownerSignStatement(
  deps: AppDeps,
  db: Db,
  row: SuggestionRow,
  ownerDid: string,
): Promise<string> {
  const chainId = deps.config.CHAIN_ID;
  if (!chainId)
    throw new AppError(503, 'chain.unavailable', 'Signing for the chain is not configured on this server.');
  const terms = await buildProposalTerms(db, row);
  return ownerStatement({ draftHash: chainDraftHash(row.draftHash), ownerDid, terms, chainId });
}

/**
 * The author signs the suggestion's draft hash with their bound DID. Once stored, the suggestion can no longer
 * be edited; the hash and the signature are what a council member registers on chain.
 */
/** The version signed, as the request showed it (number and version of the suggestion). */
const signedVersionSchema = z.object({ number: z.number().int(), version: z.number().int() });

export const signSuggestionAction = defineWalletAction({
  name: 'sign-suggestion',
  intent: 'didsign',
  payload: signedVersionSchema,
  policy: policy.auth,
  params: walletActionParamsSchemas['sign-suggestion'],
  async prepare({ deps, user, params }) {
    if (!user) throw unauthorized();
    const row = assertVisible(await repo.findSuggestion(deps.database.db, params.suggestionId), user);
    if (row.signed && row.authorId === user.id)
      throw conflict('suggestion.signed', 'This suggestion is already signed.');
    assertEditable(row, user);
    if (!user.did) throw new AppError(400, 'user.did_required', M.didRequired);
    return {
      intent: 'didsign',
      expectedSigner: user.did,
      statement: await ownerSignStatement(deps, deps.database.db, row, user.did),
      digest: row.draftHash,
      subjectType: 'suggestion',
      subjectId: row.id,
      payload: { number: row.number, version: row.version },
    };
  },
  async apply({ tx, deps, request, reply }) {
    const row = await repo.findSuggestion(tx, request.subjectId ?? '', true);
    if (!row) throw new AppError(404, 'suggestion.not_found', 'The suggestion was not found.');
    if (row.signed) throw conflict('suggestion.signed', 'This suggestion is already signed.');
    if (row.status !== 'ACTIVE')
      throw conflict('suggestion.not_active', `This suggestion is ${row.status.toLowerCase()}.`);
    if (row.draftHash !== request.digest)
      throw conflict(
        'suggestion.sign_stale',
        'The suggestion changed after this QR code was made. Please sign it again.',
      );
    // The author may have bound another DID since the QR was made: the signer must be the author's DID now.
    const authorDid = await repo.didOfUser(tx, row.authorId);
    if (!authorDid || authorDid !== reply.signerDid)
      throw new AppError(403, 'did.signer_mismatch', 'This suggestion must be signed with its author’s DID.');
    // The terms are rebuilt now: the statement signed must still be the one the chain will check.
    if ((await ownerSignStatement(deps, tx, row, reply.signerDid)) !== request.statement)
      throw conflict(
        'suggestion.sign_stale',
        'The suggestion changed after this QR code was made. Please sign it again.',
      );
    const signedAt = new Date();
    await repo.markSigned(tx, row.id, {
      signature: reply.signatureHex,
      signerDid: reply.signerDid,
      signerPublicKey: reply.publicKeyBase58,
      statement: request.statement,
      at: signedAt,
    });
    return {
      result: {
        suggestionId: row.id,
        number: row.number,
        draftHash: row.draftHash,
        signature: reply.signatureHex,
      },
      cacheScopes: ['suggestions'],
      events: [
        suggestionEvent(row.id, 'suggestion-signed', {
          draftHash: row.draftHash,
          signedAt: signedAt.toISOString(),
        }),
      ],
    };
  },
});
