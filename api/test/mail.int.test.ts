import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProposalStatus } from '@cr/contracts-abi/governance-enums';
import type { NewChainEvent } from '../src/chain/chain-index.repo';
import { proposalNotifications, proposals } from '../src/db/schema/proposal.schema';
import { queueRecordedProposalMail } from '../src/modules/proposal/proposal-mail';
import { projectEvents } from '../src/modules/proposal/proposal-projection';
import {
  MailNotQueuedError,
  mailJobId,
  openMailQueue,
  queueMails,
  type MailJob,
} from '../src/queues/mail-queue';
import { makeUser } from './factories';
import { waitUntil } from './proposal-harness';
import { startTestApi, type TestApi } from './test-api';

let t: TestApi;
beforeAll(async () => {
  t = await startTestApi();
});
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
