import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownProfileSchema, publicMemberSchema, type OwnProfile } from '@cr/contract/profile.contract';
import { users, type UserRow } from '@cr/core/db/schema';
import { makeUser } from './factories';
import { startTestApi, type TestApi } from './test-api';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
});
afterAll(async () => {
  await t?.stop();
});

const db = () => t.deps.database.db;
const rand = () => randomBytes(4).toString('hex');
const rowOf = async (id: string): Promise<UserRow> =>
  (await db().select().from(users).where(eq(users.id, id)))[0]!;

async function uploadPng(token: string): Promise<string> {
  const img = new PNG({ width: 8, height: 8 });
  img.data.fill(200);
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(PNG.sync.write(img))], { type: 'image/png' }), 'a.png');
  const res = await fetch(`${t.url}/api/upload/file`, {
    method: 'POST',
    body: form,
    headers: { 'api-token': token },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { url: string } }).data.url;
}

const put = (path: string, token: string, body: unknown) => t.call<OwnProfile>('PUT', path, { token, body });
const basicOf = (u: UserRow) => ({
  username: u.username,
  firstName: u.firstName,
  lastName: u.lastName,
  country: u.country,
});
const fullForm = (u: UserRow, over: Record<string, unknown> = {}) => ({
  ...basicOf(u),
  gender: 'female',
  timezone: 'Asia/Shanghai',
  bio: 'I build things.',
  ...over,
});
const fieldMessages = (res: { body: { error?: { fields?: unknown[] } } }) =>
  ((res.body.error?.fields ?? []) as { path: string; message: string }[]).map((f) => [f.path, f.message]);

