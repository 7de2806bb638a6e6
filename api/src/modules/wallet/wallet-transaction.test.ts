import type { TransactionReceipt, TransactionResponse } from 'ethers';
import { describe, expect, it } from 'vitest';
import { governanceInterface } from '@cr/contracts-abi/artifacts';
import type { AppError } from '@cr/core/errors/app-error';
import type { WalletTransaction } from './wallet-action';
import { checkWalletTransaction, type TxReader } from './wallet-transaction';

const HASH = `0x${'ab'.repeat(32)}`;
const FROM = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const TO = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const DATA = governanceInterface.encodeFunctionData('veto', [`0x${'11'.repeat(32)}`]);
const expected: WalletTransaction = {
  chainId: 31337,
  call: { from: FROM, to: TO, data: DATA, value: '1000' },
};

const seen = (over: Partial<TransactionResponse> = {}) =>
  ({
    hash: HASH,
    chainId: 31337n,
    from: FROM,
    to: TO,
    data: DATA,
    value: 1000n,
    gasLimit: 100_000n,
    ...over,
  }) as TransactionResponse;

function reader(opts: {
  tx?: TransactionResponse | null | (() => TransactionResponse | null);
  receipt?: Partial<TransactionReceipt> | null;
  callError?: unknown;
  fail?: boolean;
}): TxReader & { calls: number } {
  const r = {
    calls: 0,
    async getTransaction() {
      r.calls++;
      if (opts.fail) throw new Error('connection refused');
      return typeof opts.tx === 'function' ? opts.tx() : (opts.tx ?? null);
    },
    async getTransactionReceipt() {
      return (opts.receipt ?? null) as TransactionReceipt | null;
    },
    async call(): Promise<string> {
      if (opts.callError) throw opts.callError;
      return '0x';
    },
  };
  return r;
}

const check = (r: TxReader, exp: WalletTransaction = expected, waitMs = 50) =>
  checkWalletTransaction({ reader: r, expected: exp, txHash: HASH, waitMs, pollMs: 10 });
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a refusal');
    },
    (err: AppError) => ({ status: err.status, type: err.type, message: err.message }),
  );

describe('checkWalletTransaction: the one rule for esctransaction replies', () => {
  it('accepts the requested transaction once mined', async () => {
    const v = await check(reader({ tx: seen(), receipt: { status: 1, blockNumber: 7 } }));
    expect(v).toEqual({ hash: HASH, from: FROM, blockNumber: 7 });
  });

  it('waits for a transaction that appears late, within the bound', async () => {
    let n = 0;
    const r = reader({ tx: () => (++n < 3 ? null : seen()), receipt: { status: 1, blockNumber: 9 } });
    expect((await check(r, expected, 1_000)).blockNumber).toBe(9);
    expect(r.calls).toBe(3);
  });

  it('refuses a hash not found in time (422) after polling', async () => {
    const r = reader({ tx: null });
    const err = await refusal(check(r));
    expect(err).toMatchObject({ status: 422, type: 'wallet.transaction_not_found' });
    expect(r.calls).toBeGreaterThan(1);
  });

  it('refuses a transaction on another chain id', async () => {
    const err = await refusal(check(reader({ tx: seen({ chainId: 20n }) })));
    expect(err).toMatchObject({ status: 422, type: 'wallet.transaction_mismatch' });
    expect(err.message).toContain('on chain 20, expected 31337');
  });

  it.each([
    ['sender', { from: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' }, 'sent by'],
    ['destination', { to: FROM }, 'calls'],
    ['contract creation', { to: null }, 'contract creation'],
    ['calldata', { data: '0x' }, 'call data differs'],
    ['value', { value: 999n }, 'sends 999 wei'],
  ])('refuses another %s', async (_, over, words) => {
    const err = await refusal(check(reader({ tx: seen(over as Partial<TransactionResponse>) })));
    expect(err).toMatchObject({ status: 422, type: 'wallet.transaction_mismatch' });
    expect(err.message).toContain(words);
  });

  it('takes the sender from the chain when the request names none', async () => {
    const anyone = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
    const open = { ...expected, call: { ...expected.call, from: undefined } };
    const v = await check(
      reader({ tx: seen({ from: anyone }), receipt: { status: 1, blockNumber: 3 } }),
      open,
    );
    expect(v.from).toBe(anyone);
  });

  it('accepts a matching transaction not yet mined when the wait ends (the worker follows it)', async () => {
    const v = await check(reader({ tx: seen({ blockNumber: null }), receipt: null }));
    expect(v).toEqual({ hash: HASH, from: FROM, blockNumber: null });
  });

  it('reports a reverted transaction with its decoded reason', async () => {
    const data = governanceInterface.encodeErrorResult('NotInVetoWindow', [10n, 20n]);
    const callError = Object.assign(new Error('execution reverted'), {
      code: 'CALL_EXCEPTION',
      data,
    });
    const v = await check(
      reader({ tx: seen(), receipt: { status: 0, blockNumber: 12, gasUsed: 40_000n }, callError }),
    );
    expect(v.blockNumber).toBe(12);
    expect(v.revertReason).toMatch(/^NotInVetoWindow\(/);
  });

  it('says the chain is unavailable (503) when the node cannot be read', async () => {
    const err = await refusal(check(reader({ fail: true })));
    expect(err).toMatchObject({ status: 503, type: 'chain.unavailable' });
  });
});
