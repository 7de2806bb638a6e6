import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getChainAction, listChainActionsForSubject } from '@cr/core/chain/chain-action.repo';
import { recordChainAction } from '@cr/core/chain/chain-outbox';
import { connectRedis } from '@cr/core/infra/redis-connect';
import { commitThen } from '@cr/core/effects/after-commit';
import { mailJobId } from '@cr/core/queues/mail-queue';
import { EVENTS_CHANNEL, type RoomEvent } from '@cr/core/realtime/event-bus';
import { startTestApi, type TestApi } from './test-api';
import { testConfig } from './test-config';

let t: TestApi;
let listener: Redis;
const heard: RoomEvent[] = [];
beforeAll(async () => {
  t = await startTestApi();
  // A separate connection stands for another api instance relaying events to its sockets.
  listener = await connectRedis(testConfig.REDIS_URL);
  await listener.subscribe(EVENTS_CHANNEL);
  listener.on('message', (_channel, message: string) => heard.push(JSON.parse(message) as RoomEvent));
});
afterAll(async () => {
  listener?.disconnect();
  await t?.stop();
});

const CHANGED_AT = '2026-01-01T00:00:00.000Z';
const GOVERNANCE = '0x00000000000000000000000000000000000000a1';

/** A change that writes an outbox row and asks for every kind of effect, then fails (or not) before commit. */
function change(subjectId: string, fail: boolean) {
  return commitThen(t.deps, async (tx) => {
    const action = await recordChainAction(tx, {
      kind: 'test.after-commit',
      subjectType: 'proposal',
      subjectId,
      chainId: 31337,
      to: GOVERNANCE,
      data: '0x1234',
    });
    const effects = {
      result: action.id,
      chainActions: [action],
      cacheScopes: ['proposals' as const],
      events: [{ room: `proposal:${subjectId}`, event: 'proposal:update', payload: { id: subjectId } }],
      mails: [
        {
          kind: 'account.password-changed' as const,
          userId: subjectId,
          changedAt: CHANGED_AT,
        },
      ],
    };
    // A later step of the same transaction fails (as a rule check after the writes would): all rolls back.
    if (fail) throw new Error('refused after the writes');
    return effects;
  });
}

/** Waits until the listener heard an event for `room` (events from one publisher arrive in order). */
async function heardRoom(room: string) {
  await expect.poll(() => heard.some((e) => e.room === room), { timeout: 10_000 }).toBe(true);
}

describe('side effects run only after commit', () => {
  it('a rolled-back change publishes nothing, enqueues nothing and sends no mail', async () => {
    const failedSubject = randomUUID();
    const before = await t.deps.chainQueues.submit.getJobCounts();
    const mailJob = (subjectId: string) =>
      t.deps.mailQueue.getJob(
        mailJobId({ kind: 'account.password-changed', userId: subjectId, changedAt: CHANGED_AT }),
      );
    await expect(change(failedSubject, true)).rejects.toThrow('refused after the writes');

    // Nothing was written...
    const committedSubject = randomUUID();
    const committedId = await change(committedSubject, false);
    expect(await getChainAction(t.deps.database.db, committedId)).toBeDefined();
    // ...and by the time the committed change's event arrives, the failed one's would have arrived before it.
    await heardRoom(`proposal:${committedSubject}`);
    expect(heard.filter((e) => e.room === `proposal:${failedSubject}`)).toEqual([]);
    // The committed change's mail was queued (the mail worker may already be sending it); none for the failed one.
    expect(await mailJob(committedSubject)).toBeDefined();
    expect(await mailJob(failedSubject)).toBeUndefined();
    // The committed change enqueued exactly its own job and announced its action; the failed one did neither.
    const after = await t.deps.chainQueues.submit.getJobCounts();
    const total = (c: Record<string, number>) => Object.values(c).reduce((a, b) => a + b, 0);
    expect(total(after) - total(before)).toBe(1);
    expect(await t.deps.chainQueues.submit.getJob(committedId)).toBeDefined();
    expect(
      heard.some((e) => e.event === 'chain:action' && (e.payload as { id: string }).id === committedId),
    ).toBe(true);
  });

  it('the committed change is announced after its row is readable', async () => {
    const subject = randomUUID();
    const seenRow = new Promise<boolean>((resolve) => {
      const check = (_channel: string, message: string) => {
        const e = JSON.parse(message) as RoomEvent;
        if (e.room !== `proposal:${subject}` || e.event !== 'proposal:update') return;
        listener.off('message', check);
        // Read through another connection the moment the event arrives.
        void listChainActionsForSubject(t.deps.database.db, 'proposal', subject).then((rows) =>
          resolve(rows.length === 1),
        );
      };
      listener.on('message', check);
    });
    await change(subject, false);
    expect(await seenRow).toBe(true);
  });
});
