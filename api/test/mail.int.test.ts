import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProposalStatus } from '@cr/contracts-abi/governance-enums';
import type { NewChainEvent } from '@cr/core/chain/chain-index.repo';
import { proposalNotifications, proposals } from '@cr/core/db/schema/proposal.schema';
import { queueRecordedProposalMail } from '../src/modules/proposal/proposal-mail';
import { projectEvents } from '../src/modules/proposal/proposal-projection';
import {
  MailNotQueuedError,
  mailJobId,
  openMailQueue,
  queueMails,
  type MailJob,
} from '@cr/core/queues/mail-queue';
import type { MailPreferences, UnsubscribeInfo } from '@cr/contract/mail-preferences.contract';
import { mailPreferences } from '@cr/core/db/schema/mail-preferences.schema';
import { clearRate } from '../src/http/rate-limit';
import type { CapturedMessage } from '../src/mail/capture-smtp-server';
import type { Mailer } from '../src/mail/mailer';
import { startMailWorker } from '../src/mail/mail-worker';
import { makeUser } from './factories';
import { waitUntil } from './proposal-harness';
import { postSuggestion } from './suggestion-harness';
import { startTestApi, type TestApi } from './test-api';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
  // The unsubscribe limit counts per client address in the shared Redis: start this file with a fresh window.
  await clearRate(t.deps, UNSUBSCRIBE_RULE, '127.0.0.1');
  await clearRate(t.deps, UNSUBSCRIBE_RULE, '::ffff:127.0.0.1');
});

const UNSUBSCRIBE_RULE = { name: 'mail-unsubscribe-ip', limit: 30, windowSec: 600 };
afterAll(async () => {
  await t?.stop();
});

let block = 1_000;
/** A PROPOSED proposal of `owner` as the registration leaves it, and the Governance event that moves it on. */
/** A proposal of `ownerId` in status `from` (PROPOSED unless given) and the StatusChanged event that moves it. */
async function proposedBy(ownerId: string, from: 'PROPOSED' | 'NOTIFICATION' = 'PROPOSED') {
  const draftHash = `0x${randomBytes(32).toString('hex')}`;
  const title = `Mail test ${draftHash.slice(2, 8)}`;
  const [p] = await t.deps.database.db
    .insert(proposals)
    .values({
      number: sql`nextval('proposal_number_seq')`,
      status: from,
      type: '1',
      title,
      titleSearch: sql`to_tsvector('simple', ${title})`,
      ownerId,
      proposerId: ownerId,
      draftHash,
    })
    .returning();
  const statusChanged = (to: keyof typeof ProposalStatus): NewChainEvent => ({
    blockNumber: block++,
    logIndex: 0,
    blockHash: `0x${randomBytes(32).toString('hex')}`,
    txHash: `0x${randomBytes(32).toString('hex')}`,
    stream: 'governance',
    address: '0x0000000000000000000000000000000000000001',
    name: 'StatusChanged',
    args: { draftHash, from: ProposalStatus[from], to: ProposalStatus[to] },
  });
  return { proposal: p!, statusChanged };
}

/** Projects a status event in its transaction and returns the recorded jobs without queueing them. */
async function projectOnly(event: NewChainEvent) {
  return (await t.deps.database.db.transaction((tx) => projectEvents([event], tx))).mails;
}

/** What the chain worker's proposal plugin does: project in the event transaction, queue after commit. */
async function projectAndQueue(event: NewChainEvent) {
  const db = t.deps.database.db;
  const { mails } = await db.transaction((tx) => projectEvents([event], tx));
  await queueRecordedProposalMail({ db, mailQueue: t.deps.mailQueue, logger: t.deps.logger }, mails);
  return mails;
}

const notificationRows = (proposalId: string) =>
  t.deps.database.db
    .select()
    .from(proposalNotifications)
    .where(sql`${proposalNotifications.proposalId} = ${proposalId}`);

