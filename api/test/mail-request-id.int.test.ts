import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitUntil } from './proposal-harness';
import { startTestApi, type TestApi } from './test-api';

/**
 * The request id of an HTTP request that queues an e-mail travels with the mail job (issue 50): the job on the
 * queue carries it, and the mail worker's lines while it sends that mail name it (`reqId`), as the chain worker's
 * lines name the request of a relayed action. Real api, Redis, SMTP listener; the api logs at level info here.
 */
let t: TestApi;
const lines: string[] = [];
beforeAll(async () => {
  t = await startTestApi({ TRUST_PROXY_HOPS: '1' }, { logLines: lines });
});
afterAll(async () => {
  await t?.stop();
});

const parsed = () =>
  lines.flatMap((l) => {
    try {
      return [JSON.parse(l) as Record<string, unknown>];
    } catch {
      return [];
    }
  });

describe('a mail job queued by a request', () => {
  it('carries the request id to the queue and to the mail worker’s log line', async () => {
    const requestId = `mail-${randomBytes(6).toString('hex')}`;
    const email = `rid-${randomBytes(4).toString('hex')}@example.org`;
    const res = await t.call('POST', '/user/register/code', {
      body: { email },
      headers: { 'x-request-id': requestId, 'x-forwarded-for': '10.50.0.1' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe(requestId);
    await t.mailbox.waitFor((m) => m.to.includes(email));

    // The worker's line for this job, written while it sent it, names the request.
    const sent = await waitUntil('the mail worker’s line', async () =>
      parsed().find((l) => l.msg === 'mail job sent' && l.kind === 'account.registration-code'),
    );
    expect(sent).toMatchObject({ reqId: requestId, kind: 'account.registration-code' });
    // And only this request's: mail queued outside any request names none.
    expect(parsed().filter((l) => l.reqId === requestId && l.msg === 'mail job sent')).toHaveLength(1);
  });

  it('mail queued outside a request names no request', async () => {
    const { queueMails } = await import('@cr/core/queues/mail-queue');
    const email = `norid-${randomBytes(4).toString('hex')}@example.org`;
    await queueMails(t.deps, [
      {
        kind: 'account.registration-code',
        email,
        code: '123456',
        ttlMinutes: 15,
        expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
      },
    ]);
    await t.mailbox.waitFor((m) => m.to.includes(email));
    const count = () => parsed().filter((l) => l.msg === 'mail job sent').length;
    await waitUntil('both lines', async () => (count() >= 2 ? true : undefined));
    const last = parsed().filter((l) => l.msg === 'mail job sent')[1]!;
    expect(last.reqId).toBeUndefined();
  });
});