describe('my profile', () => {
  it('needs a session', async () => {
    expect((await t.call('GET', '/user/profile')).status).toBe(401);
    expect((await t.call('PUT', '/user/profile/basic', { body: {} })).status).toBe(401);
  });

  it('shows my full profile, e-mail included', async () => {
    const { user, token } = await makeUser(db(), { did: `did:elastos:i${rand()}`, didBoundAt: new Date() });
    const res = await t.call<OwnProfile>('GET', '/user/profile', { token });
    expect(res.status).toBe(200);
    const profile = ownProfileSchema.parse(res.body.data);
    expect(profile).toMatchObject({
      _id: user.id,
      username: user.username,
      email: user.email,
      did: user.did,
      // Never chosen: shown as not set, not as English.
      defaultLanguage: null,
      hasPassword: false,
      skillsets: [],
      social: { telegram: null },
    });
  });

  it('edits the basic profile; absent fields stay, blank ones clear', async () => {
    const { user, token } = await makeUser(db());
    const avatar = await uploadPng(token);
    const first = await put('/user/profile/basic', token, {
      ...basicOf(user),
      firstName: '  Lin ',
      country: 'cn',
      avatar,
      motto: 'Stay curious',
      defaultLanguage: 'zh',
    });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ firstName: 'Lin', country: 'CN', avatar, motto: 'Stay curious' });
    expect(first.body.data?.defaultLanguage).toBe('zh');
    const second = await put('/user/profile/basic', token, { ...basicOf(user), firstName: 'Lin', motto: '' });
    expect(second.body.data).toMatchObject({
      avatar,
      motto: null,
      defaultLanguage: 'zh',
      country: user.country,
    });
    // current_user shows the same avatar.
    const me = await t.call<{ profile: { avatar: string } }>('GET', '/user/current_user', { token });
    expect(me.body.data?.profile.avatar).toBe(avatar);
  });

  it('edits the full profile with its rules', async () => {
    const { user, token } = await makeUser(db());
    const banner = await uploadPng(token);
    const res = await put(
      '/user/profile/full',
      token,
      fullForm(user, {
        banner,
        profession: 'COMPUTER_SCIENCE',
        skillsets: ['JAVASCRIPT', 'SEO', 'JAVASCRIPT'],
        walletAddress: 'ELANULLXXXXXXXXXXXXXXXXXXXXXYvs3rr',
        social: { telegram: '@cr_member', github: 'https://github.com/elastos', wechat: 'crwechat' },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      gender: 'female',
      timezone: 'Asia/Shanghai',
      bio: 'I build things.',
      banner,
      profession: 'COMPUTER_SCIENCE',
      skillsets: ['JAVASCRIPT', 'SEO'],
      walletAddress: 'ELANULLXXXXXXXXXXXXXXXXXXXXXYvs3rr',
      social: {
        telegram: 'cr_member',
        github: 'https://github.com/elastos',
        wechat: 'crwechat',
        twitter: null,
      },
    });
    // All lowercase carries no checksum (EIP-55): accepted, and stored in its checksummed form.
    const evm = await put(
      '/user/profile/full',
      token,
      fullForm(user, { walletAddress: '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed' }),
    );
    expect(evm.body.data?.walletAddress).toBe('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    // Links not sent stay as they were.
    expect(evm.body.data?.social.telegram).toBe('cr_member');
  });

  it('refuses what the rules refuse and changes nothing', async () => {
    const { user, token } = await makeUser(db());
    const other = await makeUser(db());
    const theirs = await uploadPng(other.token);
    const before = await rowOf(user.id);
    const cases: [string, Record<string, unknown>, number, string, [string, string][]][] = [
      [
        '/user/profile/full',
        { ...basicOf(user) },
        400,
        'validation.failed',
        [
          ['gender', 'Please select your gender'],
          ['timezone', 'Please select your timezone'],
          ['bio', 'Please write a short bio'],
        ],
      ],
      [
        '/user/profile/basic',
        { username: 'short', firstName: '', lastName: ' ', country: '' },
        400,
        'validation.failed',
        [
          ['username', 'Username must be more than 6 characters'],
          ['firstName', 'First name is required'],
          ['lastName', 'Last name is required'],
          ['country', 'Country is required'],
        ],
      ],
      [
        '/user/profile/full',
        fullForm(user, { social: { telegram: 'abc' } }),
        400,
        'validation.failed',
        [['social.telegram', 'The telegram handle must be at least 4 characters']],
      ],
      [
        '/user/profile/full',
        fullForm(user, { walletAddress: 'E'.repeat(35) }),
        400,
        'validation.failed',
        [
          [
            'walletAddress',
            'The wallet address must be an ELA address (34 characters) or an EVM address (42 characters starting with 0x)',
          ],
        ],
      ],
      [
        '/user/profile/full',
        fullForm(user, { walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD' }),
        400,
        'profile.wallet_address_checksum',
        [
          [
            'walletAddress',
            'The checksum of this 0x address is wrong: a character or its upper/lower case was mistyped. Copy the address again from your wallet.',
          ],
        ],
      ],
      [
        '/user/profile/full',
        fullForm(user, { walletAddress: 'ELANULLXXXXXXXXXXXXXXXXXXXXXYvs3rs' }),
        400,
        'profile.wallet_address_invalid',
        [
          [
            'walletAddress',
            'The wallet address must be an ELA address (34 characters) or an EVM address (42 characters starting with 0x)',
          ],
        ],
      ],
      [
        '/user/profile/full',
        fullForm(user, { profession: 'ASTRONAUT', skillsets: ['FLYING'] }),
        400,
        'validation.failed',
        [
          ['profession', 'Please choose a profession from the list'],
          ['skillsets.0', 'Please choose skills from the list'],
        ],
      ],
      [
        '/user/profile/basic',
        { ...basicOf(user), avatar: 'https://evil.example/x.png' },
        400,
        'validation.failed',
        [['avatar', 'Please upload the image with the upload button (an image of at most 200 KB)']],
      ],
      [
        '/user/profile/basic',
        { ...basicOf(user), avatar: theirs },
        400,
        'profile.image_invalid',
        [['avatar', 'Please upload the image with the upload button (an image of at most 200 KB)']],
      ],
      [
        '/user/profile/basic',
        { ...basicOf(user), username: other.user.username.toUpperCase() },
        409,
        'account.username_taken',
        [['username', 'This username is already taken']],
      ],
    ];
    for (const [path, body, status, type, fields] of cases) {
      const res = await put(path, token, body);
      expect(res.status, `${path} ${JSON.stringify(body)}`).toBe(status);
      expect(res.body.error?.type).toBe(type);
      expect(fieldMessages(res)).toEqual(fields);
    }
    expect(await rowOf(user.id)).toEqual(before);
  });

  it('can never write role, e-mail, DID, password or flags (backend §8.2)', async () => {
    const { user, token } = await makeUser(db());
    const before = await rowOf(user.id);
    for (const [key, value] of Object.entries({
      role: 'COUNCIL',
      email: 'taken-over@example.org',
      did: 'did:elastos:iAttacker',
      active: false,
      passwordHash: 'scrypt$x',
      _id: crypto.randomUUID(),
      profile: { role: 'ADMIN' },
    })) {
      for (const [path, form] of [
        ['/user/profile/basic', basicOf(user)],
        ['/user/profile/full', fullForm(user)],
      ] as const) {
        const res = await put(path, token, { ...form, [key]: value });
        expect(res.status, `${path} ${key}`).toBe(400);
        expect(res.body.error?.fields).toContainEqual({ path: '', message: `Unrecognized key: "${key}"` });
      }
    }
    const nested = await put('/user/profile/full', token, fullForm(user, { social: { role: 'ADMIN' } }));
    expect(nested.status).toBe(400);
    expect(await rowOf(user.id)).toEqual(before);
  });
});

describe('public member page', () => {
  it('never shows the e-mail or any other private field', async () => {
    const marker = `secret${rand()}`;
    const { user, token } = await makeUser(db(), { email: `${marker}@example.org` });
    await put(
      '/user/profile/full',
      token,
      fullForm(user, {
        gender: 'other',
        walletAddress: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
        defaultLanguage: 'zh',
        bio: 'Public bio',
        social: { twitter: 'https://x.com/cr' },
      }),
    );
    await db()
      .update(users)
      .set({
        passwordHash: `scrypt$${marker}`,
        profile: { ...(await rowOf(user.id)).profile, hidden: marker },
      })
      .where(eq(users.id, user.id));
    const res = await t.call('GET', `/member/${user.id}`);
    expect(res.status).toBe(200);
    const member = publicMemberSchema.parse(res.body.data);
    expect(member).toMatchObject({ _id: user.id, username: user.username, bio: 'Public bio' });
    expect(member.social.twitter).toBe('https://x.com/cr');
    expect(Object.keys(res.body.data as object).sort()).toEqual(Object.keys(publicMemberSchema.shape).sort());
    const text = JSON.stringify(res.body);
    for (const leak of [
      marker,
      'example.org',
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      'scrypt',
      '"zh"',
      'other',
    ])
      expect(text, `leaks ${leak}`).not.toContain(leak);
    for (const key of [
      'email',
      'gender',
      'walletAddress',
      'defaultLanguage',
      'passwordHash',
      'active',
      'hasPassword',
    ])
      expect(text).not.toContain(`"${key}"`);
    // Signed in as someone else, the page is the same.
    const viewer = await makeUser(db());
    const asViewer = await t.call('GET', `/member/${user.id}`, { token: viewer.token });
    expect(asViewer.body).toEqual(res.body);
  });

  it('answers not found for an unknown or disabled member', async () => {
    expect((await t.call('GET', `/member/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await t.call('GET', '/member/not-a-uuid')).status).toBe(400);
    const { user } = await makeUser(db(), { active: false });
    const res = await t.call('GET', `/member/${user.id}`);
    expect(res.status).toBe(404);
    expect(res.body.error?.type).toBe('user.not_found');
  });
});
