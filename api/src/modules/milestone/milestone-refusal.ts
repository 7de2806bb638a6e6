import type { ChainRefusal, RefusalHandlers } from '@cr/core/chain/chain-refusal';
import { PROPOSAL_UPDATE_EVENT, proposalRoom } from '@cr/contract/proposal.contract';
import type { Db } from '@cr/core/db/db-client';
import type { ChainActionRow } from '@cr/core/db/schema/chain.schema';
import { findUserByDid } from '../account';
import { getGovernanceState } from '../council';
import { clearOpinions, signerOfAction, stagesOfAction } from './milestone-refusal.repo';
import { PAYMENT_REQUEST_KIND, PAYMENT_REVIEW_KIND, WITHDRAW_KIND } from './milestone-worker-plugin';

/**
 * The chain refused a payment action for good (docs/chain-refusals.md). A stage's status moves only with the
 * Treasury's events, so it is still what the chain holds: a refused request leaves the stage requestable, a refused
 * review leaves it waiting for approval (its unreviewed opinion is dropped), a refused withdrawal leaves the stages
 * due. The action is failed, so the next action on them is not held back (checkNotPending). The member who signed
 * it is told (the signer of its wallet request, not whoever holds the role now).
 */
async function refusedPayment(
  action: ChainActionRow,
  tx: Db,
  signer: 'owner' | 'secretary',
): Promise<ChainRefusal | null> {
  const { rows, p } = await stagesOfAction(tx, action.id);
  if (!p) return null;
  if (action.kind === PAYMENT_REVIEW_KIND)
    await clearOpinions(
      tx,
      rows.filter((x) => x.status === 'WAITING_FOR_APPROVAL').map((x) => x.id),
    );
  // The member who signed it (the owner or secretary general of that moment), else who holds the role now.
  const signerDid = await signerOfAction(tx, p.id, action.id);
  let userId = p.ownerId;
  if (signerDid) userId = (await findUserByDid(tx, signerDid))?.id ?? null;
  else if (signer === 'secretary') {
    const did = (await getGovernanceState(tx))?.secretaryDid;
    userId = did ? ((await findUserByDid(tx, did))?.id ?? null) : null;
  }
  const payload = { id: p.id, status: p.status, reason: 'payment-refused' };
  return {
    title: p.title,
    subjectType: 'proposal',
    subjectId: p.id,
    recipients: [{ userId, link: `/proposals/${p.id}` }],
    events: [{ room: proposalRoom(p.id), event: PROPOSAL_UPDATE_EVENT, payload }],
  };
}

/** The milestone module's permanent-refusal hooks (core/src/chain/chain-refusal.ts). */
export const milestoneRefusalHandlers: RefusalHandlers = {
  [PAYMENT_REQUEST_KIND]: (action, tx) => refusedPayment(action, tx, 'owner'),
  [PAYMENT_REVIEW_KIND]: (action, tx) => refusedPayment(action, tx, 'secretary'),
  [WITHDRAW_KIND]: (action, tx) => refusedPayment(action, tx, 'owner'),
};
