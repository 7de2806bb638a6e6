import { describe, expect, it } from 'vitest';
import { CHAIN_STATUSES, canRetry, canTransition, confirmationsAt, isTerminal } from './chain-status';
import { normalizeWei, queueFor } from './chain-outbox';
import type { ChainActionRow } from '../db/schema/chain.schema';

describe('chain action lifecycle', () => {
  it('moves forward unchain → chaining → chained and never out of chained', () => {
    expect(canTransition('unchain', 'chaining')).toBe(true);
    expect(canTransition('chaining', 'chained')).toBe(true);
    for (const to of CHAIN_STATUSES) expect(canTransition('chained', to)).toBe(false);
    expect(isTerminal('chained')).toBe(true);
  });
  it('lets a replaced tx go back to unchain and a failed relayed action be retried', () => {
    expect(canTransition('chaining', 'unchain')).toBe(true);
    expect(canTransition('failed', 'unchain')).toBe(true);
    expect(canRetry('failed', 'relay', 'chain.unreachable')).toBe(true);
    expect(canRetry('failed', 'relay', 'chain.dropped')).toBe(true);
    expect(canRetry('failed', 'track', 'chain.dropped')).toBe(false);
    expect(canRetry('chaining', 'relay', null)).toBe(false);
  });
  it('never offers a retry of what the contract refused: the same signatures meet the same rule', () => {
    for (const type of ['chain.refused', 'chain.reverted', 'chain.dependency_failed'])
      expect(canRetry('failed', 'relay', type)).toBe(false);
  });
  it('counts the tx block as the first confirmation', () => {
    expect(confirmationsAt(100, 99)).toBe(0);
    expect(confirmationsAt(100, 100)).toBe(1);
    expect(confirmationsAt(100, 105)).toBe(6);
  });
  it('routes each open action to the queue of its next step', () => {
    const row = (p: Partial<ChainActionRow>) =>
      ({ status: 'unchain', mode: 'relay', kind: 'council.vote', ...p }) as ChainActionRow;
    expect(queueFor(row({}))).toBe('submit');
    expect(queueFor(row({ kind: 'proposal.finalize' }))).toBe('finalize');
    expect(queueFor(row({ mode: 'track' }))).toBe('track');
    expect(queueFor(row({ status: 'chaining', mode: 'track' }))).toBe('confirm');
    expect(queueFor(row({ status: 'chained' }))).toBeNull();
    expect(queueFor(row({ status: 'failed' }))).toBeNull();
  });
  it('keeps amounts exact: whole wei only', () => {
    expect(normalizeWei('000123')).toBe('123');
    expect(normalizeWei(10n ** 30n)).toBe('1000000000000000000000000000000');
    expect(() => normalizeWei('1.5')).toThrow(/whole wei/);
    expect(() => normalizeWei('-1')).toThrow();
    expect(() => normalizeWei(-1n)).toThrow();
  });
});
