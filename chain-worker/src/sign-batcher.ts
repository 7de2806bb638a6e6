/**
 * Signing relayed actions, many per database transaction.
 *
 * Every relayed tx takes a nonce from the one `chain_nonces` row of the relayer, so signing is the serial point of
 * the submit side: before, each action held that row's lock for its own transaction (lock the action, take a
 * nonce, sign, record, commit). Now the submits that reach this step while a signing transaction runs wait for it
 * and then go together in the next one: it locks their rows, takes k consecutive nonces with one update, signs
 * each, records them all (nonce, hash, raw tx, `chaining`) with one update, runs the listener for each, and
 * commits once. A lone action goes alone at
 * once, so a quiet pipeline waits for nothing.
 *
 * The guarantees are those of one action per transaction: the signed tx is recorded before anything is broadcast,
 * a row another run signed or moved is skipped, and the nonces taken are exactly the ones used (a skipped row takes
 * none). One action must not sink the others: when a batch's transaction fails, each of its actions is tried again
 * in a transaction of its own, so only the failing one's job sees the error (and retries).
 *
 * With a RelayBatch contract configured (RELAY_BATCH_ADDRESS), the value-less calls of one signing transaction go
 * on chain as ONE transaction (`RelayBatch.run`), each call with its own gas and outcome: one nonce, one signature,
 * one broadcast for all of them; their rows share nonce, hash and raw tx, and `batch_index` is each one's position.
 */
import { keccak256, type FeeData } from 'ethers';
import { NotYetError } from '@cr/core/queues/queue-backoff';
import { allocateNonces, lockChainActions, markChainActionsSigned } from '@cr/core/chain/chain-action.repo';
import type { ChainActionRow } from '@cr/core/db/schema/chain.schema';
import { batchGasLimit, encodeRelayBatch, type RelayCall } from '@cr/contracts-abi/relay-batch';
import { signEip1559 } from './tx-sign';
import { mergeEffects, NO_EFFECTS, type AfterCommit } from '@cr/core/effects/after-commit';
import { publish, type WorkerContext } from './worker-context';

/** What a submit found out before signing: the gas limit (estimated), the fees and the node's pending count. */
export interface PreparedCall {
  /** As a transaction of its own: the estimate with headroom. */
  gasLimit: bigint;
  /** As a call in a RelayBatch: the same without the transaction's intrinsic gas (batchCallGas). */
  batchGas: bigint;
  fees: FeeData;
  nodePending: number;
}

interface Waiting {
  id: string;
  call: PreparedCall;
  resolve: (row: ChainActionRow | undefined) => void;
  reject: (err: unknown) => void;
}

/** At most this many actions per signing transaction (a bound on its length, hence on the lock's hold). */
export const SIGN_BATCH_MAX = 200;

class SignBatcher {
  private waiting: Waiting[] = [];
  private running = false;

  constructor(private readonly ctx: WorkerContext) {}

