import type { ChainRefusal, RefusalHandlers } from '@cr/core/chain/chain-refusal';
import type { Db } from '@cr/core/db/db-client';
import type { ChainActionRow } from '@cr/core/db/schema/chain.schema';
import { findUserByDid } from '../account';
import { conclusionEvents } from './conclusion-events';
import { CONCLUDE_KIND } from './conclusion-rules';
import { conclusionOfAction } from './conclusion-refusal.repo';
import { moveConclusion } from './conclusion.repo';

/**
 * The chain refused a conclusion for good (docs/chain-refusals.md): the proposal stays what the chain holds (ACTIVE),
 * the signed conclusion is CANCELLED (its words can never be relayed), and the owner and the secretary general, who
 * both signed it, are told; either may start a new one.
 */
export async function onConclusionRefused(action: ChainActionRow, tx: Db): Promise<ChainRefusal | null> {
  const found = await conclusionOfAction(tx, action.id);
  if (!found || found.conclusion.status !== 'SIGNED') return null;
  const { conclusion: c, proposal: p } = found;
  await moveConclusion(tx, c.id, 'SIGNED', 'CANCELLED');
  const secretary = await findUserByDid(tx, c.secretaryDid);
  const link = `/proposals/${p.id}`;
  return {
    title: p.title,
    subjectType: 'proposal',
    subjectId: p.id,
    recipients: [
      { userId: p.ownerId, link },
      { userId: secretary?.id, link },
    ],
    events: conclusionEvents(p),
  };
}

/** The conclusion module's permanent-refusal hook (core/src/chain/chain-refusal.ts). */
export const conclusionRefusalHandlers: RefusalHandlers = { [CONCLUDE_KIND]: onConclusionRefused };
