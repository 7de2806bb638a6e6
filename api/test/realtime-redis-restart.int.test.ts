// A Redis restart under the api's live updates: the socket.io connections to Redis reconnect and resubscribe on
// their own, and they do it quietly (the fault suite, scripts/src/faults, found them printing an unhandled error
// event on stderr for every reconnect attempt).
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEventBus } from '@cr/core/realtime/event-bus';
import { connectRedis } from '@cr/core/infra/redis-connect';
import { startTestRedisServer, type TestRedisServer } from '../../chain-worker/test/test-redis-server';
import { startTestApi, type TestApi } from './test-api';

let redis: TestRedisServer;
let t: TestApi;
let socket: Socket;
beforeAll(async () => {
  redis = await startTestRedisServer();
  t = await startTestApi({ REDIS_URL: redis.url });
  socket = connect(t.url, { transports: ['websocket'] });
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
});
afterAll(async () => {
  socket?.disconnect();
  await t?.stop();
  await redis?.stop();
});

describe('live updates across a Redis restart', () => {
  it('still delivers events afterwards, without unhandled Redis errors on the console', async () => {
    const errors = vi.spyOn(console, 'error');
    const warnings = vi.spyOn(console, 'warn');
    expect(await socket.emitWithAck('subscribe', 'proposal:7', null)).toEqual({ ok: true });

    await redis.restart(1_500);

    // A separate connection stands for the chain worker; it publishes until the api has resubscribed.
    const worker = await connectRedis(redis.url);
    const bus = createEventBus(worker);
    const received = new Promise((resolve) => socket.once('chain-status', resolve));
    let delivered: unknown = null;
    void received.then((v) => (delivered = v));
    for (let i = 0; i < 100 && delivered === null; i++) {
      await bus.publish('proposal:7', 'chain-status', { status: 'chained', block: 9 });
      await new Promise((r) => setTimeout(r, 100));
    }
    worker.disconnect();
    expect(delivered).toEqual({ status: 'chained', block: 9 });

    const printed = [...errors.mock.calls, ...warnings.mock.calls].map((c) => c.map(String).join(' '));
    expect(printed.filter((line) => /Unhandled error event|missing 'error' handler/.test(line))).toEqual([]);
    errors.mockRestore();
    warnings.mockRestore();
  });
});