/** Until the mail queue has nothing waiting, running or due for a retry. */
const queueSettled = () =>
  waitUntil('the mail queue to settle', async () => {
    const c = await t.deps.mailQueue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
    return Object.values(c).every((n) => n === 0) ? true : undefined;
  });

describe('mail over SMTP', () => {
  it('delivers a queued message to its one recipient through the mail worker and a real SMTP listener', async () => {
    await queueMails(t.deps, [
      {
        kind: 'account.registration-code',
        email: 'alice@example.org',
        code: '424242',
        ttlMinutes: 15,
        expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
      },
    ]);
    const m = await t.mailbox.waitFor((x) => x.to.includes('alice@example.org'));
    expect(m.to).toEqual(['alice@example.org']);
    expect(m.subject).toBe('Your Cyber Republic confirmation code / 您的 Cyber Republic 验证码');
    expect(m.text).toContain('Your confirmation code is 424242.');
    expect(m.text).toContain('您的验证码是 424242');
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

describe('proposal status e-mails', () => {
  it('names the status as the pages do, in the owner’s language (Chinese, else English)', async () => {
    const zh = (await makeUser(t.deps.database.db, { profile: { defaultLanguage: 'zh' } })).user;
    const en = (await makeUser(t.deps.database.db)).user;
    const a = await proposedBy(zh.id);
    // ACTIVE follows the veto window (NOTIFICATION → ACTIVE), as on chain.
    const b = await proposedBy(en.id, 'NOTIFICATION');
    await projectAndQueue(a.statusChanged('NOTIFICATION'));
    await projectAndQueue(b.statusChanged('ACTIVE'));

    const toZh = await t.mailbox.waitFor((m) => m.to.includes(zh.email!));
    expect(toZh.subject).toBe(`提案 #${a.proposal.number} 当前状态：公示期`);
    expect(toZh.text).toContain(`您的提案 #${a.proposal.number}「${a.proposal.title}」当前状态：公示期。`);
    expect(toZh.text).toContain(`/proposals/${a.proposal.number}`);
    const toEn = await t.mailbox.waitFor((m) => m.to.includes(en.email!));
    expect(toEn.subject).toBe(`Proposal #${b.proposal.number} is now: Passed`);
    for (const m of [toZh, toEn]) expect(`${m.subject}\n${m.text}`).not.toMatch(/NOTIFICATION|ACTIVE/);
    await waitUntil('both rows marked sent', async () => {
      const rows = [...(await notificationRows(a.proposal.id)), ...(await notificationRows(b.proposal.id))];
      return rows.length === 2 && rows.every((r) => r.status === 'sent' && r.sentAt) ? true : undefined;
    });
  });

  it('sends a status e-mail once, however often its job is added', async () => {
    const owner = (await makeUser(t.deps.database.db)).user;
    const { proposal, statusChanged } = await proposedBy(owner.id);
    const mails = await projectAndQueue(statusChanged('NOTIFICATION'));
    expect(mails).toHaveLength(1);
    const job = mails[0]!;
    const deps = { db: t.deps.database.db, mailQueue: t.deps.mailQueue, logger: t.deps.logger };
    // A retried flush, the sweep and a plain re-add, while the first job may still be on the queue.
    await queueRecordedProposalMail(deps, mails);
    await queueMails(t.deps, [job, job]);
    await t.mailbox.waitFor((m) => m.to.includes(owner.email!));
    await queueSettled();
    await waitUntil('the row marked sent', async () =>
      (await notificationRows(proposal.id))[0]?.status === 'sent' ? true : undefined,
    );
    // Long after: the finished job is gone from Redis and the same job is added again; the row says it was sent.
    await (await t.deps.mailQueue.getJob(mailJobId(job)))?.remove();
    await queueMails(t.deps, [job]);
    await waitUntil('the re-added job finished', async () => {
      // One read: a job fetched while still waiting has no return value, even once it completes.
      const again = await t.deps.mailQueue.getJob(mailJobId(job));
      return again?.finishedOn ? (again.returnvalue as unknown) : undefined;
    }).then((outcome) => expect(outcome).toBe('skipped'));
    expect(t.mailbox.messages().filter((m) => m.to.includes(owner.email!))).toHaveLength(1);
    // Replaying the same event (a reorg re-read, a restarted watcher) schedules nothing more.
    expect(await projectAndQueue(statusChanged('NOTIFICATION'))).toHaveLength(0);
  });

  it('queues nothing for a transaction that rolled back', async () => {
    const owner = (await makeUser(t.deps.database.db)).user;
    const { proposal, statusChanged } = await proposedBy(owner.id, 'NOTIFICATION');
    const db = t.deps.database.db;
    let staged: MailJob[] = [];
    await expect(
      db.transaction(async (tx) => {
        staged = (await projectEvents([statusChanged('VETOED')], tx)).mails;
        throw new Error('the indexing transaction failed');
      }),
    ).rejects.toThrow('the indexing transaction failed');
    expect(staged).toHaveLength(1);
    await queueRecordedProposalMail({ db, mailQueue: t.deps.mailQueue, logger: t.deps.logger }, staged);
    expect(await t.deps.mailQueue.getJob(mailJobId(staged[0]!))).toBeUndefined();
    expect(await notificationRows(proposal.id)).toHaveLength(0);
  });
});

describe('when the mail queue cannot take a job', () => {
  it('throws for mail nothing would send later, and only logs for recorded proposal mail', async () => {
    const connection = t.deps.redis.duplicate();
    const closed = openMailQueue(connection, `crtest-closed-${randomBytes(3).toString('hex')}`);
    await closed.close();
    connection.disconnect();
    const deps = { mailQueue: closed, logger: t.deps.logger };
    await expect(
      queueMails(deps, [
        { kind: 'account.password-changed', userId: owner(), changedAt: new Date().toISOString() },
      ]),
    ).rejects.toBeInstanceOf(MailNotQueuedError);
    await expect(
      queueMails(deps, [
        { kind: 'proposal.status', proposalId: owner(), recipientId: owner(), status: 'ACTIVE' },
      ]),
    ).resolves.toBeUndefined();
  });

  it('tells the person asking for a registration code that it was not sent', async () => {
    const broken = await startTestApi();
    try {
      // The api's mail queue on a connection that is gone (rate limits and the database still answer).
      const connection = broken.deps.redis.duplicate();
      await broken.deps.mailQueue.close();
      broken.deps.mailQueue = openMailQueue(connection, broken.deps.config.QUEUE_PREFIX);
      connection.disconnect();
      const email = `bob_${randomBytes(4).toString('hex')}@example.org`;
      const ask = () => broken.call('POST', '/user/register/code', { body: { email } });
      const res = await ask();
      expect(res.status).toBe(503);
      expect(res.body.error?.type).toBe('account.mail_not_queued');
      // No 60-second cooldown for a code that never left: asking again is answered the same way, not "wait".
      expect((await ask()).body.error?.type).toBe('account.mail_not_queued');
    } finally {
      await broken.stop();
    }
  });
});

/** Any uuid: the queue refuses the job before anything reads it. */
function owner(): string {
  return '00000000-0000-4000-8000-000000000000';
}

const toOf = (email: string) => (m: CapturedMessage) => m.to.includes(email);
const countTo = (email: string) => t.mailbox.messages().filter(toOf(email)).length;

describe('one message per recipient, in their language', () => {
  it('a comment mentioning an English and a Chinese member mails each once, in their own language', async () => {
    const db = t.deps.database.db;
    const author = await makeUser(db);
    const bob = await makeUser(db);
    const zh = await makeUser(db, { profile: { defaultLanguage: 'zh' } });
    // Chinese on the profile, English chosen for e-mail: the e-mail preference wins.
    const en = await makeUser(db, { profile: { defaultLanguage: 'zh' } });
    const put = await t.call<MailPreferences>('PUT', '/user/mail-preferences', {
      token: en.token,
      body: { language: 'en', groups: ALL_ON },
    });
    expect(put.status).toBe(200);
    const s = await postSuggestion(t, author.token);
    const res = await t.call<{ mailed: number }>('POST', `/suggestion/${s._id}/comments`, {
      token: bob.token,
      body: { body: `@${zh.user.username} @${en.user.username} please review the budget` },
    });
    expect(res.status).toBe(200);
    const toZh = await t.mailbox.waitFor(toOf(zh.user.email!));
    const toEn = await t.mailbox.waitFor(toOf(en.user.email!));
    expect(toZh.subject).toBe(`${bob.user.username} 在建议 #${s.number} 中提到了您`);
    expect(toEn.subject).toBe(`${bob.user.username} mentioned you on suggestion #${s.number}`);
    expect(toZh.text).toContain(`/suggestion/${s.number}`);
    expect(toEn.text).toContain(`/suggestion/${s.number}`);
    // The footer in the same language, and the one-click headers.
    expect(toZh.text).toContain('退订此类邮件：');
    expect(toZh.text).not.toContain('Unsubscribe');
    expect(toEn.text).toContain('Unsubscribe from these e-mails: ');
    expect(toEn.text).not.toMatch(/[\u4e00-\u9fff]/);
    for (const m of [toZh, toEn]) {
      expect(m.listUnsubscribe).toMatch(/^<http:\/\/[^>]+\/api\/mail\/unsubscribe\?token=[\w-]+\.[\w-]+>$/);
      expect(m.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    }
    await queueSettled();
    expect(countTo(zh.user.email!)).toBe(1);
    expect(countTo(en.user.email!)).toBe(1);
  });

  it('account mail is always sent and carries no unsubscribe link', async () => {
    const db = t.deps.database.db;
    const u = await makeUser(db);
    await db.insert(mailPreferences).values({ userId: u.user.id, off: [...ALL_GROUPS] });
    await queueMails(t.deps, [
      { kind: 'account.password-changed', userId: u.user.id, changedAt: new Date().toISOString() },
    ]);
    const m = await t.mailbox.waitFor(toOf(u.user.email!));
    expect(m.text).not.toContain('/unsubscribe');
    expect(m.listUnsubscribe).toBeUndefined();
  });
});

describe('a restarted mail worker', () => {
  it('does not send again what a worker stopped after sending, before the job was acknowledged', async () => {
    const db = t.deps.database.db;
    const zh = (await makeUser(db, { profile: { defaultLanguage: 'zh' } })).user;
    const en = (await makeUser(db)).user;
    // A queue of its own, so the test api's worker does not take the jobs.
    const prefix = `crtest-restart-${randomBytes(4).toString('hex')}`;
    const queueConnection = t.deps.redis.duplicate();
    const queue = openMailQueue(queueConnection, prefix);
    const config = { ...t.deps.config, QUEUE_PREFIX: prefix };
    const timing = { lockDurationMs: 1_500, stalledIntervalMs: 500 };

    // Worker A sends over SMTP, then hangs as a process would that died before acknowledging the job.
    let sentByA = 0;
    const stuck: Mailer = {
      async send(mail) {
        await t.deps.mailer.send(mail);
        sentByA++;
        await new Promise(() => undefined);
      },
      close: () => undefined,
    };
    const connA = t.deps.redis.duplicate();
    const workerA = startMailWorker({ ...t.deps, redis: connA, mailer: stuck, config }, timing);
    const a = await proposedBy(zh.id);
    const b = await proposedBy(en.id);
    const mails = [
      ...(await projectOnly(a.statusChanged('NOTIFICATION'))),
      ...(await projectOnly(b.statusChanged('NOTIFICATION'))),
    ];
    await queueRecordedProposalMail({ db, mailQueue: queue, logger: t.deps.logger }, mails);
    await waitUntil('worker A sent both', async () => (sentByA === 2 ? true : undefined));
    expect((await queue.getJobCounts('active')).active).toBe(2);
    // The rows are still pending: worker A never got to record them.
    expect((await notificationRows(a.proposal.id))[0]?.status).toBe('pending');
    await workerA.close(true);
    connA.disconnect();

    // A new worker takes the stalled jobs over once their locks expire.
    const connB = t.deps.redis.duplicate();
    const workerB = startMailWorker({ ...t.deps, redis: connB, config }, timing);
    try {
      await waitUntil(
        'worker B finished both jobs',
        async () => ((await queue.getJobCounts('completed')).completed === 2 ? true : undefined),
        20_000,
      );
      // Not sent again: the jobs end skipped, their rows record the one message that went out.
      for (const m of mails) expect((await queue.getJob(mailJobId(m)))?.returnvalue).toBe('skipped');
      const rows = [...(await notificationRows(a.proposal.id)), ...(await notificationRows(b.proposal.id))];
      expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
      expect(rows[0]!.lastError).toBe('a worker stopped while sending it; not sent again');
      expect(countTo(zh.email!)).toBe(1);
      expect(countTo(en.email!)).toBe(1);
      expect(t.mailbox.messages().find(toOf(zh.email!))!.subject).toContain('公示期');
    } finally {
      await workerB.close();
      connB.disconnect();
      await queue.obliterate({ force: true });
      await queue.close();
      queueConnection.disconnect();
    }
  });
});

const ALL_GROUPS = [
  'comments',
  'council',
  'proposal-status',
  'vote-reminders',
  'tracking',
  'messages',
] as const;
const ALL_ON = Object.fromEntries(ALL_GROUPS.map((g) => [g, true])) as MailPreferences['groups'];

describe('e-mail preferences and unsubscribe links', () => {
  const prefsOf = async (token: string) =>
    (await t.call<MailPreferences>('GET', '/user/mail-preferences', { token })).body.data!;

  it('defaults to everything on in the profile language; a group turned off sends nothing and is marked skipped', async () => {
    const db = t.deps.database.db;
    const owner = await makeUser(db, { profile: { defaultLanguage: 'zh' } });
    expect(await prefsOf(owner.token)).toEqual({ language: 'zh', groups: ALL_ON });
    expect((await t.call('GET', '/user/mail-preferences')).status).toBe(401);
    const bad = await t.call('PUT', '/user/mail-preferences', {
      token: owner.token,
      body: { language: 'fr', groups: ALL_ON },
    });
    expect(bad.status).toBe(400);
    const off = { ...ALL_ON, 'proposal-status': false };
    const saved = await t.call<MailPreferences>('PUT', '/user/mail-preferences', {
      token: owner.token,
      body: { language: 'zh', groups: off },
    });
    expect(saved.body.data).toEqual({ language: 'zh', groups: off });

    const { proposal, statusChanged } = await proposedBy(owner.user.id);
    const [job] = await projectAndQueue(statusChanged('NOTIFICATION'));
    await waitUntil('the row settled', async () => {
      const [row] = await notificationRows(proposal.id);
      return row && row.status !== 'pending' ? row : undefined;
    }).then((row) => {
      expect(row.status).toBe('skipped');
      expect(row.lastError).toBe('turned off in the e-mail preferences');
    });
    expect((await t.deps.mailQueue.getJob(mailJobId(job!)))?.returnvalue).toBe('skipped');
    expect(countTo(owner.user.email!)).toBe(0);
  });

  it('the link in a message turns its group off without a session (GET changes nothing); a tampered token is refused', async () => {
    const db = t.deps.database.db;
    const owner = await makeUser(db);
    const { statusChanged } = await proposedBy(owner.user.id);
    await projectAndQueue(statusChanged('NOTIFICATION'));
    const m = await t.mailbox.waitFor(toOf(owner.user.email!));
    const link = /Unsubscribe from these e-mails: (\S+)/.exec(m.text)![1]!;
    expect(new URL(link).pathname).toBe('/unsubscribe');
    const token = new URL(link).searchParams.get('token')!;
    // The token names no id a reader could use: only the server's key makes one.
    expect(token).not.toContain(owner.user.id);

    const q = `/mail/unsubscribe?token=${encodeURIComponent(token)}`;
    const looked = await t.call<UnsubscribeInfo>('GET', q);
    expect(looked.status).toBe(200);
    expect(looked.body.data).toEqual({
      group: 'proposal-status',
      subscribed: true,
      email: `m•••@example.org`,
    });
    expect((await prefsOf(owner.token)).groups['proposal-status']).toBe(true);

    // Tampered: another group with the same signature, a changed signature, another member's id, garbage.
    const [payload, mac] = token.split('.') as [string, string];
    const otherGroup = Buffer.from(
      Buffer.from(payload, 'base64url').toString('utf8').replace('proposal-status', 'comments'),
    ).toString('base64url');
    const stranger = await makeUser(db);
    const otherUser = Buffer.from(
      Buffer.from(payload, 'base64url').toString('utf8').replace(owner.user.id, stranger.user.id),
    ).toString('base64url');
    const flipped = `${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const forged of [
      `${otherGroup}.${mac}`,
      `${payload}.${flipped}`,
      `${otherUser}.${mac}`,
      'nope',
      '',
    ]) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await t.call(method, `/mail/unsubscribe?token=${encodeURIComponent(forged)}`);
        expect(res.status, `${method} ${forged}`).toBe(400);
        expect(res.body.error?.type).toBe('mail.unsubscribe_invalid');
      }
    }
    expect(await prefsOf(owner.token)).toEqual({ language: 'en', groups: ALL_ON });
    expect(await prefsOf(stranger.token)).toEqual({ language: 'en', groups: ALL_ON });

    // The page's confirm button: POST, no session.
    const done = await t.call<UnsubscribeInfo>('POST', q);
    expect(done.status).toBe(200);
    expect(done.body.data!.subscribed).toBe(false);
    expect(await prefsOf(owner.token)).toEqual({
      language: 'en',
      groups: { ...ALL_ON, 'proposal-status': false },
    });
    expect((await t.call<UnsubscribeInfo>('GET', q)).body.data!.subscribed).toBe(false);

    // The next status change of this member's proposal is not mailed.
    const next = await proposedBy(owner.user.id);
    await projectAndQueue(next.statusChanged('NOTIFICATION'));
    await queueSettled();
    expect(countTo(owner.user.email!)).toBe(1);
  });

  it('RFC 8058 one-click: a mail client POSTs List-Unsubscribe=One-Click to the List-Unsubscribe URL', async () => {
    const db = t.deps.database.db;
    const member = await makeUser(db);
    await queueMails(t.deps, [
      { kind: 'social.digest', recipientId: member.user.id, count: 2, batchAt: new Date().toISOString() },
    ]);
    const m = await t.mailbox.waitFor(toOf(member.user.email!));
    const url = /^<(.+)>$/.exec(m.listUnsubscribe!)![1]!;
    const res = await fetch(`${t.url}${new URL(url).pathname}${new URL(url).search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect((await prefsOf(member.token)).groups).toEqual({ ...ALL_ON, messages: false });
  });

  it('limits the public endpoint per client address', async () => {
    await clearRate(t.deps, UNSUBSCRIBE_RULE, '127.0.0.1');
    await clearRate(t.deps, UNSUBSCRIBE_RULE, '::ffff:127.0.0.1');
    const statuses: number[] = [];
    for (let i = 0; i < UNSUBSCRIBE_RULE.limit + 1; i++)
      statuses.push((await t.call('GET', '/mail/unsubscribe?token=x.y')).status);
    expect(statuses.slice(0, UNSUBSCRIBE_RULE.limit).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    await clearRate(t.deps, UNSUBSCRIBE_RULE, '127.0.0.1');
    await clearRate(t.deps, UNSUBSCRIBE_RULE, '::ffff:127.0.0.1');
  });
});
