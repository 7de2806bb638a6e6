import { Wallet } from 'ethers';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CHAIN_ACTION_EVENT,
  chainActionRoom,
  subjectRoom,
  toChainActionView,
} from '@cr/core/chain/chain-action-events';
import { transitionChainAction } from '@cr/core/chain/chain-action.repo';
import { retryChainAction } from '@cr/core/chain/chain-action.service';
import { dispatchAfterCommit, recordChainAction } from '@cr/core/chain/chain-outbox';
import { ChainActionError } from '@cr/core/chain/chain-errors';
import { testConfig } from '../../api/test/test-config';
import { recorderInterface } from '../src/bench/recorder-contract';
import {
  CHAIN_ID,
  MEMBER_KEY,
  actionKey,
  listenToBus,
  startWorkerTestEnv,
  type WorkerTestEnv,
} from './test-worker-env';

let t: WorkerTestEnv;
let bus: Awaited<ReturnType<typeof listenToBus>>;
const iface = recorderInterface();

beforeAll(async () => {
  t = await startWorkerTestEnv();
  bus = await listenToBus(testConfig.REDIS_URL);
  await t.startWorkers();
});
afterAll(async () => {
  await bus?.close();
  await t?.stop();
});

describe('relayed chain actions', () => {
  it('go unchain → chaining → chained, recorded once on chain, with each change pushed to both rooms', async () => {
    const row = await t.relay('first');
    expect(row.status).toBe('unchain');
    const done = await t.waitForStatus(row.id, ['chained', 'failed']);
    expect(done.status).toBe('chained');
    expect(done.confirmations).toBeGreaterThanOrEqual(2);
    const receipt = await t.provider.getTransactionReceipt(done.txHash!);
    expect(receipt?.blockNumber).toBe(done.blockNumber);
    expect(receipt?.status).toBe(1);
    expect(await t.recorder.getFunction('seen')(actionKey('first'))).toBe(true);

    // The row is read before the last publish has travelled through Redis: wait for it in both rooms.
    const statusesIn = (room: string) => bus.inRoom(room).map((e) => e.payload.status);
    await vi.waitFor(() => {
      expect(statusesIn(chainActionRoom(row.id)).at(-1)).toBe('chained');
      expect(statusesIn(subjectRoom('test', row.subjectId)).at(-1)).toBe('chained');
    });
    const pushed = statusesIn(chainActionRoom(row.id));
    expect(pushed[0]).toBe('chaining');
    expect(bus.inRoom(chainActionRoom(row.id)).every((e) => e.event === CHAIN_ACTION_EVENT)).toBe(true);
    expect(bus.inRoom(subjectRoom('test', row.subjectId)).map((e) => e.payload.status)).toEqual(pushed);
    const last = bus.inRoom(chainActionRoom(row.id)).at(-1)!.payload;
    expect(last).toMatchObject({ txHash: done.txHash, blockNumber: done.blockNumber, retryable: false });
  });

  it('many at once each get their own nonce, in order, with no gaps', async () => {
    const rows = await Promise.all(Array.from({ length: 12 }, (_, i) => t.relay(`batch-${i}`)));
    const done = await Promise.all(rows.map((r) => t.waitForStatus(r.id, ['chained', 'failed'])));
    expect(done.every((r) => r.status === 'chained')).toBe(true);
    const nonces = done.map((r) => r.nonce!).sort((a, b) => a - b);
    expect(new Set(nonces).size).toBe(12);
    expect(nonces.at(-1)! - nonces[0]!).toBe(11);
  });

  it('a call the contract refuses fails for good with the decoded reason: it is not offered for a retry and a retry is refused', async () => {
    await (await t.recorder.getFunction('setOpen')(false)).wait();
    const row = await t.relay('while-closed');
    const failed = await t.waitForStatus(row.id, ['failed', 'chained']);
    await (await t.recorder.getFunction('setOpen')(true)).wait();
    expect(failed.status).toBe('failed');
    expect(failed.failureType).toBe('chain.refused');
    expect(failed.failureReason).toBe('The contract refused the call: Closed()');
    expect(failed.nonce).toBeNull(); // refused before a nonce was spent
    expect(toChainActionView(failed).retryable).toBe(false);
    await expect(
      retryChainAction(t.database.db, t.workers!.queues, t.workers!.context.events, row.id),
    ).rejects.toThrow(/refused this action for good/);
  });

  it('a failure a retry can fix (a dropped tx) is retryable, and the retry path chains it', async () => {
    const row = await t.relay('dropped-then-retried', { enqueue: false });
    // What the confirm step writes when the node forgot the tx (the action never reached a block).
    const moved = await transitionChainAction(t.database.db, row.id, 'unchain', 'failed', {
      failureType: 'chain.dropped',
      failureReason: 'The transaction was dropped by the node.',
      finishedAt: new Date(),
    });
    expect(moved && toChainActionView(moved).retryable).toBe(true);
    const view = await retryChainAction(t.database.db, t.workers!.queues, t.workers!.context.events, row.id);
    expect(view.status).toBe('unchain');
    const chained = await t.waitForStatus(row.id, ['chained', 'failed']);
    expect(chained.status).toBe('chained');
    expect(chained.retries).toBe(1);
    await expect(
      retryChainAction(t.database.db, t.workers!.queues, t.workers!.context.events, row.id),
    ).rejects.toThrow(ChainActionError);
  });

  it('a tx that reverts in its block fails with the reason decoded from the ABI', async () => {
    // The action passes gas estimation and is sent; before it is mined the owner closes the contract with a tx
    // that pays a higher tip (anvil orders a block by fees), so the relayed tx reverts in that block.
    await t.provider.send('evm_setIntervalMining', [0]);
    let row;
    try {
      row = await t.relay('closed-in-block');
      await t.waitForStatus(row.id, ['chaining']);
      const fees = await t.provider.getFeeData();
      await t.recorder.getFunction('setOpen')(false, {
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas! * 10n,
        maxFeePerGas: fees.maxFeePerGas! * 10n,
      });
      await t.provider.send('evm_mine', []);
    } finally {
      await t.provider.send('evm_setIntervalMining', [1]);
    }
    const failed = await t.waitForStatus(row.id, ['chained', 'failed']);
    await (await t.recorder.getFunction('setOpen')(true)).wait();
    expect(failed.status).toBe('failed');
    expect(failed.failureType).toBe('chain.reverted');
    expect(failed.failureReason).toBe(`The transaction reverted in block ${failed.blockNumber}: Closed()`);
    expect((await t.provider.getTransactionReceipt(failed.txHash!))?.status).toBe(0);
  });

  it('an action the api committed but never enqueued (it died) is picked up by the dispatcher', async () => {
    const row = await t.relay('api-died-before-enqueue', { enqueue: false });
    const done = await t.waitForStatus(row.id, ['chained', 'failed']);
    expect(done.status).toBe('chained');
  });

  it('waits for the action it depends on', async () => {
    const first = await t.relay('dep-first', { enqueue: false }); // only the dispatcher will pick this one up
    const second = await t.database.db.transaction((tx) =>
      recordChainAction(tx, {
        kind: 'test.record',
        subjectType: 'test',
        subjectId: 'dep',
        chainId: CHAIN_ID,
        to: t.recorderAddress,
        data: iface.encodeFunctionData('record', [actionKey('dep-second')]),
        dependsOnId: first.id,
      }),
    );
    await dispatchAfterCommit(t.workers!.queues, second);
    const [a, b] = await Promise.all([
      t.waitForStatus(first.id, ['chained']),
      t.waitForStatus(second.id, ['chained']),
    ]);
    expect(b.blockNumber!).toBeGreaterThan(a.blockNumber! - 1);
    expect(b.nonce!).toBeGreaterThan(a.nonce!);
  });
});

