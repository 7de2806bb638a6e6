import { textHash } from '@cr/contracts-abi/statements';
import type { NewChainEvent } from '@cr/core/chain/chain-index.repo';
import type { Db } from '@cr/core/db/db-client';
import type { ProjectionNotice } from '../proposal';
import {
  ensureMilestones,
  moveMilestones,
  patchMilestones,
  proposalOfDraft,
  setMilestoneRecipient,
} from './milestone.repo';

/**
 * The Treasury's events, projected into proposal_milestones in the block watcher's transaction. Idempotent like
 * the proposal projection: each move is allowed only from the states the contract moves from, so replaying the
 * same events in order changes nothing. The texts (message, opinion) were written by the signed actions; a
 * request relayed by someone else keeps only its hash. `npm run reindex` rebuilds these rows through this code
 * (scripts/src/reindex/reindex-reset.repo.ts clears them, keep-milestones.ts puts the site's texts back).
 */
export async function projectTreasuryEvents(events: NewChainEvent[], tx: Db): Promise<ProjectionNotice[]> {
  const notices = new Map<string, ProjectionNotice>();
  for (const e of events) {
    if (e.stream !== 'treasury') continue;
    const a = e.args;
    const draftHash = String(a.draftHash ?? '').toLowerCase();
    if (!draftHash) continue;
    const p = await proposalOfDraft(tx, draftHash);
    if (!p) continue;
    await ensureMilestones(tx, p);
    const stage = Number(a.stage);
    const at = new Date();
    let moved = true;
    switch (e.name) {
      case 'PaymentRequested': {
        const messageHash = String(a.messageHash).toLowerCase();
        const rows = await moveMilestones(
          tx,
          p.id,
          [stage],
          ['WAITING_FOR_REQUEST', 'REJECTED'],
          'WAITING_FOR_APPROVAL',
          { requestedAt: at, messageHash, opinion: null, opinionHash: null, approved: null },
        );
        // Another relayer's request: its text is not ours to show.
        const row = rows[0];
        if (row?.message && textHash(row.message).toLowerCase() !== messageHash)
          await patchMilestones(tx, [row.id], { message: null });
        moved = rows.length > 0;
        break;
      }
      case 'PaymentReviewed': {
        const approved = Boolean(a.approved);
        const opinionHash = String(a.opinionHash).toLowerCase();
        const fields = { reviewedAt: at, approved, opinionHash };
        const rows = approved
          ? await moveMilestones(
              tx,
              p.id,
              [stage],
              // An ADVANCE is approved by the activation itself, straight from waiting.
              ['WAITING_FOR_REQUEST', 'WAITING_FOR_APPROVAL'],
              'WAITING_FOR_WITHDRAWAL',
              fields,
            )
          : await moveMilestones(tx, p.id, [stage], ['WAITING_FOR_APPROVAL'], 'REJECTED', fields);
        const row = rows[0];
        if (row?.opinion && textHash(row.opinion).toLowerCase() !== opinionHash)
          await patchMilestones(tx, [row.id], { opinion: null });
        moved = rows.length > 0;
        break;
      }
      case 'Withdrawn': {
        const from = Number(a.fromStage);
        const to = Number(a.toStage);
        const stages = Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);
        moved =
          (
            await moveMilestones(tx, p.id, stages, ['WAITING_FOR_WITHDRAWAL'], 'WITHDRAWN', {
              withdrawnAt: at,
              withdrawTxHash: e.txHash,
              withdrawBlock: e.blockNumber,
            })
          ).length > 0;
        break;
      }
      case 'StageCancelled':
        moved =
          (
            await moveMilestones(
              tx,
              p.id,
              [stage],
              ['WAITING_FOR_REQUEST', 'WAITING_FOR_APPROVAL', 'REJECTED'],
              'CANCELLED',
            )
          ).length > 0;
        break;
      case 'RecipientChanged':
        await setMilestoneRecipient(tx, p.id, String(a.recipient).toLowerCase());
        break;
      default:
        moved = e.name === 'BudgetActivated';
    }
    if (moved) notices.set(p.id, { id: p.id, status: p.status, reason: 'payment' });
  }
  return [...notices.values()];
}
