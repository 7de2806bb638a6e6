import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountDidRegistrations, accountEmailCodes, walletRequests } from '@cr/core/db/schema';
import { HOUSEKEEPING_GRACE_MS, runHousekeeping } from '../src/housekeeping';
import { makeUser } from './factories';
import { startTestApi, type TestApi } from './test-api';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
});
afterAll(async () => {
  await t?.stop();
});

const now = new Date();
const longAgo = new Date(now.getTime() - HOUSEKEEPING_GRACE_MS - 60_000);
const recently = new Date(now.getTime() - 60_000);

async function walletRequest(status: 'pending' | 'signed', expiresAt: Date) {
  const [row] = await t.deps.database.db
    .insert(walletRequests)
    .values({
      action: 'login',
      intent: 'credaccess',
      secretHash: randomUUID(),
      callbackTokenHash: randomUUID(),
      nonce: randomUUID(),
      status,
      expiresAt,
    })
    .returning({ id: walletRequests.id });
  return row!.id;
}

describe('housekeeping', () => {
  it('deletes unsigned QR requests and codes a day past expiry, and keeps what records a signature or an account', async () => {
    const db = t.deps.database.db;
    const stale = [await walletRequest('pending', longAgo)];
    const signed = await walletRequest('signed', longAgo);
    const fresh = await walletRequest('pending', recently);
    const registered = await walletRequest('pending', longAgo);
    const member = await makeUser(db);
    await db
      .insert(accountDidRegistrations)
      .values({ walletRequestId: registered, userId: member.user.id, did: 'did:elastos:x' });
    const email = `${randomUUID()}@example.org`;
    await db.insert(accountEmailCodes).values([
      { purpose: 'register', email, codeSalt: 's', codeHash: 'h', expiresAt: longAgo },
      { purpose: 'register', email: `live-${email}`, codeSalt: 's', codeHash: 'h', expiresAt: recently },
    ]);

    expect(await runHousekeeping(db, now)).toBeGreaterThanOrEqual(2);
    const left = new Set((await db.select({ id: walletRequests.id }).from(walletRequests)).map((r) => r.id));
    for (const id of stale) expect(left.has(id)).toBe(false);
    for (const id of [signed, fresh, registered]) expect(left.has(id)).toBe(true);
    const codes = (await db.select({ email: accountEmailCodes.email }).from(accountEmailCodes)).map(
      (c) => c.email,
    );
    expect(codes).toContain(`live-${email}`);
    expect(codes).not.toContain(email);
    // A second pass finds nothing more to do.
    expect(await runHousekeeping(db, now)).toBe(0);
  });
});
