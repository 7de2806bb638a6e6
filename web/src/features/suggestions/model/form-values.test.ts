import { describe, expect, it } from 'vitest';
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
