import { countEventsOfDraft } from '../../chain/chain-index.repo';
import type { ProposalChangedBy, ProposalEffect } from '../../contract/proposal.contract';
import { personName } from '../../contract/person-name';
import type { Db } from '../../db/db-client';
import type { ProposalRow } from '../../db/schema/proposal.schema';
import { findUserByDid } from '../account/account.repo';
import { proposalByDraftHash, proposalsTargeting } from './proposal-effect.repo';

/** Statuses a proposal reaches only through ACTIVE: its effects were applied (or skipped) on the way. */
const PASSED = new Set(['ACTIVE', 'FINAL', 'INCOMPLETED', 'TERMINATED']);
const ENDED = new Set(['REJECT', 'DEFERRED', 'VETOED']);

async function effectStatus(
  db: Db,
  p: { kind: string; status: string; draftHash: string | null; effectsAppliedAt: Date | null },
): Promise<ProposalEffect['status']> {
  if (ENDED.has(p.status)) return 'void';
  if (!PASSED.has(p.status) || !p.draftHash) return 'pending';
  if (
    p.kind !== 'CHANGE_SECRETARY' &&
    (await countEventsOfDraft(db, 'governance', 'EffectSkipped', p.draftHash)) > 0
  )
    return 'skipped';
  return 'applied';
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

/** The changes of owner and terminations aimed at this proposal, with whether each took effect. */
export async function changedByOf(db: Db, p: ProposalRow): Promise<ProposalChangedBy[]> {
  if (p.kind !== 'NORMAL' || !p.draftHash) return [];
  const rows = await proposalsTargeting(db, p.draftHash);
  return Promise.all(
    rows.map(async (r) => ({
      _id: r.id,
      number: r.number,
      title: r.title,
      kind: r.kind as ProposalChangedBy['kind'],
      status: await effectStatus(db, r),
    })),
  );
}
