import { describe, expect, it } from 'vitest';
import { averageBlockMs } from './block-interval';
import { findForkBlock, firstBrokenLink } from './reorg-detect';
import { txMismatches, type ExpectedTx } from '@cr/core/chain/tx-match';

describe('reorg detection', () => {
  const stored = [
    { number: 10, hash: '0xa10' },
    { number: 11, hash: '0xa11' },
    { number: 12, hash: '0xa12' },
  ];
  it('finds nothing when the node agrees', () => {
    expect(
      findForkBlock(
        stored,
        new Map([
          [10, '0xA10'],
          [11, '0xa11'],
          [12, '0xa12'],
        ]),
      ),
    ).toBeNull();
  });
  it('returns the lowest block whose hash changed', () => {
    expect(
      findForkBlock(
        stored,
        new Map([
          [10, '0xa10'],
          [11, '0xb11'],
          [12, '0xb12'],
        ]),
      ),
    ).toBe(11);
  });
  it('treats a block the node no longer has as replaced', () => {
    expect(
      findForkBlock(
        stored,
        new Map([
          [10, '0xa10'],
          [11, '0xa11'],
          [12, undefined],
        ]),
      ),
    ).toBe(12);
  });
  it('spots headers that do not chain onto the stored tip', () => {
    const prev = { number: 12, hash: '0xa12' };
    expect(firstBrokenLink(prev, [{ number: 13, hash: '0xa13', parentHash: '0xa12' }])).toBeNull();
    expect(firstBrokenLink(prev, [{ number: 13, hash: '0xb13', parentHash: '0xb12' }])).toBe(13);
    expect(
      firstBrokenLink(prev, [
        { number: 13, hash: '0xa13', parentHash: '0xa12' },
        { number: 14, hash: '0xa14', parentHash: '0xzz' },
      ]),
    ).toBe(14);
  });
});

describe('average block interval', () => {
  it('averages over the window, in ms', () => {
    const headers = [0, 1, 2, 3, 4].map((i) => ({ number: 100 + i, timestamp: 1_000 + i * 2 }));
    expect(averageBlockMs(headers)).toBe(2000);
    expect(averageBlockMs([{ number: 1, timestamp: 5 }])).toBeNull();
  });
});

describe('wallet-sent tx matching', () => {
  const from = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
  const expected: ExpectedTx = {
    chainId: 20,
    from,
    to: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
    data: '0xabcdef',
    value: '100000000000000000000',
  };
  const seen = {
    chainId: 20n,
    from: from.toLowerCase(),
    to: expected.to,
    data: '0xABCDEF',
    value: 100n * 10n ** 18n,
  };
  it('accepts the exact tx (address case and hex case do not matter)', () => {
    expect(txMismatches(expected, seen)).toEqual([]);
  });
  it('names every difference', () => {
    const problems = txMismatches(expected, {
      ...seen,
      chainId: 1n,
      from: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
      value: 1n,
      data: '0x00',
    });
    expect(problems).toHaveLength(4);
    expect(problems[0]).toContain('chain 1');
    expect(problems.join(' ')).toContain('sends 1 wei');
  });
});
