import { describe, expect, it } from 'vitest';
import {
  accountMessageType,
  accountMessages,
  registerDidRequestSchema,
  registerRequestSchema,
} from '@cr/contract/account.contract';
import { basicProfileSchema, fullProfileSchema, profileMessageType } from '@cr/contract/profile.contract';

const messagesOf = (r: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const valid = {
  firstName: ' Ada ',
  lastName: 'Lovelace',
  email: ' Ada@Example.ORG ',
  password: 'analytical engine',
  passwordConfirm: 'analytical engine',
  username: 'ada_lovelace',
  country: 'gb',
  code: '012345',
};

describe('registration schema (shared with the web form)', () => {
  it('normalises e-mail, names and country', () => {
    const r = registerRequestSchema.parse(valid);
    expect(r).toMatchObject({ email: 'ada@example.org', firstName: 'Ada', country: 'GB', code: '012345' });
  });

  it("says each refusal in the spec's words", () => {
    const r = registerRequestSchema.safeParse({
      ...valid,
      email: 'not-an-email',
      username: 'sixsix',
      password: 'short',
      passwordConfirm: 'short',
      code: '12ab56',
      country: 'XX',
      firstName: ' ',
    });
    expect(messagesOf(r)).toEqual({
      email: 'Invalid email',
      username: 'Username must be more than 6 characters',
      password: 'The password must be at least 8 characters.',
      code: 'The code you entered does not match',
      country: 'Country is required',
      firstName: 'First name is required',
    });
    expect(
      messagesOf(registerRequestSchema.safeParse({ ...valid, passwordConfirm: 'analytical engine!' })),
    ).toEqual({
      passwordConfirm: 'Two passwords you entered do not match',
    });
  });

  it('maps every message back to its stable type', () => {
    for (const [type, message] of Object.entries(accountMessages))
      expect(accountMessageType(message)).toBe(type);
    expect(profileMessageType('The telegram handle must be at least 4 characters')).toBe(
      'profile.telegram_too_short',
    );
  });

  it('refuses fields outside the schema (no mass assignment)', () => {
    expect(registerRequestSchema.safeParse({ ...valid, role: 'ADMIN' }).success).toBe(false);
    expect(
      registerDidRequestSchema.safeParse({
        ...valid,
        requestId: crypto.randomUUID(),
        secret: 's',
        did: 'did:x',
      }).success,
    ).toBe(false);
  });

  it('asks for the code when a DID registration gives an e-mail', () => {
    const base = {
      requestId: crypto.randomUUID(),
      secret: 's',
      username: 'ada_lovelace',
      firstName: 'A',
      lastName: 'L',
      country: 'GB',
    };
    expect(registerDidRequestSchema.safeParse(base).success).toBe(true);
    expect(messagesOf(registerDidRequestSchema.safeParse({ ...base, email: 'a@example.org' }))).toEqual({
      code: 'The code you entered does not match',
    });
  });
});

describe('profile schemas', () => {
  const basic = { username: 'ada_lovelace', firstName: 'Ada', lastName: 'L', country: 'GB' };
  it('clear a field with "" or null and leave an absent one alone', () => {
    const r = basicProfileSchema.parse({ ...basic, avatar: '', motto: null });
    expect(r.avatar).toBeNull();
    expect(r.motto).toBeNull();
    expect('banner' in r && r.banner !== undefined).toBe(false);
  });

  it('require gender, timezone and bio in the full form and check links, telegram and wallet', () => {
    const r = fullProfileSchema.safeParse({
      ...basic,
      timezone: 'Mars/Olympus',
      social: { telegram: '@abc', github: 'javascript:alert(1)' },
      walletAddress: 'E12345',
      skillsets: ['SEO', 'FLYING'],
      profession: 'ASTRONAUT',
    });
    expect(messagesOf(r)).toEqual({
      gender: 'Please select your gender',
      timezone: 'Please select your timezone',
      bio: 'Please write a short bio',
      'social.telegram': 'The telegram handle must be at least 4 characters',
      'social.github': 'Please enter a link starting with https:// or http://',
      walletAddress:
        'The wallet address must be an ELA address (34 characters) or an EVM address (42 characters starting with 0x)',
      'skillsets.1': 'Please choose skills from the list',
      profession: 'Please choose a profession from the list',
    });
  });
});
