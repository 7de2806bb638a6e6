import { z } from 'zod';
import { treasuryInterface } from '@cr/contracts-abi/artifacts';
import { toContractSig } from '@cr/contracts-abi/p256';
import { statementDigest, withdrawalStatement } from '@cr/contracts-abi/statements';
import { recordChainAction } from '@cr/core/chain/chain-outbox';
import { walletActionParamsSchemas } from '@cr/contract/wallet.contract';
import type { Db } from '@cr/core/db/db-client';
import { conflict, unauthorized } from '@cr/core/errors/app-error';
import { policy } from '../../http/route';
import { defineWalletAction } from '../wallet';
import {
  changed,
  checkNotPending,
  checkOwner,
  paymentNonce,
  paymentSubject,
  treasuryConfig,
} from './milestone-access';
import { dueStages, withdrawalsOpen } from './milestone-rules';
import { checkWithdrawalOnChain } from './milestone-chain-checks';
import { patchMilestones } from './milestone.repo';
import { WITHDRAW_KIND } from './milestone-worker-plugin';

const withdrawPayloadSchema = z.object({ proposalId: z.string(), nonce: z.string() });
type WithdrawPayload = z.infer<typeof withdrawPayloadSchema>;

/** Every approved, unpaid stage and the exact words Treasury.withdraw rebuilds for their sum. */
async function withdrawalOf(db: Db, ref: string, nonce: bigint, chainId: number, lock = false) {
  const s = await paymentSubject(db, ref, lock);
  if (!withdrawalsOpen(s.p.status)) throw conflict('milestone.closed', 'This proposal pays nothing now.');
  const due = dueStages(s.stages);
  const amount = due.reduce((sum, r) => sum + BigInt(r.amountWei), 0n);
  if (amount === 0n)
    throw conflict('milestone.nothing_to_withdraw', 'No approved payment is waiting to be withdrawn.');
  const recipient = due[0]!.recipient;
  const statement = withdrawalStatement({ draftHash: s.p.draftHash!, amount, recipient, nonce, chainId });
  return { ...s, due, amount, recipient, statement };
}

/**
 * The owner withdraws every approved, unpaid stage: they sign the contract's withdrawal statement naming the
 * amount and the recipient; the relayed Treasury.withdraw pays the recipient. A stage is paid once: the contract
 * marks it paid before the transfer, and a second withdrawal finds nothing due (here and on chain).
 */
export const withdrawAction = defineWalletAction({
  name: 'withdraw',
  intent: 'didsign',
  payload: withdrawPayloadSchema,
  policy: policy.auth,
  params: walletActionParamsSchemas.withdraw,
  async prepare({ deps, user, params }) {
    if (!user) throw unauthorized();
    const db = deps.database.db;
    const { chainId } = treasuryConfig(deps);
    const nonce = paymentNonce();
    const w = await withdrawalOf(db, params.proposalId, nonce, chainId);
    checkOwner(w.p, user.did);
    await checkNotPending(db, w.due);
    await checkWithdrawalOnChain(deps, w.p, { amountWei: w.amount, recipient: w.recipient, did: user.did! });
    const payload: WithdrawPayload = { proposalId: w.p.id, nonce: nonce.toString() };
    return {
      intent: 'didsign',
      expectedSigner: w.p.ownerDid!,
      statement: w.statement,
      digest: statementDigest(w.statement).slice(2),
      subjectType: 'proposal',
      subjectId: w.p.id,
      payload,
    };
  },
  async apply({ tx, deps, request, reply, payload: x }) {
    const { chainId, treasury } = treasuryConfig(deps);
    const w = await withdrawalOf(tx, x.proposalId, BigInt(x.nonce), chainId, true);
    checkOwner(w.p, reply.signerDid);
    await checkNotPending(tx, w.due);
    if (w.statement !== request.statement) throw changed();
    await checkWithdrawalOnChain(deps, w.p, {
      amountWei: w.amount,
      recipient: w.recipient,
      did: reply.signerDid,
    });
    const sig = toContractSig(reply.signatureHex);
    const action = await recordChainAction(tx, {
      kind: WITHDRAW_KIND,
      subjectType: 'proposal',
      subjectId: w.p.id,
      chainId,
      to: treasury,
      data: treasuryInterface.encodeFunctionData('withdraw', [
        w.p.draftHash!,
        BigInt(x.nonce),
        [sig.r, sig.s],
      ]),
    });
    await patchMilestones(
      tx,
      w.due.map((r) => r.id),
      { actionId: action.id },
    );
    return {
      result: {
        proposalId: w.p.id,
        stages: w.due.map((r) => r.stage),
        amountWei: w.amount.toString(),
        chainActionId: action.id,
      },
      chainActions: [action],
    };
  },
});
