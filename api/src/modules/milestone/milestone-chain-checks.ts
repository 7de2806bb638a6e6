import type { AppDeps } from '../../app-deps';
import { refuseWhatChainWould } from '../../chain/chain-preflight';
import { readPaymentState, readWithdrawalState } from '../../chain/chain-state';
import { paymentRequestRefusal, paymentReviewRefusal, withdrawalRefusal } from '@cr/contract/chain-refusals';
import type { ProposalRow } from '@cr/core/db/schema/proposal.schema';

/**
 * The Treasury's refusals checked on the chain itself (contract/chain-refusals.ts) before a payment action is
 * signed and again before its signed reply is stored: the index may lag the chain, the contract does not.
 */

/** Treasury.requestPayment of `stage` by `did` would not revert. */
export const checkRequestOnChain = (deps: AppDeps, p: ProposalRow, stage: number, did: string) =>
  refuseWhatChainWould(
    deps,
    (v) => readPaymentState(v, { draftHash: p.draftHash!, stage, signerDid: did, role: 'owner' }),
    paymentRequestRefusal,
  );

/** Treasury.reviewPayment of `stage` by `did` would not revert. */
export const checkReviewOnChain = (deps: AppDeps, p: ProposalRow, stage: number, did: string) =>
  refuseWhatChainWould(
    deps,
    (v) => readPaymentState(v, { draftHash: p.draftHash!, stage, signerDid: did, role: 'secretary' }),
    paymentReviewRefusal,
  );

/** Treasury.withdraw of exactly `amountWei` to `recipient`, signed by `did`, would not revert. */
export const checkWithdrawalOnChain = (
  deps: AppDeps,
  p: ProposalRow,
  x: { amountWei: bigint; recipient: string; did: string },
) =>
  refuseWhatChainWould(
    deps,
    (v) =>
      readWithdrawalState(v, {
        draftHash: p.draftHash!,
        signerDid: x.did,
        amountWei: x.amountWei,
        recipient: x.recipient,
      }),
    withdrawalRefusal,
  );
