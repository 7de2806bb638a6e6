import { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getChainAction,
  transitionChainAction,
  UNSIGNED,
  updateChainActionFields,
} from '@cr/core/chain/chain-action.repo';
import { dispatchAfterCommit, recordChainAction } from '@cr/core/chain/chain-outbox';
import type { ChainActionRow } from '@cr/core/db/schema/chain.schema';
import { recorderInterface } from '../src/bench/recorder-contract';
import { signAction } from '../src/sign-batcher';
import { prepareCall } from '../src/submit-worker';
import { actionKey, CHAIN_ID, RELAYER_KEY, startWorkerTestEnv, type WorkerTestEnv } from './test-worker-env';

/**
 * The submit pump (submit-pump.ts) reads the ready relayed actions from the outbox, many at a time; the jobs keep
 * the last word. Exactly once is the sign batcher's, whoever asks it.
 */
let t: WorkerTestEnv;

beforeAll(async () => {
  // The dispatcher looks only after 10 minutes: what is relayed here without a job is the pump's work.
  t = await startWorkerTestEnv({
    relayBatch: true,
    env: { DISPATCH_IDLE_MS: '600000', SUBMIT_PUMP_BATCH: '200' },
  });
  await t.startWorkers();
});
afterAll(async () => {
  await t?.stop();
});

/** A relayed action the pump leaves alone (it has an error on record), committed with it in one transaction. */
async function heldBack(label: string) {
  return t.database.db.transaction(async (tx) => {
    const row = await recordChainAction(tx, {
      kind: 'test.record',
      subjectType: 'test',
      subjectId: label,
      chainId: CHAIN_ID,
      to: t.recorderAddress,
      data: recorderInterface().encodeFunctionData('record', [actionKey(label)]),
    });
    return (await updateChainActionFields(tx, row.id, 'unchain', { lastError: 'held back by the test' }))!;
  });
}

describe('the submit pump', () => {
  it('relays what is in the outbox without waiting for jobs, batched, each action once; their jobs end at once', async () => {
    const relayer = t.workers!.context.relayerAddress;
    const before = await t.provider.getTransactionCount(relayer, 'latest');
    // Committed, never enqueued: no job exists for any of them.
    const rows = await Promise.all(
      Array.from({ length: 40 }, (_, i) => t.relay(`pump-${i}`, { enqueue: false })),
    );
    const done = await Promise.all(rows.map((r) => t.waitForStatus(r.id, ['chained', 'failed'], 30_000)));
    expect(done.map((r) => r.status)).toEqual(Array(40).fill('chained'));
    const txs = new Set(done.map((r) => r.txHash));
    expect(txs.size).toBeLessThan(40); // RelayBatch: several actions per transaction
    const after = await t.provider.getTransactionCount(relayer, 'latest');
    expect(after - before).toBe(txs.size); // one nonce per transaction, none skipped
    // Every call ran on chain (a second run of one would have reverted: the Recorder refuses a duplicate).
    for (let i = 0; i < 40; i += 1)
      expect(await t.recorder.getFunction('seen')(actionKey(`pump-${i}`))).toBe(true);

    // Their jobs, enqueued late (an api slow to enqueue), find the work done and send nothing.
    await Promise.all(done.map((r) => dispatchAfterCommit(t.workers!.queues, r)));
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await t.provider.getTransactionCount(relayer, 'latest')).toBe(after);
    for (const r of done) expect((await getChainAction(t.database.db, r.id))?.nonce).toBe(r.nonce);
  });

  it('an action the pump sent that is put back to be signed again (its tx replaced) goes through its job', async () => {
    await t.provider.send('evm_setIntervalMining', [0]);
    let sent: ChainActionRow;
    try {
      const row = await t.relay('pump-sent-again', { enqueue: false });
      sent = await t.waitForStatus(row.id, ['chaining'], 10_000); // sent by the pump, not mined: no blocks now
      const pump = t.workers!.context.submitPump!;
      for (let i = 0; i < 100 && !pump.finished(row.id); i += 1) await new Promise((r) => setTimeout(r, 50));
      expect(pump.finished(row.id)).toBe(true); // sent and its watchdog enqueued
      // Its nonce goes to another transaction of the relayer key; the confirm path then puts the action back to
      // `unchain` with the reason and enqueues its job.
      const fees = await t.provider.getFeeData();
      const relayer = new Wallet(RELAYER_KEY, t.provider);
      await relayer.sendTransaction({
        to: relayer.address,
        gasLimit: 21_000n,
        nonce: sent.nonce!,
        maxFeePerGas: fees.maxFeePerGas! * 10n,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas! * 10n,
      });
      const again = await transitionChainAction(t.database.db, row.id, 'chaining', 'unchain', {
        ...UNSIGNED,
        lastError: 'replaced (test)',
      });
      await dispatchAfterCommit(t.workers!.queues, again!);
      await t.waitForStatus(row.id, ['chaining'], 10_000); // signed anew by its job
    } finally {
      await t.provider.send('evm_setIntervalMining', [1]);
    }
    const done = await t.waitForStatus(sent.id, ['chained', 'failed']);
    expect(done.status).toBe('chained');
    expect(done.txHash).not.toBe(sent.txHash);
  });

  it('leaves an action with an error on record to its job', async () => {
    const row = await heldBack('pump-held-back');
    await new Promise((r) => setTimeout(r, 2_500)); // two of the pump's idle rounds
    expect((await getChainAction(t.database.db, row.id))?.status).toBe('unchain');
    await dispatchAfterCommit(t.workers!.queues, row);
    expect((await t.waitForStatus(row.id, ['chained', 'failed'])).status).toBe('chained');
  });

  it('an action asked to be signed twice while a signing run is busy (its job and the pump) takes one nonce', async () => {
    const ctx = t.workers!.context;
    const [busy, one, next] = [
      await heldBack('twice-0'),
      await heldBack('twice-1'),
      await heldBack('twice-2'),
    ];
    const [busyCall, oneCall, nextCall] = await Promise.all(
      [busy, one, next].map((r) => prepareCall(ctx, r)),
    );
    // The first ask starts a run at once; the two asks for `one` wait for the next run together.
    const [z, a, b] = await Promise.all([
      signAction(ctx, busy.id, busyCall!),
      signAction(ctx, one.id, oneCall!),
      signAction(ctx, one.id, oneCall!),
    ]);
    expect(a?.nonce).toBe(z!.nonce! + 1);
    expect(b?.nonce).toBe(a!.nonce);
    expect(b?.txHash).toBe(a!.txHash);
    // Asked again after it was signed: nothing to sign (undefined), no nonce taken.
    expect(await signAction(ctx, one.id, oneCall!)).toBeUndefined();
    const c = await signAction(ctx, next.id, nextCall!);
    expect(c?.nonce).toBe(a!.nonce! + 1); // none skipped
    await Promise.all([z, a, c].map((row) => ctx.rawTxSender.send(row!.rawTx!, row!.nonce!)));
    const chained = await Promise.all([busy, one, next].map((r) => t.waitForStatus(r.id, ['chained'])));
    expect(chained.map((r) => r.txHash)).toEqual([z, a, c].map((r) => r!.txHash));
    expect(await t.recorder.getFunction('seen')(actionKey('twice-1'))).toBe(true);
  });
});
