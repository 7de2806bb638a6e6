import type { AppDeps } from '../../app-deps';
import { toChainActionView } from '@cr/core/chain/chain-action-events';
import type { ProposalPayments, WithdrawalView } from '@cr/contract/milestone.contract';
import type { Db } from '@cr/core/db/db-client';
import { notFound } from '@cr/core/errors/app-error';
import type { AuthUser } from '../session';
import { weiToEla } from '../proposal-record';
import { findProposal } from '../proposal';
import { isSecretary } from './milestone-access';
import { summaryApproved } from '../proposal-tracking';
import { actionsFor, dueStages, requestRefusal } from './milestone-rules';
import { actionsByIds, listMilestones, paymentEventTxs, withdrawnEvents } from './milestone.repo';

/** eth_getBalance at a block, through the configured node; null when it cannot answer. */
async function balanceAt(rpc: string | undefined, address: string, block: number): Promise<string | null> {
  if (!rpc || block < 0) return null;
  try {
    const res = await fetch(rpc, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_getBalance',
        params: [address, `0x${block.toString(16)}`],
      }),
      signal: AbortSignal.timeout(3_000),
    });
    const body = (await res.json()) as { result?: string };
    return body.result ? weiToEla(BigInt(body.result)) : null;
  } catch {
    return null;
  }
}

async function withdrawalsOf(deps: AppDeps, db: Db, draftHash: string): Promise<WithdrawalView[]> {
  const events = await withdrawnEvents(db, draftHash);
  return Promise.all(
    events.map(async (e) => {
      const recipient = String(e.args.recipient).toLowerCase();
      const [balanceBefore, balanceAfter] = await Promise.all([
        balanceAt(deps.config.CHAIN_RPC_URL, recipient, e.blockNumber - 1),
        balanceAt(deps.config.CHAIN_RPC_URL, recipient, e.blockNumber),
      ]);
      return {
        txHash: e.txHash,
        blockNumber: e.blockNumber,
        recipient,
        amount: weiToEla(String(e.args.amountWei)),
        fromStage: Number(e.args.fromStage),
        toStage: Number(e.args.toStage),
        balanceBefore,
        balanceAfter,
      };
    }),
  );
}

/**
 * GET /api/proposals/:id/payments: the milestones with their statuses (public), the latest action's live chain
 * status, the withdrawals with the recipient's balance around each, and what this viewer may do now.
 */
export async function getPayments(
  deps: AppDeps,
  user: AuthUser | null,
  ref: string,
): Promise<ProposalPayments> {
  const db = deps.database.db;
  const p = await findProposal(db, ref);
  if (!p || p.status === 'DRAFT') throw notFound('proposal', 'proposal.not_found');
  const rows = await listMilestones(db, p.id);
  const actions = new Map(
    (
      await actionsByIds(
        db,
        rows.flatMap((r) => (r.actionId ? [r.actionId] : [])),
      )
    ).map((a) => [a.id, a]),
  );
  const viewer = {
    owner: !!user?.did && user.did === p.ownerDid,
    secretary: await isSecretary(db, user?.did),
  };
  const summary = await summaryApproved(db, p.id);
  const txs = p.draftHash
    ? await paymentEventTxs(db, p.draftHash)
    : { request: new Map<number, string>(), review: new Map<number, string>() };
  return {
    proposalId: p.id,
    recipient: rows[0]?.recipient ?? null,
    milestones: rows.map((r) => {
      const action = r.actionId ? actions.get(r.actionId) : undefined;
      return {
        stage: r.stage,
        kind: r.kind,
        amount: weiToEla(r.amountWei),
        status: r.status,
        message: r.message,
        opinion: r.opinion,
        approved: r.approved,
        requestedAt: r.requestedAt?.toISOString() ?? null,
        reviewedAt: r.reviewedAt?.toISOString() ?? null,
        withdrawnAt: r.withdrawnAt?.toISOString() ?? null,
        withdrawTxHash: r.withdrawTxHash,
        requestTxHash: txs.request.get(r.stage) ?? null,
        reviewTxHash: txs.review.get(r.stage) ?? null,
        action: action ? toChainActionView(action) : null,
        actions: actionsFor(viewer, p.status, rows, r, summary),
        waitingFor:
          viewer.owner && requestRefusal(p.status, rows, r.stage, summary) === 'summary_required'
            ? ('summary' as const)
            : null,
      };
    }),
    withdrawals: p.draftHash ? await withdrawalsOf(deps, db, p.draftHash) : [],
    withdrawable: weiToEla(dueStages(rows).reduce((sum, r) => sum + BigInt(r.amountWei), 0n)),
  };
}
