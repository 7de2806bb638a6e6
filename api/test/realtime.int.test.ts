import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEventBus } from '../src/realtime/event-bus';
import { connectRedis } from '../src/infra/redis-connect';
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
});
