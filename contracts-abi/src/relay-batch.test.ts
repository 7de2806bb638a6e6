import { randomBytes } from 'node:crypto';
import { hexlify, Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { relayBatchInterface } from './artifacts';
import { encodeRelayBatch, type RelayCall } from './relay-batch';

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
