import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createEventBus, ROOM_LOG_MAX } from '@cr/core/realtime/event-bus';
import { connectRedis } from '@cr/core/infra/redis-connect';
import { startTestApi, type TestApi } from './test-api';
import { testConfig } from './test-config';

let t: TestApi;
let socket: Socket;
beforeAll(async () => {
  t = await startTestApi();
  socket = connect(t.url, { transports: ['websocket'] });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
});
afterAll(async () => {
  socket?.disconnect();
  await t?.stop();
});

describe('live updates through socket.io', () => {
  it('delivers an event published by another process (over Redis) to the room subscribers', async () => {
    const ack = await socket.emitWithAck('subscribe', 'proposal:42', null);
    expect(ack).toEqual({ ok: true });
    const received = new Promise((resolve) => socket.once('chain-status', resolve));
    // A separate Redis connection stands for the chain worker process.
    const workerRedis = await connectRedis(testConfig.REDIS_URL);
    await createEventBus(workerRedis).publish('proposal:42', 'chain-status', { status: 'chained', block: 7 });
    expect(await received).toEqual({ status: 'chained', block: 7 });
    workerRedis.disconnect();
  });

  it('refuses rooms of an unknown kind (deny by default)', async () => {
    expect(await socket.emitWithAck('subscribe', 'user:someone-else', null)).toEqual({ ok: false });
    expect(await socket.emitWithAck('subscribe', 'anything', null)).toEqual({ ok: false });
  });

  it('numbers each room event, and a client that was away catches up from the last one it saw', async () => {
    const room = `proposal:${randomUUID()}`;
    const workerRedis = await connectRedis(testConfig.REDIS_URL);
    const bus = createEventBus(workerRedis);
    const away = connect(t.url, { transports: ['websocket'] });
    try {
      await new Promise<void>((resolve) => away.once('connect', () => resolve()));
      expect(await away.emitWithAck('subscribe', room, null)).toEqual({ ok: true });
      const first = new Promise<unknown[]>((resolve) =>
        away.once('proposal:update', (...args) => resolve(args)),
      );
      await bus.publish(room, 'proposal:update', { n: 1 });
      const [payload, meta] = await first;
      expect(payload).toEqual({ n: 1 });
      const seen = (meta as { room: string; seq: number }).seq;
      expect(meta).toEqual({ room, seq: expect.any(Number) });

      // The page's connection drops; three events go by; it comes back (here to the same instance).
      away.disconnect();
      for (const n of [2, 3, 4]) await bus.publish(room, 'proposal:update', { n });
      away.connect();
      await new Promise<void>((resolve) => away.once('connect', () => resolve()));
      const ack = (await away.emitWithAck('subscribe', room, null, { since: seen })) as {
        ok: boolean;
        seq: number;
        catchUp: { complete: boolean; events: { seq: number; event: string; payload: unknown }[] };
      };
      expect(ack.ok).toBe(true);
      expect(ack.catchUp.complete).toBe(true);
      // Without options (an older page) the ack is as before, and no catch-up.
      expect(await away.emitWithAck('subscribe', room, null)).toEqual({ ok: true });
      expect(ack.catchUp.events.map((e) => [e.event, e.payload])).toEqual([
        ['proposal:update', { n: 2 }],
        ['proposal:update', { n: 3 }],
        ['proposal:update', { n: 4 }],
      ]);
      const seqs = ack.catchUp.events.map((e) => e.seq);
      expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
      expect(seqs[0]).toBeGreaterThan(seen);
      expect(ack.seq).toBe(seqs[2]);

      // Live again, numbered after the catch-up.
      const next = new Promise<unknown[]>((resolve) =>
        away.once('proposal:update', (...args) => resolve(args)),
      );
      await bus.publish(room, 'proposal:update', { n: 5 });
      const [, nextMeta] = await next;
      expect((nextMeta as { seq: number }).seq).toBeGreaterThan(seqs[2]!);
    } finally {
      away.disconnect();
      workerRedis.disconnect();
    }
  });

  it('says the catch-up is incomplete when the log no longer reaches back to the last event seen', async () => {
    const room = `proposal:${randomUUID()}`;
    const workerRedis = await connectRedis(testConfig.REDIS_URL);
    const bus = createEventBus(workerRedis);
    try {
      // A room with no log (no event for an hour): a page joining now starts at the counter, and a page away
      // for less than the log's life missed nothing.
      const start = (await socket.emitWithAck('subscribe', room, null, {})) as { ok: boolean; seq: number };
      expect(start).toEqual({ ok: true, seq: expect.any(Number) });
      const none = await socket.emitWithAck('subscribe', room, null, { since: start.seq });
      expect(none).toEqual({ ok: true, seq: start.seq, catchUp: { complete: true, events: [] } });
      const seqs: number[] = [];
      const onEvent = (_payload: unknown, meta: { room: string; seq: number }) => {
        if (meta.room === room) seqs.push(meta.seq);
      };
      socket.on('proposal:update', onEvent);
      for (let n = 0; n < ROOM_LOG_MAX + 2; n++) await bus.publish(room, 'proposal:update', { n });
      await expect.poll(() => seqs.length).toBe(ROOM_LOG_MAX + 2);
      socket.off('proposal:update', onEvent);
      expect(seqs[0]).toBeGreaterThan(start.seq);
      // The first two were trimmed: from the join or the first, the log is not complete; from the second, it is
      // (the page saw it, and everything after it is kept).
      for (const since of [start.seq, seqs[0]]) {
        const trimmed = await socket.emitWithAck('subscribe', room, null, { since });
        expect(trimmed.catchUp.complete).toBe(false);
      }
      const kept = await socket.emitWithAck('subscribe', room, null, { since: seqs[1] });
      expect(kept.catchUp.complete).toBe(true);
      expect(kept.catchUp.events).toHaveLength(ROOM_LOG_MAX);
      expect(kept.seq).toBe(seqs.at(-1));
      // Where a page joining now starts.
      expect(await socket.emitWithAck('subscribe', room, null, {})).toEqual({ ok: true, seq: seqs.at(-1) });
      // The chain head's ticks are not logged: no catch-up, the page reads the head.
      expect(await socket.emitWithAck('subscribe', 'chain', null, { since: 5 })).toEqual({ ok: true });
    } finally {
      workerRedis.disconnect();
    }
  });
});
