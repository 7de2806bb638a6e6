import type { AppDeps } from '../../app-deps';
import { getChainAction } from '@cr/core/chain/chain-action.repo';
import { toChainActionView } from '@cr/core/chain/chain-action-events';
import type { ProposalConclusion } from '@cr/contract/conclusion.contract';
import type { Db } from '@cr/core/db/db-client';
import { conflict, unauthorized } from '@cr/core/errors/app-error';
import type { CommandOutcome } from '../../http/command';
import type { AuthUser } from '../session';
import { conclusionSubject, partyOf, replaceable, signedBy, viewerParty } from './conclusion-access';
import { conclusionEvents } from './conclusion-events';
import { conclusionActionsFor, finalReady } from './conclusion-rules';
import { moveConclusion } from './conclusion.repo';

/**
 * GET /api/proposals/:id/conclusion: whether the proposal may be concluded, the conclusion being signed (who has
 * signed, its outcome, words and the live chain status of its relayed call) and what this viewer may do now.
 */
export async function getConclusion(
  deps: AppDeps,
  user: AuthUser | null,
  ref: string,
): Promise<ProposalConclusion> {
  const db = deps.database.db;
  const s = await conclusionSubject(db, ref);
  const party = viewerParty(s, user?.did);
  const open = s.p.kind === 'NORMAL' && s.p.status === 'ACTIVE';
  const ready = finalReady(
    s.stages.map((r) => r.status),
    s.summary !== null,
  );
  const c = s.current;
  const action = c?.actionId ? await getChainAction(db, c.actionId) : undefined;
  return {
    proposalId: s.p.id,
    open,
    finalReady: ready,
    summaryApproved: s.summary !== null,
    pending: c
      ? {
          id: c.id,
          outcome: c.outcome,
          status: c.status,
          nonce: c.nonce,
          summaryHash: c.summaryHash,
          note: c.note,
          statement: c.statement,
          ownerSigned: !!c.ownerSig,
          secretarySigned: !!c.secretarySig,
          ownerSignedAt: c.ownerSignedAt?.toISOString() ?? null,
          secretarySignedAt: c.secretarySignedAt?.toISOString() ?? null,
          action: action ? toChainActionView(action) : null,
        }
      : null,
    viewer: { owner: party === 'owner', secretary: party === 'secretary' },
    actions: conclusionActionsFor({
      party: party !== null,
      open,
      finalReady: ready,
      pending: c
        ? {
            status: c.status,
            outcome: c.outcome,
            signedByViewer: party !== null && signedBy(c, party),
            replaceable: await replaceable(db, c),
          }
        : null,
    }),
  };
}

/** POST /api/proposals/:id/conclusion/cancel: the owner or the secretary general withdraws a conclusion not yet co-signed. */
export async function cancelConclusion(
  tx: Db,
  user: AuthUser | null,
  ref: string,
): Promise<CommandOutcome<null>> {
  if (!user) throw unauthorized();
  const s = await conclusionSubject(tx, ref, true);
  partyOf(s, user.did);
  const c = s.current;
  if (!c || c.status !== 'SIGNING')
    throw conflict('conclusion.nothing_to_cancel', 'There is no conclusion waiting for a signature.');
  await moveConclusion(tx, c.id, 'SIGNING', 'CANCELLED');
  return { result: null, events: conclusionEvents(s.p) };
}
