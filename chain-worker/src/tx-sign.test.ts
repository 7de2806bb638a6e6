import { Wallet, hexlify, randomBytes } from 'ethers';
import { describe, expect, it } from 'vitest';
import { signEip1559, type Eip1559Fields } from './tx-sign';

const wallet = Wallet.createRandom();

function fields(dataLength: number, over: Partial<Eip1559Fields> = {}): Eip1559Fields {
  return {
    chainId: 31337,
    nonce: 7,
    to: `0x${'ab'.repeat(20)}`,
    data: hexlify(randomBytes(dataLength)),
    value: 0n,
    gasLimit: 5_000_000n,
    maxFeePerGas: 2_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
    ...over,
  };
}

describe('signEip1559', () => {
  it('gives the bytes ethers gives, for data of every RLP length class and edge values', async () => {
    const cases: Eip1559Fields[] = [
      fields(0),
      fields(1, { data: '0x00' }),
      fields(1, { data: '0x7f' }),
      fields(1, { data: '0x80' }),
      fields(55),
      fields(56),
      fields(255),
      fields(256),
      fields(20_000),
      fields(70_000),
      fields(4, { nonce: 0, value: 0n, chainId: 1 }),
      fields(4, { nonce: 127, value: 1n, chainId: 21 }),
      fields(4, { nonce: 128, value: 10n ** 18n, chainId: 20 }),
      fields(4, { nonce: 2 ** 40, maxPriorityFeePerGas: 0n, maxFeePerGas: 1n, gasLimit: 21_000n }),
    ];
    for (const tx of cases) {
      const expected = await wallet.signTransaction({ ...tx, type: 2 });
      expect(signEip1559(wallet.signingKey, tx)).toBe(expected);
    }
  });
});
