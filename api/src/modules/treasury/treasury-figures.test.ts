import { describe, expect, it } from 'vitest';
import { treasuryFigures, type MoneyEvent } from './treasury-figures';

const E18 = 10n ** 18n;
const hash = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;
const draft = `0x${'ab'.repeat(32)}`;
const ev = (blockNumber: number, name: string, args: Record<string, string>): MoneyEvent => ({
  blockNumber,
  txHash: hash(blockNumber),
  name,
  args,
});

const events = [
  ev(10, 'Funded', { from: '0x1', amountWei: (1000n * E18).toString() }),
  ev(20, 'BudgetReserved', { draftHash: draft, totalWei: (100n * E18).toString() }),
  ev(30, 'Withdrawn', { draftHash: draft, amountWei: (30n * E18).toString() }),
  ev(150, 'Withdrawn', { draftHash: draft, amountWei: (40n * E18 + 1n).toString() }),
  ev(160, 'BudgetClosed', { draftHash: draft, releasedWei: (5n * E18).toString() }),
];

const figures = (avgBlockMs: number | null) =>
  treasuryFigures({
    chainId: 20,
    address: '0xtreasury',
    state: {
      blockNumber: 200,
      balanceWei: 930n * E18 - 1n,
      committedWei: 25n * E18 - 1n,
      availableWei: 905n * E18,
      capWei: 90n * E18 + E18 / 2n,
      capBps: 1000,
    },
    events,
    proposals: [{ id: 'p1', number: 7, title: 'Build', status: 'ACTIVE', draftHash: draft.toUpperCase() }],
    chainStatuses: new Map([[draft, 'ACTIVE' as const]]),
    terms: [
      { term: 1, startHeight: 0, endHeight: 100 },
      { term: 2, startHeight: 100, endHeight: 1000 },
    ],
    avgBlockMs,
    historyIndexed: true,
  });

describe('treasuryFigures', () => {
  it('sums the events per budget, per term and over time in exact wei, and keeps the contract’s own figures', () => {
    const o = figures(null);
    expect(o).toMatchObject({
      balanceEla: '929.999999999999999999',
      reservedEla: '24.999999999999999999',
      availableEla: '905',
      capEla: '90.5',
      paidEla: '70.000000000000000001',
      reservedActiveEla: '24.999999999999999999',
      unexplainedEla: '0',
    });
    expect(o.budgets).toEqual([
      {
        draftHash: draft,
        proposal: { id: 'p1', number: 7, title: 'Build', status: 'ACTIVE' },
        status: 'ACTIVE',
        budgetEla: '100',
        paidEla: '70.000000000000000001',
        releasedEla: '5',
        reservedEla: '24.999999999999999999',
        txHashes: [hash(20), hash(30), hash(150), hash(160)],
      },
    ]);
    expect(o.paidByTerm).toEqual([
      { term: 2, paidEla: '40.000000000000000001', txHashes: [hash(150)] },
      { term: 1, paidEla: '30', txHashes: [hash(30)] },
    ]);
    expect(o.balanceSeries.map((p) => p.balanceEla)).toEqual(['1000', '970', '929.999999999999999999']);
    expect(o.transactions.map((t) => t.kind)).toEqual([
      'CLOSED',
      'WITHDRAWN',
      'WITHDRAWN',
      'RESERVED',
      'FUNDED',
    ]);
    // No block interval yet: no window, no runway.
    expect(o.runway).toMatchObject({ windowBlocks: null, days: null, perDayEla: null });
  });

  it('measures the runway at the pace of the last 30 days of blocks', () => {
    // 2.4-hour blocks: 30 days = 300 blocks (101..200 and before: both payouts inside).
    const all = figures(8_640_000).runway;
    expect(all.windowBlocks).toBe(300);
    expect(all.paidInWindowEla).toBe('70.000000000000000001');
    expect(all.txHashes).toEqual([hash(30), hash(150)]);
    // 1-day blocks: 30 blocks (171..200), no payout inside.
    const none = figures(86_400_000).runway;
    expect(none).toMatchObject({ windowBlocks: 30, paidInWindowEla: '0', days: null });
    // 4.32-hour blocks: 167 blocks (34..200) hold only the second payout.
    const late = figures(15_552_000).runway;
    expect(late.windowBlocks).toBe(167);
    expect(late.paidInWindowEla).toBe('40.000000000000000001');
    // 929.99… ELA at 40.00…01 ELA per 30 days lasts 697 whole days.
    expect(late.days).toBe(697);
    expect(late.perDayEla).toBe('1.333333333333333333');
  });
});
