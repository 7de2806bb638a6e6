import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from './test-api';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
});
afterAll(async () => {
  await t?.stop();
});

describe('mail over SMTP', () => {
  it('delivers each message to its one recipient through a real SMTP listener', async () => {
    await t.deps.mailer.send({ to: 'alice@example.org', subject: '欢迎 Welcome', text: 'Hello Alice, 你好' });
    const m = await t.mailbox.waitFor((x) => x.to.includes('alice@example.org'));
    expect(m.subject).toBe('欢迎 Welcome');
    expect(m.text.trim()).toBe('Hello Alice, 你好');
  });

  it('refuses a shared To: list', async () => {
    await expect(
      t.deps.mailer.send({ to: 'a@example.org, b@example.org', subject: 's', text: 't' }),
    ).rejects.toThrow('One recipient per message');
  });

  it('hides the dev outbox when dev tools are off (tests run with NODE_ENV=test, dev tools on by default)', async () => {
    const off = await startTestApi({ DEV_TOOLS: 'false' });
    try {
      expect((await off.call('GET', '/dev/mail')).status).toBe(404);
    } finally {
      await off.stop();
    }
    expect((await t.call('GET', '/dev/mail')).status).toBe(200);
  });

  it('shows the dev outbox only to callers on the same machine', async () => {
    // Behind one trusted proxy, the client address comes from X-Forwarded-For.
    const proxied = await startTestApi({ TRUST_PROXY_HOPS: '1' });
    try {
      const from = (ip: string) => proxied.call('GET', '/dev/mail', { headers: { 'x-forwarded-for': ip } });
      expect((await from('203.0.113.9')).status).toBe(404);
      expect((await from('10.1.2.3')).status).toBe(404);
      expect((await from('127.0.0.1')).status).toBe(200);
      expect((await from('::1')).status).toBe(200);
    } finally {
      await proxied.stop();
    }
  });
});
