import { randomUUID } from 'node:crypto';
import { getAddress } from 'ethers';
import { governanceInterface } from '@cr/contracts-abi/artifacts';
import type { AppDeps } from '../../app-deps';
import { recordChainAction } from '../../chain/chain-outbox';
import { PROPOSAL_MESSAGES as PM, type VetoRequest } from '../../contract/proposal.contract';
import type { CreatedWalletRequest } from '../../contract/wallet.contract';
import type { Db } from '../../db/db-client';
import type { WalletRequestRow } from '../../db/schema';
import { AppError, conflict, forbidden, notFound, unauthorized } from '../../http/app-error';
import type { AuthUser } from '../session/auth-user';
import type { PreparedWalletRequest, VerifiedReply } from '../wallet/wallet-action';
import { createWalletRequest } from '../wallet/wallet-request.service';
import { readChainClock } from './proposal-clock';
import { dispatchWhenCommitted } from './proposal-dispatch';
import { chainConfig } from './proposal-registration.service';
import { vetoOpenAt } from './proposal-rules';
import { elaToWei } from './proposal-terms';
import { VETO_KIND } from './proposal-worker-plugin';
import { findProposal } from './proposal.repo';

/** What the member asked to lock, kept in Redis until the wallet request made for it expires. */
interface VetoIntent {
  userId: string;
  proposalId: string;
  amountWei: string;
  from: string;
}
const intentKey = (id: string) => `cr:proposal-veto-intent:${id}`;

async function openProposal(deps: AppDeps, ref: string) {
  const p = await findProposal(deps.database.db, ref);
  if (!p || p.status === 'DRAFT') throw notFound('proposal', 'proposal.not_found');
  const clock = await readChainClock(deps.database.db, deps.config.CHAIN_ID);
  if (!p.draftHash || !vetoOpenAt(p, clock.height))
    throw conflict('proposal.veto_closed', PM.notInVetoWindow);
  return p;
}

/**
 * POST /api/proposals/:id/veto — during the community veto window [R+V, R+2V) any signed-in member opposes by
 * locking ELA: a wallet request (esctransaction) in which their own EVM wallet sends Governance.veto(draftHash)
 * with the amount. The answer is the same as POST /api/wallet/requests.
 */
export async function openVetoRequest(
  deps: AppDeps,
  user: AuthUser,
  ref: string,
  input: VetoRequest,
  clientIp: string,
): Promise<CreatedWalletRequest> {
  chainConfig(deps);
  const p = await openProposal(deps, ref);
  const amountWei = elaToWei(input.amount);
  if (amountWei <= 0n) throw new AppError(400, 'proposal.veto_amount', 'Please input valid amount.');
  const id = randomUUID();
  const intent: VetoIntent = {
    userId: user.id,
    proposalId: p.id,
    amountWei: amountWei.toString(),
    from: getAddress(input.from),
  };
  await deps.redis.set(intentKey(id), JSON.stringify(intent), 'EX', deps.config.WALLET_REQUEST_TTL_SEC + 60);
  return createWalletRequest(deps, user, { action: 'veto', subjectId: id }, clientIp);
}

/** wallet `veto` prepare(): the esctransaction the member's wallet will send. */
export async function prepareVeto(
  deps: AppDeps,
  user: AuthUser | null,
  intentId: string | undefined,
): Promise<PreparedWalletRequest> {
  if (!user) throw unauthorized();
  const raw = intentId && /^[0-9a-f-]{36}$/.test(intentId) ? await deps.redis.get(intentKey(intentId)) : null;
  if (!raw)
    throw new AppError(
      400,
      'proposal.veto_intent_unknown',
      'Start the veto from the proposal page (POST /api/proposals/:id/veto).',
    );
  const intent = JSON.parse(raw) as VetoIntent;
  if (intent.userId !== user.id)
    throw forbidden('This veto was started by another member.', 'proposal.veto_not_yours');
  const { chainId, governance } = chainConfig(deps);
  const p = await openProposal(deps, intent.proposalId);
  const data = governanceInterface.encodeFunctionData('veto', [p.draftHash!]);
  return {
    intent: 'esctransaction',
    expectedSigner: null,
    subjectType: 'proposal',
    subjectId: p.id,
    payload: {
      proposalId: p.id,
      amountWei: intent.amountWei,
      from: intent.from,
      transaction: { chainId, call: { from: intent.from, to: governance, data, value: intent.amountWei } },
    },
  };
}

/**
 * wallet `veto` apply(): the wallet's `{ result }` names a tx hash, unsigned. It becomes a TRACKED chain action:
 * the worker finds the transaction and checks chain, sender, target, data and value before believing it, and the
 * VetoLocked event moves the proposal's locked total.
 */
export async function applyVeto(
  deps: AppDeps,
  db: Db,
  request: WalletRequestRow,
  reply: VerifiedReply,
): Promise<Record<string, unknown>> {
  const { chainId, governance } = chainConfig(deps);
  if (!reply.txHash)
    throw new AppError(400, 'wallet.transaction_missing', 'The wallet did not report a transaction.');
  const payload = request.payload as { proposalId: string; amountWei: string; from: string };
  const p = await findProposal(db, payload.proposalId);
  if (!p?.draftHash) throw notFound('proposal', 'proposal.not_found');
  const action = await recordChainAction(db, {
    mode: 'track',
    kind: VETO_KIND,
    subjectType: 'proposal',
    subjectId: p.id,
    chainId,
    to: governance,
    data: governanceInterface.encodeFunctionData('veto', [p.draftHash]),
    value: payload.amountWei,
    from: payload.from,
    txHash: reply.txHash,
  });
  dispatchWhenCommitted(deps, action.id);
  return { proposalId: p.id, txHash: reply.txHash, chainActionId: action.id, amountWei: payload.amountWei };
}
