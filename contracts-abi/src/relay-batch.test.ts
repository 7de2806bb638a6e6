import { randomBytes } from 'node:crypto';
import { hexlify, Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { relayBatchInterface } from './artifacts';
import { batchCallGas, encodeRelayBatch, intrinsicGas, type RelayCall } from './relay-batch';

describe('encodeRelayBatch', () => {
  it('encodes run(calls) exactly as ethers does, for calls of every data length', () => {
    for (const count of [0, 1, 2, 7]) {
      const calls: RelayCall[] = Array.from({ length: count }, (_, i) => ({
        target: Wallet.createRandom().address,
        gas: BigInt(21_000 + i * 77_777),
        data: hexlify(randomBytes([0, 1, 4, 31, 32, 33, 100][i % 7]! + count)),
      }));
      const byEthers = relayBatchInterface.encodeFunctionData('run', [
        calls.map((c) => ({ target: c.target, gas: c.gas, data: c.data })),
      ]);
      expect(encodeRelayBatch(calls)).toBe(byEthers);
    }
  });
});

describe('batchCallGas', () => {
  it('takes the intrinsic gas of a transaction of its own (with the same headroom) off the call', () => {
    expect(intrinsicGas('0x')).toBe(21_000n);
    expect(intrinsicGas('0x00ff0000ab')).toBe(21_000n + 3n * 4n + 2n * 16n);
    // estimate 100,000 with 25 % headroom = 125,000; intrinsic 21,020 × 1.25 = 26,275
    expect(batchCallGas(125_000n, '0x00ff', 125n)).toBe(125_000n - 26_275n);
    expect(batchCallGas(10_000n, '0x', 125n)).toBe(0n);
  });
});
