import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OwnProfile, PublicMember } from '@cr/contract/profile.contract';
import { users } from '@cr/core/db/schema';
import { makeUser } from './factories';
import { startTestApi, type TestApi } from './test-api';
import { requestWallet, walletsFor } from './wallet-harness';

let t: TestApi;
let w: ReturnType<typeof walletsFor>;

beforeAll(async () => {
  t = await startTestApi({}, { did: true });
  w = walletsFor(t);
}, 120_000);
afterAll(async () => {
  await t?.stop();
});

const db = () => t.deps.database.db;

describe('the signed profile statement', () => {
  it('is kept on the profile: the member and every visitor read it back after signing', async () => {
    const frank = await w.create('frank');
    const { user, token } = await makeUser(db(), { did: frank.did });
    const before = await t.call<OwnProfile>('GET', '/user/profile', { token });
    expect(before.body.data?.didAttestation).toBeNull();

    const req = (await requestWallet(t, 'sign-profile-statement', token)).body.data!;
    const signing = Date.now();
    expect((await w.approve(req.url, 'frank')).status).toBe(200);

    const own = (await t.call<OwnProfile>('GET', '/user/profile', { token })).body.data!;
    expect(own.didAttestation).toMatchObject({ statement: req.statement, did: frank.did });
    expect(own.didAttestation!.signature).toMatch(/^[0-9a-f]{128}$/);
    expect(Date.parse(own.didAttestation!.signedAt)).toBeGreaterThanOrEqual(signing - 1000);
    // The words end with the digest the signature covers, so anyone can check them.
    expect(own.didAttestation!.statement).toMatch(/\nDigest: [0-9a-f]{64}$/);

    const visitor = await t.call<PublicMember>('GET', `/member/${user.id}`);
    expect(visitor.body.data?.didAttestation).toEqual(own.didAttestation);
  });

  it('is no longer shown once the account is bound to another DID (it vouched for the old one)', async () => {
    const gina = await w.create('gina');
    const { user, token } = await makeUser(db(), { did: gina.did });
    const req = (await requestWallet(t, 'sign-profile-statement', token)).body.data!;
    expect((await w.approve(req.url, 'gina')).status).toBe(200);
    expect(
      (await t.call<OwnProfile>('GET', '/user/profile', { token })).body.data?.didAttestation,
    ).not.toBeNull();

    await db().update(users).set({ did: 'did:elastos:iAnotherDidBoundLater' }).where(eq(users.id, user.id));
    expect(
      (await t.call<OwnProfile>('GET', '/user/profile', { token })).body.data?.didAttestation,
    ).toBeNull();
    expect((await t.call<PublicMember>('GET', `/member/${user.id}`)).body.data?.didAttestation).toBeNull();
  });
});