describe('wallet-sent transactions (esctransaction)', () => {
  const member = () => new Wallet(MEMBER_KEY, t.provider);

  async function track(txHash: string, data: string, value = '0') {
    const row = await t.database.db.transaction((tx) =>
      recordChainAction(tx, {
        mode: 'track',
        kind: 'veto.lock',
        subjectType: 'proposal',
        subjectId: 'p-veto',
        chainId: CHAIN_ID,
        from: member().address,
        to: t.recorderAddress,
        data,
        value,
        txHash,
      }),
    );
    await dispatchAfterCommit(t.workers!.queues, row);
    return row;
  }

  it('are found by hash, checked against the request, and confirmed', async () => {
    const data = iface.encodeFunctionData('record', [actionKey('wallet-ok')]);
    const sent = await member().sendTransaction({ to: t.recorderAddress, data, value: 5n });
    const row = await track(sent.hash, data, '5');
    const done = await t.waitForStatus(row.id, ['chained', 'failed']);
    expect(done.status).toBe('chained');
    expect(done.nonce).toBe(sent.nonce);
  });

  it('fail with a readable reason when the wallet sent something else', async () => {
    const asked = iface.encodeFunctionData('record', [actionKey('wallet-asked')]);
    const other = iface.encodeFunctionData('record', [actionKey('wallet-other')]);
    const sent = await member().sendTransaction({ to: t.recorderAddress, data: other, value: 1n });
    const row = await track(sent.hash, asked, '2');
    const done = await t.waitForStatus(row.id, ['chained', 'failed']);
    expect(done.status).toBe('failed');
    expect(done.failureType).toBe('chain.mismatch');
    expect(done.failureReason).toContain('its call data differs from the request');
    expect(done.failureReason).toContain('it sends 1 wei, expected 2');
  });

  it('refuse a tx hash already claimed by another action', async () => {
    const data = iface.encodeFunctionData('record', [actionKey('wallet-claimed')]);
    const sent = await member().sendTransaction({ to: t.recorderAddress, data });
    await track(sent.hash, data);
    await expect(track(sent.hash, data)).rejects.toMatchObject({ type: 'chain.duplicate_tx' });
  });
});
