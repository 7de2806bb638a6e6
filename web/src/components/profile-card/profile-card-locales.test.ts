import { describe, expect, it } from 'vitest';
import { LANGUAGES, PROFESSIONS, SKILLSET_GROUPS, SOCIAL_KEYS } from '@cr/contract/profile.contract';
import { genderSchema } from '@cr/contract/user.contract';
import { localeMismatches } from '../../lib/locale-texts';
import en from './locales/en.json';
import zh from './locales/zh.json';

describe('profile card texts', () => {
  it('en and zh have the same keys, none empty, the same placeholders', () => {
    expect(localeMismatches(en, zh)).toEqual([]);
  });

  it('names every choice the profile contract offers (the form shows the same names)', () => {
    const names = (group: Record<string, string>, keys: readonly string[]) => keys.filter((k) => !group[k]);
    expect(names(en.professions, PROFESSIONS)).toEqual([]);
    expect(names(en.skillsetGroups, Object.keys(SKILLSET_GROUPS))).toEqual([]);
    expect(names(en.skillsets, Object.values(SKILLSET_GROUPS).flat())).toEqual([]);
    expect(names(en.social, SOCIAL_KEYS)).toEqual([]);
    expect(names(en.languages, LANGUAGES)).toEqual([]);
    expect(names(en.genders, genderSchema.options)).toEqual([]);
  });
});
