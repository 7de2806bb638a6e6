import { countEventsOfDraft } from '@cr/core/chain/chain-index.repo';
import type { ProposalEffect } from '@cr/contract/proposal.contract';
import { personName } from '@cr/contract/person-name';
import type { Db } from '@cr/core/db/db-client';
import type { ProposalRow } from '@cr/core/db/schema/proposal.schema';
import { findUserByDid } from '../account';
import { proposalByDraftHash } from './proposal-effect.repo';

/** Statuses a proposal reaches only through ACTIVE: its effects were applied (or skipped) on the way. */
const PASSED = new Set(['ACTIVE', 'FINAL', 'INCOMPLETED', 'TERMINATED']);
const ENDED = new Set(['REJECT', 'DEFERRED', 'VETOED']);

/** Whether a change took effect, given whether the chain logged EffectSkipped for its draft hash. */
export function effectStatusOf(
  p: { kind: string; status: string; draftHash: string | null },
  skipped: boolean,
): ProposalEffect['status'] {
  if (ENDED.has(p.status)) return 'void';
  if (!PASSED.has(p.status) || !p.draftHash) return 'pending';
  if (p.kind !== 'CHANGE_SECRETARY' && skipped) return 'skipped';
  return 'applied';
}

async function effectStatus(
  db: Db,
  p: { kind: string; status: string; draftHash: string | null; effectsAppliedAt: Date | null },
): Promise<ProposalEffect['status']> {
  const asks = PASSED.has(p.status) && !!p.draftHash && p.kind !== 'CHANGE_SECRETARY';
  const skipped = asks && (await countEventsOfDraft(db, 'governance', 'EffectSkipped', p.draftHash!)) > 0;
  return effectStatusOf(p, skipped);
}

/** What a change or termination proposal does, its target and whether it took effect; null for NORMAL. */
export async function effectOf(db: Db, p: ProposalRow): Promise<ProposalEffect | null> {
  if (p.kind === 'NORMAL' || !p.terms) return null;
  const t = p.terms;
  const target = p.kind !== 'CHANGE_SECRETARY' ? await proposalByDraftHash(db, t.target) : undefined;
  const nominee = p.kind !== 'TERMINATE' && t.newDid ? await findUserByDid(db, t.newDid) : undefined;
  return {
    kind: p.kind,
    target: target ? { _id: target.id, number: target.number, title: target.title } : null,
    newDid: p.kind !== 'TERMINATE' ? t.newDid || null : null,
    newName: nominee ? personName(nominee) : null,
    newUserId: nominee?.id ?? null,
    status: await effectStatus(db, p),
  };
}
