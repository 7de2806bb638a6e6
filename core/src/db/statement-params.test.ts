import { describe, expect, it } from 'vitest';
import { preparedOnce, runGenericPlansOn } from './statement-params';

describe('preparedOnce', () => {
  it('prepares a name once per database handle and hands back the same statement after', () => {
    const a = {};
    const b = {};
    let made = 0;
    const make = () => ({ n: ++made });
    const first = preparedOnce(a, 'list_x', make);
    expect(preparedOnce(a, 'list_x', make)).toBe(first);
    expect(preparedOnce(a, 'list_y', make)).not.toBe(first);
    expect(preparedOnce(b, 'list_x', make)).not.toBe(first);
    expect(made).toBe(3);
  });

  it("builds a generic-plan statement on the handle that plans once, others and a transaction's on their own", () => {
    const main = {};
    const generic = {};
    const tx = {};
    runGenericPlansOn(main, generic);
    const built: object[] = [];
    preparedOnce(main, 'detail', (db) => built.push(db), { plan: 'generic' });
    preparedOnce(main, 'list', (db) => built.push(db));
    preparedOnce(tx, 'detail', (db) => built.push(db), { plan: 'generic' });
    expect(built[0]).toBe(generic);
    expect(built[1]).toBe(main);
    expect(built[2]).toBe(tx);
  });
});