  /** Signs the action (now, or with the actions waiting with it); undefined when it was not `unchain` unsigned. */
  sign(id: string, call: PreparedCall): Promise<ChainActionRow | undefined> {
    return new Promise((resolve, reject) => {
      // Asked twice before its run (its job and the submit pump): one entry, whose outcome both get. Two entries
      // in one run would take two nonces for it.
      const twin = this.waiting.find((w) => w.id === id);
      if (twin) {
        const [first, fail] = [twin.resolve, twin.reject];
        twin.resolve = (row) => (first(row), resolve(row));
        twin.reject = (err) => (fail(err), reject(err));
        return;
      }
      this.waiting.push({ id, call, resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  private async drain() {
    this.running = true;
    try {
      while (this.waiting.length > 0) {
        const batch = this.waiting.splice(0, SIGN_BATCH_MAX);
        try {
          const rows = await signBatch(this.ctx, batch);
          batch.forEach((w, i) => w.resolve(rows[i]));
        } catch (err) {
          if (batch.length === 1) batch[0]!.reject(err);
          else
            for (const w of batch)
              await signBatch(this.ctx, [w]).then(
                // Nothing to sign alone may mean the batch did commit before its error: the job runs again and
                // finds its action `chaining`, which it broadcasts (the same bytes) and watches.
                ([row]) =>
                  row ? w.resolve(row) : w.reject(new NotYetError('signed by a batch; looking again')),
                w.reject,
              );
        }
      }
    } finally {
      this.running = false;
    }
  }
}

const batchers = new WeakMap<WorkerContext, SignBatcher>();

/** Signs a relayed action through the worker's batcher (one per worker context). */
export function signAction(ctx: WorkerContext, id: string, call: PreparedCall) {
  let batcher = batchers.get(ctx);
  if (!batcher) batchers.set(ctx, (batcher = new SignBatcher(ctx)));
  return batcher.sign(id, call);
}

/**
 * One transaction for the batch: locks the rows, takes one nonce per row still `unchain` and unsigned, signs and
 * records each, and moves it to `chaining` with the listener; after the commit, publishes them and runs what the
 * listener answered. The result is
 * aligned with `batch` (undefined for a row skipped).
 */
async function signBatch(ctx: WorkerContext, batch: Pick<Waiting, 'id' | 'call'>[]) {
  const signed = await ctx.db.transaction(async (tx) => {
    const rows = await lockChainActions(
      tx,
      batch.map((w) => w.id),
    );
    const locked = new Map(rows.map((r) => [r.id, r]));
    const todo = batch.filter((w) => {
      const row = locked.get(w.id);
      return row?.status === 'unchain' && !row.rawTx; // else another run signed or moved it: that run goes on
    });
    const out = new Map<string, ChainActionRow>();
    if (todo.length === 0) return { out, effects: NO_EFFECTS };
    const nodePending = Math.max(...todo.map((w) => w.call.nodePending));
    // One nonce per transaction: an action alone, or a RelayBatch of several.
    const groups = relayGroups(ctx, todo, locked);
    const first = await allocateNonces(tx, ctx.chainId, ctx.relayerAddress, nodePending, groups.length);
    const txs = (
      await Promise.all(
        groups.map(async (group, i) => {
          const nonce = first + i;
          const rows = group.map((w) => locked.get(w.id)!);
          const rawTx =
            group.length === 1
              ? await signCall(ctx, rows[0]!, nonce, group[0]!.call)
              : await signRelayBatch(ctx, rows, nonce, group);
          // A signed tx's hash is the hash of its bytes (given as bytes: ethers parses a hex string byte by byte).
          const txHash = keccak256(Buffer.from(rawTx.slice(2), 'hex'));
          return rows.map((row, j) => ({
            id: row.id,
            nonce,
            rawTx,
            txHash,
            attempts: row.attempts + 1,
            batchIndex: group.length === 1 ? null : j,
          }));
        }),
      )
    ).flat();
    const moved = await markChainActionsSigned(tx, txs, ctx.relayerAddress, new Date());
    // The rows are locked and were `unchain`: a row not moved means something else is wrong, and its nonce must
    // not be left unused, so the whole transaction goes back.
    if (moved.length !== txs.length) throw new Error('a locked chain action could not move to chaining');
    const byId = new Map(moved.map((r) => [r.id, r]));
    const effects: (AfterCommit | void)[] = [];
    for (const w of todo) {
      const row = byId.get(w.id)!;
      if (ctx.onActionChanged) effects.push(await ctx.onActionChanged(row, tx));
      out.set(row.id, row);
    }
    return { out, effects: mergeEffects(...effects) };
  });
  // All at once (one round trip's worth of Redis writes), not one await per action.
  await Promise.all([...signed.out.values()].map((row) => publish(ctx, row)));
  await ctx.runEffects(signed.effects);
  return batch.map((w) => signed.out.get(w.id));
}

/**
 * The transactions of a signing run: with a RelayBatch configured, the calls without value go together, in the
 * order they came, as many per batch as RELAY_BATCH_MAX and RELAY_BATCH_GAS_MAX allow; the rest go alone.
 */
function relayGroups(
  ctx: WorkerContext,
  todo: Pick<Waiting, 'id' | 'call'>[],
  locked: Map<string, ChainActionRow>,
): Pick<Waiting, 'id' | 'call'>[][] {
  const batch = ctx.relayBatch;
  if (!batch || todo.length < 2) return todo.map((w) => [w]);
  const groups: Pick<Waiting, 'id' | 'call'>[][] = [];
  let open: Pick<Waiting, 'id' | 'call'>[] = [];
  let openGas = 0n;
  for (const w of todo) {
    const row = locked.get(w.id)!;
    if (BigInt(row.value) !== 0n || w.call.gasLimit > batch.maxGas / 2n) {
      groups.push([w]);
      continue;
    }
    if (open.length >= batch.maxCalls || openGas + w.call.batchGas > batch.maxGas) {
      groups.push(open);
      open = [];
      openGas = 0n;
    }
    open.push(w);
    openGas += w.call.batchGas;
  }
  if (open.length > 0) groups.push(open);
  return groups;
}

/**
 * Signs with the relayer key: EIP-1559 fees where the node has them (serialized by tx-sign.ts, about six times
 * faster than ethers for a batch's data), a legacy gas price otherwise (ethers).
 */
async function signTx(
  ctx: WorkerContext,
  tx: { nonce: number; to: string; data: string; value: bigint; gasLimit: bigint },
  fees: FeeData,
): Promise<string> {
  const { maxFeePerGas, maxPriorityFeePerGas, gasPrice } = fees;
  if (maxFeePerGas != null && maxPriorityFeePerGas != null)
    return signEip1559(ctx.relayer.signingKey, {
      ...tx,
      chainId: ctx.chainId,
      maxFeePerGas,
      maxPriorityFeePerGas,
    });
  return ctx.relayer.signTransaction({
    ...tx,
    chainId: ctx.chainId,
    type: 0,
    gasPrice: gasPrice ?? undefined,
  });
}

function signCall(ctx: WorkerContext, row: ChainActionRow, nonce: number, call: PreparedCall) {
  return signTx(
    ctx,
    { nonce, to: row.toAddress, data: row.data, value: BigInt(row.value), gasLimit: call.gasLimit },
    call.fees,
  );
}

/** One RelayBatch.run transaction for `rows` (no value), each call with the gas estimated for it. */
function signRelayBatch(
  ctx: WorkerContext,
  rows: ChainActionRow[],
  nonce: number,
  group: Pick<Waiting, 'id' | 'call'>[],
) {
  const calls: RelayCall[] = rows.map((row, j) => ({
    target: row.toAddress,
    gas: group[j]!.call.batchGas,
    data: row.data,
  }));
  // The highest fee offer of the group (their fee data are at most about a second apart).
  const fees = group.reduce(
    (best, w) => ((w.call.fees.maxFeePerGas ?? 0n) > (best.maxFeePerGas ?? 0n) ? w.call.fees : best),
    group[0]!.call.fees,
  );
  return signTx(
    ctx,
    {
      nonce,
      to: ctx.relayBatch!.address,
      data: encodeRelayBatch(calls),
      value: 0n,
      gasLimit: batchGasLimit(calls),
    },
    fees,
  );
}
