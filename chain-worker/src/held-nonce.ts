/**
 * A relayed transaction the node holds without mining it: its nonce is the relayer's next, yet it has stayed
 * pending for longer than RELAY_HELD_MS. Every later transaction of the key waits behind it, so nothing the
 * relayer sends is mined until that nonce is used.
 *
 * Seen on anvil 1.7.1 (a transaction that arrives while the one before it is being mined can stay in the pool's
 * `queued` set for good, its nonce the account's next: a re-send answers "already known", a new block does not move
 * it; docs/chain-worker.md, "A held nonce"), and on any real network as a transaction priced under what blocks take.
 * The cure is the wallets' "cancel": a 0-value transfer to itself at the same nonce with fees raised by half, which
 * the node takes as a replacement. Once it is mined the confirm watchdog finds the nonce used by another
 * transaction, and every action of the held transaction is signed again (`replaced`), at a new nonce, exactly once.
 */
import { isAlreadyKnown, isNonceTooLow, rpcErrorText } from './chain-client';
import type { HeldNonceCanceller, PaidFees, WorkerContext } from './worker-context';

/** The node refused a replacement at that nonce: one at least as well paid is there already. */
export function isUnderpriced(err: unknown): boolean {
  return /underpriced|replacement (fee|transaction) too low/i.test(rpcErrorText(err));
}

/** Fees raised by half (a node takes a replacement from +10 %), never under the node's current ones. */
const raise = (paid: bigint | null | undefined, now: bigint | null | undefined) => {
  const up = ((paid ?? 0n) * 3n) / 2n + 1n;
  return now != null && now > up ? now : up;
};

/** What a transaction at the nonce paid: the next cancel pays half more. */
type Paid = PaidFees;

export class HeldNonces implements HeldNonceCanceller {
  /** Nonce → when this process last sent a cancel for it, and what that cancel paid. */
  private readonly sent = new Map<number, { at: number; paid: Paid }>();

  constructor(private readonly heldMs: number) {}

  /** True once a transaction sent at `sentAt` has waited long enough to count as held. */
  isHeld(sentAt: Date | null): boolean {
    return sentAt != null && Date.now() - sentAt.getTime() > this.heldMs;
  }

  /**
   * Sends the cancel for `nonce`, whose pending transaction is `pending` (the relayer's next nonce, held). At most
   * once per RELAY_HELD_MS for a nonce, each time paying half more than the last; the rows of a batch share one.
   */
  async cancel(ctx: WorkerContext, nonce: number, pending: Paid & { hash: string }): Promise<void> {
    const last = this.sent.get(nonce);
    if (last && Date.now() - last.at < this.heldMs) return;
    const before = last?.paid ?? pending;
    const fees = await ctx.feeData();
    const paid: Paid =
      before.type === 2
        ? {
            type: 2,
            maxPriorityFeePerGas: raise(before.maxPriorityFeePerGas, fees.maxPriorityFeePerGas),
            maxFeePerGas: raise(before.maxFeePerGas, fees.maxFeePerGas),
            gasPrice: null,
          }
        : {
            type: 0,
            gasPrice: raise(before.gasPrice, fees.gasPrice),
            maxFeePerGas: null,
            maxPriorityFeePerGas: null,
          };
    const raw = await ctx.relayer.signTransaction({
      ...paid,
      to: ctx.relayerAddress,
      value: 0n,
      nonce,
      gasLimit: 21_000n,
      chainId: ctx.chainId,
    });
    this.sent.set(nonce, { at: Date.now(), paid });
    for (const n of this.sent.keys()) if (n < nonce) this.sent.delete(n);
    try {
      await ctx.rawTxSender.send(raw, nonce);
      ctx.logger.warn(
        { nonce, held: pending.hash },
        'the node holds the relayer’s next nonce; sent a cancel for it',
      );
    } catch (err) {
      if (isAlreadyKnown(err) || isNonceTooLow(err) || isUnderpriced(err)) return;
      throw err;
    }
  }
}
