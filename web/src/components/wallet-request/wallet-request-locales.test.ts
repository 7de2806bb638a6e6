import { describe, expect, it } from 'vitest';
import en from './locales/en.json';
import zh from './locales/zh.json';

function leaves(obj: Record<string, unknown>, prefix = ''): Array<[string, string]> {
  return Object.entries(obj).flatMap(([k, v]) =>
    v && typeof v === 'object'
      ? leaves(v as Record<string, unknown>, `${prefix}${k}.`)
      : [[`${prefix}${k}`, String(v)] as [string, string]],
  );
}
const placeholders = (s: string) => [...s.matchAll(/{{(\w+)}}/g)].map((m) => m[1]).sort();

describe('wallet request texts', () => {
  it('en and zh have the same keys, none empty, the same placeholders', () => {
    const e = new Map(leaves(en));
    const z = new Map(leaves(zh));
    expect([...z.keys()].sort()).toEqual([...e.keys()].sort());
    for (const [key, text] of e) {
      expect(text.trim(), key).not.toBe('');
      expect(z.get(key)!.trim(), key).not.toBe('');
      expect(placeholders(z.get(key)!), key).toEqual(placeholders(text));
    }
  });

  it('explains every wallet action and keeps the spec wording for a missing DID', () => {
    for (const action of ['login', 'bind-did', 'sign-profile-statement', 'sign-suggestion'])
      expect(en.actions[action as keyof typeof en.actions], action).toBeTruthy();
    expect(en.errors['user.did_required']).toBe('Please associate your DID first');
  });
});
