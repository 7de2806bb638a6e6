import { describe, expect, it } from 'vitest';
import chainEn from './locales/en.json';
import chainZh from './locales/zh.json';
import etaEn from '../block-eta/locales/en.json';
import etaZh from '../block-eta/locales/zh.json';
import proofEn from '../chain-proof/locales/en.json';
import proofZh from '../chain-proof/locales/zh.json';

function leaves(obj: Record<string, unknown>, prefix = ''): Array<[string, string]> {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object'
      ? leaves(v as Record<string, unknown>, `${prefix}${k}.`)
      : [[`${prefix}${k}`, String(v)] as [string, string]],
  );
}
const placeholders = (s: string) => [...s.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();

describe('chain status and block ETA texts', () => {
  for (const [name, en, zh] of [
    ['chainStatus', chainEn, chainZh],
    ['blockEta', etaEn, etaZh],
    ['chainProof', proofEn, proofZh],
  ] as const) {
    it(`${name}: en and zh have the same keys, none empty, the same placeholders`, () => {
      const e = new Map(leaves(en));
      const z = new Map(leaves(zh));
      expect([...z.keys()].sort()).toEqual([...e.keys()].sort());
      for (const [key, text] of e) {
        expect(text.trim(), key).not.toBe('');
        expect(z.get(key)!.trim(), key).not.toBe('');
        expect(placeholders(z.get(key)!), key).toEqual(placeholders(text));
      }
    });
  }

  it('names every chain status of the spec and every failure type of the worker', () => {
    for (const s of ['unchain', 'chaining', 'chained', 'failed'])
      expect(chainEn.label[s as keyof typeof chainEn.label], s).toBeTruthy();
    for (const f of [
      'chain.refused',
      'chain.reverted',
      'chain.mismatch',
      'chain.not_found',
      'chain.dropped',
      'chain.replaced',
      'chain.dependency_failed',
      'chain.unreachable',
    ]) {
      const [group, name] = f.split('.') as ['chain', keyof typeof chainEn.failure.chain];
      expect(chainEn.failure[group][name], f).toBeTruthy();
    }
  });
});
