import { describe, expect, it } from 'vitest';
import { elaAddressFromProgramHash, toChecksumEscAddress } from '@cr/contract/address';
import { checkSuggestionContent } from '@cr/contract/suggestion-content.contract';
import { SUGGESTION_MESSAGES as M } from '@cr/contract/suggestion-messages.contract';
import { emptyValues, getAt, removeMilestone, sameValues, setAt, valuesFromContent } from './form-values';

describe('form values', () => {
  it('sets a nested value without touching the original', () => {
    const v = emptyValues();
    const next = setAt(v, ['plan', 'milestones', 1, 'date'], '2026-02-01');
    expect(getAt(next, ['plan', 'milestones', 1, 'date'])).toBe('2026-02-01');
    expect(v.plan?.milestones).toEqual([]);
  });

  it('reads stored content into a full form and drops unknown keys', () => {
    const v = valuesFromContent({ title: 'T', type: '2', hacked: true });
    expect(v.title).toBe('T');
    expect(v.type).toBe('2');
    expect(v.budget?.payments).toEqual([]);
    expect('hacked' in v).toBe(false);
  });

  it('a draft stored with a main-chain payment address still loads, with the smart-chain message on the field', () => {
    const old = elaAddressFromProgramHash(new Uint8Array(20).fill(7));
    const v = valuesFromContent({ title: 'T', type: '1', budget: { total: '10', elaAddress: old } });
    expect(v.title).toBe('T');
    expect(v.budget?.elaAddress).toBe(old);
    const at = (values: typeof v) =>
      checkSuggestionContent(values)
        .filter((i) => i.path.join('.') === 'budget.elaAddress')
        .map((i) => i.message);
    expect(at(v)).toEqual([M.escAddressRequired]);
    const esc = toChecksumEscAddress(`0x${'07'.repeat(20)}`)!;
    expect(at(setAt(v, ['budget', 'elaAddress'], esc))).toEqual([]);
  });

  it('treats empty strings and empty lists as no content', () => {
    expect(sameValues(emptyValues(), valuesFromContent({ type: '1' }))).toBe(true);
    expect(sameValues(emptyValues(), { ...emptyValues(), title: 'x' })).toBe(false);
  });

  it('keeps payments on the same milestones when one is removed', () => {
    const v = {
      ...emptyValues(),
      plan: { milestones: [{ date: 'a' }, { date: 'b' }, { date: 'c' }] },
      budget: { payments: [{ milestone: 0 }, { milestone: 1 }, { milestone: 2 }] },
    };
    const next = removeMilestone(v, 1);
    expect(next.plan?.milestones?.map((m) => m.date)).toEqual(['a', 'c']);
    expect(next.budget?.payments?.map((p) => p.milestone)).toEqual([0, null, 1]);
  });
});
