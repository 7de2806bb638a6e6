import { z } from 'zod';
import { treasuryInterface } from '@cr/contracts-abi/artifacts';
import { toContractSig } from '@cr/contracts-abi/p256';
import { paymentReviewStatement, statementDigest, textHash } from '@cr/contracts-abi/statements';
import { recordChainAction } from '@cr/core/chain/chain-outbox';
import { walletActionParamsSchemas } from '@cr/contract/wallet.contract';
import type { Db } from '@cr/core/db/db-client';
import { conflict, unauthorized } from '@cr/core/errors/app-error';
import { policy } from '../../http/route';
import { defineWalletAction } from '../wallet';
import {
  changed,
  checkNotPending,
  checkSecretary,
  paymentNonce,
  paymentSubject,
  treasuryConfig,
} from './milestone-access';
import { paymentsOpen } from './milestone-rules';
import { checkReviewOnChain } from './milestone-chain-checks';
import { patchMilestones } from './milestone.repo';
import { PAYMENT_REVIEW_KIND } from './milestone-worker-plugin';

const reviewPayloadSchema = z.object({
  proposalId: z.string(),
  stage: z.number().int(),
  approve: z.boolean(),
  opinion: z.string(),
  nonce: z.string(),
});
type ReviewPayload = z.infer<typeof reviewPayloadSchema>;

/** The requested stage the secretary reviews, with the exact words Treasury.reviewPayment rebuilds. */
async function reviewOf(db: Db, x: ReviewPayload, chainId: number, lock = false) {
  const s = await paymentSubject(db, x.proposalId, lock);
  if (!paymentsOpen(s.p.status))
    throw conflict('milestone.closed', 'Payments can only be reviewed while the proposal is passed.');
  const row = s.stages.find((r) => r.stage === x.stage);
  if (!row || row.status !== 'WAITING_FOR_APPROVAL')
    throw conflict('milestone.not_requested', 'This stage is not waiting for approval.');
  const statement = paymentReviewStatement({
    draftHash: s.p.draftHash!,
    approve: x.approve,
    stage: row.stage,
    stageCount: s.stages.length,
    amount: BigInt(row.amountWei),
    opinionHash: textHash(x.opinion),
    nonce: BigInt(x.nonce),
    chainId,
  });
  return { ...s, row, statement };
}

/**
 * The secretary general approves or rejects a requested stage with an opinion: they sign the contract's
 * payment-review statement, and the relayed Treasury.reviewPayment is recorded with the acceptance. The contract
 * checks the signature against the secretary's key it holds, so nobody else's signature can pass.
 */
export const reviewPaymentAction = defineWalletAction({
  name: 'review-payment',
  intent: 'didsign',
  payload: reviewPayloadSchema,
  policy: policy.auth,
  params: walletActionParamsSchemas['review-payment'],
  async prepare({ deps, user, params }) {
    if (!user) throw unauthorized();
    const db = deps.database.db;
    const { chainId } = treasuryConfig(deps);
    const secretaryDid = await checkSecretary(db, user.did);
    const payload: ReviewPayload = { ...params, nonce: paymentNonce().toString() };
    const r = await reviewOf(db, payload, chainId);
    await checkNotPending(db, [r.row]);
    await checkReviewOnChain(deps, r.p, r.row.stage, secretaryDid);
    payload.proposalId = r.p.id;
    return {
      intent: 'didsign',
      expectedSigner: secretaryDid,
      statement: r.statement,
      digest: statementDigest(r.statement).slice(2),
      subjectType: 'proposal',
      subjectId: r.p.id,
      payload,
    };
  },
  async apply({ tx, deps, request, reply, payload: x }) {
    const { chainId, treasury } = treasuryConfig(deps);
    await checkSecretary(tx, reply.signerDid);
    const r = await reviewOf(tx, x, chainId, true);
    await checkNotPending(tx, [r.row]);
    if (r.statement !== request.statement) throw changed();
    await checkReviewOnChain(deps, r.p, r.row.stage, reply.signerDid);
    const sig = toContractSig(reply.signatureHex);
    const opinionHash = textHash(x.opinion);
    const action = await recordChainAction(tx, {
      kind: PAYMENT_REVIEW_KIND,
      subjectType: 'proposal',
      subjectId: r.p.id,
      chainId,
      to: treasury,
      data: treasuryInterface.encodeFunctionData('reviewPayment', [
        r.p.draftHash!,
        r.row.stage,
        x.approve,
        opinionHash,
        BigInt(x.nonce),
        [sig.r, sig.s],
      ]),
    });
    await patchMilestones(tx, [r.row.id], { opinion: x.opinion, actionId: action.id });
    return {
      result: { proposalId: r.p.id, stage: r.row.stage, approve: x.approve, chainActionId: action.id },
      chainActions: [action],
    };
  },
});
