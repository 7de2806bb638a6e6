import { z } from 'zod';
import { treasuryInterface } from '@cr/contracts-abi/artifacts';
import { toContractSig } from '@cr/contracts-abi/p256';
import { paymentRequestStatement, statementDigest, textHash } from '@cr/contracts-abi/statements';
import { recordChainAction } from '@cr/core/chain/chain-outbox';
import { walletActionParamsSchemas } from '@cr/contract/wallet.contract';
import type { MilestoneRow } from '@cr/core/db/schema/milestone.schema';
import type { ProposalRow } from '@cr/core/db/schema/proposal.schema';
import { unauthorized } from '@cr/core/errors/app-error';
import { policy } from '../../http/route';
import { defineWalletAction } from '../wallet';
import {
  changed,
  checkNotPending,
  checkOwner,
  checkRequestable,
  paymentNonce,
  paymentSubject,
  treasuryConfig,
} from './milestone-access';
import { checkRequestOnChain } from './milestone-chain-checks';
import { patchMilestones } from './milestone.repo';
import { PAYMENT_REQUEST_KIND } from './milestone-worker-plugin';

const requestPayloadSchema = z.object({
  proposalId: z.string(),
  stage: z.number().int(),
  message: z.string(),
  nonce: z.string(),
});
type RequestPayload = z.infer<typeof requestPayloadSchema>;

/** Exactly the words Treasury.requestPayment rebuilds from its arguments. */
function statementOf(
  p: ProposalRow,
  stages: MilestoneRow[],
  row: MilestoneRow,
  x: RequestPayload,
  chainId: number,
) {
  return paymentRequestStatement({
    draftHash: p.draftHash!,
    stage: row.stage,
    stageCount: stages.length,
    amount: BigInt(row.amountWei),
    messageHash: textHash(x.message),
    nonce: BigInt(x.nonce),
    chainId,
  });
}

/**
 * The owner requests the next stage's payment with a progress message (also again after a rejection): they sign
 * the contract's payment-request statement; the relayed Treasury.requestPayment is recorded in the transaction
 * that accepts the signature. Stages in order, the completion payment only after the summary is approved, and
 * only while the proposal is ACTIVE — here and again in the contract.
 */
export const requestPaymentAction = defineWalletAction({
  name: 'request-payment',
  intent: 'didsign',
  payload: requestPayloadSchema,
  policy: policy.auth,
  params: walletActionParamsSchemas['request-payment'],
  async prepare({ deps, user, params }) {
    if (!user) throw unauthorized();
    const db = deps.database.db;
    const { chainId } = treasuryConfig(deps);
    const s = await paymentSubject(db, params.proposalId);
    checkOwner(s.p, user.did);
    const row = await checkRequestable(db, s, params.stage);
    await checkNotPending(db, [row]);
    await checkRequestOnChain(deps, s.p, row.stage, user.did!);
    const payload: RequestPayload = {
      proposalId: s.p.id,
      stage: row.stage,
      message: params.message,
      nonce: paymentNonce().toString(),
    };
    const statement = statementOf(s.p, s.stages, row, payload, chainId);
    return {
      intent: 'didsign',
      expectedSigner: s.p.ownerDid!,
      statement,
      digest: statementDigest(statement).slice(2),
      subjectType: 'proposal',
      subjectId: s.p.id,
      payload,
    };
  },
  async apply({ tx, deps, request, reply, payload: x }) {
    const { chainId, treasury } = treasuryConfig(deps);
    const s = await paymentSubject(tx, x.proposalId, true);
    checkOwner(s.p, reply.signerDid);
    const row = await checkRequestable(tx, s, x.stage);
    await checkNotPending(tx, [row]);
    if (statementOf(s.p, s.stages, row, x, chainId) !== request.statement) throw changed();
    await checkRequestOnChain(deps, s.p, row.stage, reply.signerDid);
    const sig = toContractSig(reply.signatureHex);
    const messageHash = textHash(x.message);
    const action = await recordChainAction(tx, {
      kind: PAYMENT_REQUEST_KIND,
      subjectType: 'proposal',
      subjectId: s.p.id,
      chainId,
      to: treasury,
      data: treasuryInterface.encodeFunctionData('requestPayment', [
        s.p.draftHash!,
        row.stage,
        messageHash,
        BigInt(x.nonce),
        [sig.r, sig.s],
      ]),
    });
    await patchMilestones(tx, [row.id], { message: x.message, messageHash, actionId: action.id });
    return {
      result: { proposalId: s.p.id, stage: row.stage, chainActionId: action.id },
      chainActions: [action],
    };
  },
});
