import { z } from 'zod';
import { getAddress } from 'ethers';
import { governanceInterface } from '@cr/contracts-abi/artifacts';
import type { AppDeps } from '../../app-deps';
import { recordChainAction } from '@cr/core/chain/chain-outbox';
import { PROPOSAL_MESSAGES as PM } from '@cr/contract/proposal.contract';
import { walletActionParamsSchemas } from '@cr/contract/wallet.contract';
import type { Db } from '@cr/core/db/db-client';
import { AppError, conflict, notFound, unauthorized } from '@cr/core/errors/app-error';
import { policy } from '../../http/route';
import { defineWalletAction } from '../wallet';
import { readChainClock } from '../../chain/chain-clock';
import { chainConfig } from './proposal-registration.service';
import { vetoOpenAt } from './proposal-rules';
import { elaToWei } from '../proposal-record';
import { VETO_KIND } from './proposal-worker-plugin';
import { findProposal } from './proposal.repo';

const vetoPayloadSchema = z.object({ proposalId: z.string(), amountWei: z.string(), from: z.string() });
type VetoPayload = z.infer<typeof vetoPayloadSchema>;

/** The proposal, while its community veto window [R+V, R+2V) is open at the indexed height. */
async function vetoable(deps: AppDeps, db: Db, ref: string) {
  const p = await findProposal(db, ref);
  if (!p || p.status === 'DRAFT') throw notFound('proposal', 'proposal.not_found');
  const clock = await readChainClock(db, deps.config.CHAIN_ID);
  if (!p.draftHash || !vetoOpenAt(p, clock.height))
    throw conflict('proposal.veto_closed', PM.notInVetoWindow);
  return p as typeof p & { draftHash: string };
}

const vetoCall = (draftHash: string) => governanceInterface.encodeFunctionData('veto', [draftHash]);

/**
 * Community veto (intent esctransaction): during the veto window any signed-in member opposes by locking ELA;
 * their own EVM wallet sends Governance.veto(draftHash) with the amount. The request names the sender (`from`, the
 * address the member typed), so the wallet mechanism accepts a reply only when the chain shows that transaction
 * from that address to Governance with this calldata and value (wallet-transaction.ts); `apply` then records it as
 * a TRACKED chain action the worker follows to its confirmations, and the VetoLocked event moves the locked total.
 */
export const vetoAction = defineWalletAction({
  name: 'veto',
  intent: 'esctransaction',
  payload: vetoPayloadSchema,
  policy: policy.auth,
  params: walletActionParamsSchemas.veto,
  async prepare({ deps, user, params }) {
    if (!user) throw unauthorized();
    const { chainId, governance } = chainConfig(deps);
    const amountWei = elaToWei(params.amount);
    if (amountWei <= 0n) throw new AppError(400, 'proposal.veto_amount', 'Please input valid amount.');
    const p = await vetoable(deps, deps.database.db, params.proposalId);
    const from = getAddress(params.from);
    const payload: VetoPayload = { proposalId: p.id, amountWei: amountWei.toString(), from };
    return {
      intent: 'esctransaction',
      expectedSigner: null,
      subjectType: 'proposal',
      subjectId: p.id,
      payload,
      transaction: {
        chainId,
        call: { from, to: governance, data: vetoCall(p.draftHash), value: amountWei.toString() },
      },
    };
  },
  async apply({ tx, deps, reply, payload }) {
    const { chainId, governance } = chainConfig(deps);
    const sent = reply.transaction;
    const p = await findProposal(tx, payload.proposalId);
    if (!p?.draftHash) throw notFound('proposal', 'proposal.not_found');
    const action = await recordChainAction(tx, {
      mode: 'track',
      kind: VETO_KIND,
      subjectType: 'proposal',
      subjectId: p.id,
      chainId,
      to: governance,
      data: vetoCall(p.draftHash),
      value: payload.amountWei,
      from: sent.from,
      txHash: sent.hash,
    });
    return {
      result: {
        proposalId: p.id,
        txHash: sent.hash,
        chainActionId: action.id,
        amountWei: payload.amountWei,
      },
      chainActions: [action],
    };
  },
});
