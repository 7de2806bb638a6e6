import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listenRoom } from './live-socket';

/**
 * live-socket against a real socket.io server on the loopback: the page's one connection, whatever the order in
 * which its rooms are asked for. The server holds each connection's CONNECT until the test lets it through, so
 * a room asked for while the connection is open but not yet acknowledged is a fixed step, not a lucky timing.
 */
let http: HttpServer;
let io: Server;
const connections: ServerSocket[] = [];
const held: (() => void)[] = [];
let heldArrived: () => void = () => undefined;

beforeAll(async () => {
  http = createServer();
  io = new Server(http, { path: '/socket.io' });
  io.use((_socket, next) => {
    held.push(() => next());
    heldArrived();
  });
  io.on('connection', (socket) => {
    connections.push(socket);
    socket.on('subscribe', (room: string, _arg: unknown, _options: unknown, ack: (a: unknown) => void) => {
      void socket.join(room);
      ack({ ok: true, seq: 0 });
    });
    socket.on('unsubscribe', (room: string) => void socket.leave(room));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;
  // io() without a URL connects to the page's own origin, as on the site.
  (globalThis as unknown as { jsdom: { reconfigure(o: { url: string }): void } }).jsdom.reconfigure({
    url: `http://127.0.0.1:${port}/proposals/1`,
  });
});

afterAll(async () => {
  await io.close();
});

it('a room asked for while the connection waits for its acknowledgement makes no second connection', async () => {
  const arrived = new Promise<void>((resolve) => (heldArrived = resolve));
  const joins: Record<string, boolean[]> = { chain: [], 'proposal:1': [] };
  const stopChain = listenRoom(
    'chain',
    'chain:height',
    () => undefined,
    (ok) => joins.chain!.push(ok),
  );
  // The server has the CONNECT: the connection is open, and the page's next room comes before the answer.
  await arrived;
  const stopProposal = listenRoom(
    'proposal:1',
    'proposal:update',
    () => undefined,
    (ok) => joins['proposal:1']!.push(ok),
  );
  held.splice(0).forEach((release) => release());
  await expect.poll(() => joins['proposal:1']!.length + joins.chain!.length).toBeGreaterThanOrEqual(2);
  // Each room joined once, and never dropped (a second CONNECT made the client drop and rejoin: [false, ...]).
  expect(joins).toEqual({ chain: [true], 'proposal:1': [true] });
  // Anything a second CONNECT caused would have been answered by now: one more round trip through the server.
  const probe = listenRoom(
    'probe',
    'x',
    () => undefined,
    () => undefined,
  );
  await expect.poll(() => [...io.sockets.adapter.rooms.keys()].includes('probe')).toBe(true);
  expect(held).toEqual([]);
  expect(connections).toHaveLength(1);
  expect(joins).toEqual({ chain: [true], 'proposal:1': [true] });
  probe();
  stopProposal();
  stopChain();
  await expect.poll(() => connections[0]!.connected).toBe(false);
});
