import { matchPath } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { paths, ROUTES, type RouteName } from './paths';

/** Old URLs the router still opens; nothing links to them. */
const ALIASES: RouteName[] = ['homeAlias', 'suggestionAlias', 'proposalLegacy'];

describe('typed route paths', () => {
  it('has a builder for every route but the old aliases, and each builds a path its pattern matches', () => {
    const builders = paths as Record<string, (...args: never[]) => string>;
    for (const name of Object.keys(ROUTES) as RouteName[]) {
      if (ALIASES.includes(name)) {
        expect(builders[name], name).toBeUndefined();
        continue;
      }
      const build = builders[name] as (id?: string) => string;
      expect(build, name).toBeTypeOf('function');
      const built = build('did:elastos:iXyz/1');
      const match = matchPath(ROUTES[name], built.split(/[?#]/)[0]!);
      expect(match?.pattern.path, `${name} → ${built}`).toBe(ROUTES[name]);
      // The router leaves some escapes in params (pages decode them as before); the value itself survives.
      for (const value of Object.values(match?.params ?? {}))
        expect(decodeURIComponent(value!)).toBe('did:elastos:iXyz/1');
    }
    expect(Object.keys(paths).sort()).toEqual(
      Object.keys(ROUTES)
        .filter((n) => !ALIASES.includes(n as RouteName))
        .sort(),
    );
  });

  it('encodes a parameter into its segment, and adds only the query and hash that are set', () => {
    expect(paths.councilMember('did:elastos:iAbc')).toBe('/council/detail/did%3Aelastos%3AiAbc');
    expect(paths.proposal(12)).toBe('/proposals/12');
    expect(paths.suggestion(7)).toBe('/suggestion/7');
    expect(paths.suggestion(7, { new: true })).toBe('/suggestion/7?new=1');
    expect(paths.suggestion(7, { comments: true })).toBe('/suggestion/7#comments');
    expect(paths.suggestionCreate({ draft: 'abc' })).toBe('/suggestion/create?draft=abc');
    expect(paths.suggestionCreate()).toBe('/suggestion/create');
    expect(paths.profileInfo({ bindDid: true })).toBe('/profile/info?bindDid=1');
    expect(paths.profileInfo({ bindDid: false })).toBe('/profile/info');
    expect(paths.council({ tab: 'SECRETARIAT' })).toBe('/council?tab=SECRETARIAT');
    expect(paths.home()).toBe('/');
  });
});
