import type { TransactionReceipt, TransactionResponse } from 'ethers';
import { councilInterface, governanceInterface, treasuryInterface } from '@cr/contracts-abi/artifacts';
import type { AppDeps } from '../../app-deps';
import { chainReader } from '../../chain/chain-reader';
import { createRevertDecoder, revertDataOf, type RevertDecoder } from '@cr/core/chain/revert-reason';
import { txMismatches } from '@cr/core/chain/tx-match';
import { normalizeEscAddress } from '@cr/contract/address';
import { AppError } from '@cr/core/errors/app-error';
import type { VerifiedTransaction, WalletTransaction } from './wallet-request-shapes';

export type { VerifiedTransaction };

/** The part of an ethers provider the check reads (a fake in unit tests). */
export interface TxReader {
  getTransaction(hash: string): Promise<TransactionResponse | null>;
  getTransactionReceipt(hash: string): Promise<TransactionReceipt | null>;
  call(tx: { from: string; to: string; data: string; value: bigint; blockTag: number }): Promise<string>;
}

export interface TxCheckOptions {
  reader: TxReader;
  expected: WalletTransaction;
  txHash: string;
  /** How long to wait for the transaction (and its receipt) to appear; the deadline for both. */
  waitMs: number;
  pollMs: number;
  decodeRevert?: RevertDecoder;
  sleep?: (ms: number) => Promise<void>;
}

const decodeOurs = createRevertDecoder([governanceInterface, treasuryInterface, councilInterface]);
const pause = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export const transactionNotFound = (hash: string, waitMs: number) =>
  new AppError(
    422,
    'wallet.transaction_not_found',
    `No transaction ${hash} was found on the chain within ${Math.round(waitMs / 1000)} s. ` +
      'The request stays open for the wallet that sent the real one.',
  );

export const transactionMismatch = (problems: string[]) =>
  new AppError(
    422,
    'wallet.transaction_mismatch',
    `The transaction is not the one this request asked for: ${problems.join('; ')}.`,
  );

export const transactionUsed = () =>
  new AppError(
    409,
    'wallet.transaction_used',
    'This transaction has already answered another request; each request needs its own transaction.',
  );

const chainUnavailable = () =>
  new AppError(503, 'chain.unavailable', 'The chain cannot be read right now; the request stays open.');

/**
 * The one rule for every `esctransaction` reply (the wallet's `{ result }` is unsigned, so its hash is only a lead):
 * the transaction must be on our chain within `waitMs` and equal the request in chain id, sender (when the request
 * names one), destination, calldata and value. Throws a 4xx AppError when it is not; resolves with what the chain
 * shows otherwise, including a revert reason when the transaction was mined and failed.
 */
export async function checkWalletTransaction(opts: TxCheckOptions): Promise<VerifiedTransaction> {
  const { reader, expected, txHash, waitMs, pollMs } = opts;
  const sleep = opts.sleep ?? pause;
  const deadline = Date.now() + waitMs;
  let readFailed = false;
  // Polls `read` until it gives a value or the deadline passes; a node that errors counts as "not yet".
  const poll = async <T>(read: () => Promise<T | null>): Promise<T | null> => {
    for (;;) {
      try {
        const value = await read();
        readFailed = false;
        if (value) return value;
      } catch {
        readFailed = true;
      }
      const left = deadline - Date.now();
      if (left <= 0) return null;
      await sleep(Math.min(pollMs, left));
    }
  };

  const tx = await poll(() => reader.getTransaction(txHash));
  if (!tx) throw readFailed ? chainUnavailable() : transactionNotFound(txHash, waitMs);
  const { call } = expected;
  const problems = txMismatches(
    { chainId: expected.chainId, from: call.from, to: call.to, data: call.data, value: call.value },
    { chainId: tx.chainId, from: tx.from, to: tx.to, data: tx.data, value: tx.value },
  );
  if (problems.length > 0) throw transactionMismatch(problems);
  const from = normalizeEscAddress(tx.from) ?? tx.from.toLowerCase();

  // Essentials answers once the transaction is mined; a wallet that answers at broadcast is given the same
  // deadline, after which the transaction is accepted as sent and the worker follows it to its block.
  const receipt = await poll(() => reader.getTransactionReceipt(txHash));
  if (!receipt) return { hash: txHash, from, blockNumber: null };
  if (receipt.status === 1) return { hash: txHash, from, blockNumber: receipt.blockNumber };
  const revertReason = await replayRevert(reader, tx, receipt, opts.decodeRevert ?? decodeOurs);
  return { hash: txHash, from, blockNumber: receipt.blockNumber, revertReason };
}

/** Replays the call in the block it was mined in to read the revert data, then decodes it. */
async function replayRevert(
  reader: TxReader,
  tx: TransactionResponse,
  receipt: TransactionReceipt,
  decode: RevertDecoder,
): Promise<string> {
  try {
    await reader.call({
      from: tx.from,
      to: tx.to!,
      data: tx.data,
      value: tx.value,
      blockTag: receipt.blockNumber,
    });
  } catch (err) {
    const revert = revertDataOf(err);
    if (revert.isRevert) return decode(revert.data).reason;
  }
  if (receipt.gasUsed >= tx.gasLimit) return 'it ran out of gas';
  return 'reverted (the reason could not be reproduced)';
}

/** {@link checkWalletTransaction} on the api's chain, with the configured wait. */
export async function verifyWalletTransaction(
  deps: AppDeps,
  expected: WalletTransaction,
  txHash: string,
): Promise<VerifiedTransaction> {
  const reader = chainReader(deps);
  if (!reader) throw chainUnavailable();
  return checkWalletTransaction({
    reader,
    expected,
    txHash: txHash.toLowerCase(),
    waitMs: deps.config.WALLET_TX_WAIT_MS,
    pollMs: deps.config.WALLET_TX_POLL_MS,
  });
}
