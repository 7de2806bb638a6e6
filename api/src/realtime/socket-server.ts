import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import type { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { Logger } from '@cr/core/log/logger';
import type { SubscribeAck } from '@cr/contract/live.contract';
import {
  EVENTS_CHANNEL,
  readRoomLog,
  roomIsLogged,
  roomPosition,
  type RoomEvent,
} from '@cr/core/realtime/event-bus';

/**
 * Decides whether a socket may join a room of one kind. `arg` is what the client sent with the
 * subscription (e.g. a wallet request's secret). Rooms with no guard cannot be joined (deny by default).
 */
export type RoomGuard = (socket: Socket, roomId: string, arg: unknown) => Promise<boolean> | boolean;

/** Room kinds anyone may watch: public pages' live data. */
const publicRoom: RoomGuard = () => true;

export interface SocketServer {
  io: Server;
  /** Adds or replaces the guard for rooms named `<kind>:<id>` (or exactly `<kind>`). */
  guard(kind: string, guard: RoomGuard): void;
  close(): Promise<void>;
}

/**
 * socket.io on the api's HTTP server. Clients `emit('subscribe', room, arg, [options], ack)`; updates published on the
 * event bus (by this or any other process) reach the room's sockets on every instance: each instance relays
 * the Redis message to its local sockets only, and the Redis adapter carries direct broadcasts across instances.
 */
export async function createSocketServer(
  http: HttpServer,
  redis: Redis,
  logger: Logger,
  corsOrigin: string | false,
): Promise<SocketServer> {
  const io = new Server(http, {
    cors: corsOrigin ? { origin: corsOrigin } : undefined,
    serveClient: false,
    // A phone's browser (or a page on a busy machine) may answer the server's ping late: with socket.io's 20 s
    // the server dropped such a connection, the page's late pong hit the closing WebSocket (a console error) and
    // it reconnected, missing the room's events meanwhile. A dead peer whose TCP connection closes is still seen
    // at once; only a silent one takes up to pingInterval + 60 s.
    pingTimeout: 60_000,
  });
  const pub = redis.duplicate();
  const sub = redis.duplicate();
  const relay = redis.duplicate();
  // A duplicate does not inherit the original's error listener: without one, every reconnect attempt while Redis
  // is down printed "[ioredis] Unhandled error event" (and the adapter's "missing 'error' handler") on stderr.
  // They reconnect and resubscribe on their own; the api's readiness reports Redis being down.
  for (const client of [pub, sub, relay]) client.on('error', () => undefined);
  io.adapter(createAdapter(pub, sub, { key: 'cr:socket.io' }));

  const guards = new Map<string, RoomGuard>([
    ['chain', publicRoom],
    ['proposal', publicRoom],
    ['suggestion', publicRoom],
    // A chain action's status is public (it is on chain anyway).
    ['chain-action', publicRoom],
  ]);

  io.on('connection', (socket) => {
    // `subscribe(room, arg, [options], ack)` (`@cr/contract/live.contract`). With options (a page that speaks the
    // log), the ack says where the room stands and, for `since`, carries the events after it.
    socket.on('subscribe', async (room: unknown, arg: unknown, ...rest: unknown[]) => {
      const reply = [arg, ...rest].findLast((a) => typeof a === 'function') as
        ((r: SubscribeAck) => void) | undefined;
      const options = typeof arg === 'function' || typeof rest[0] !== 'object' ? null : rest[0];
      const since = options && 'since' in options ? Number(options.since) : NaN;
      try {
        if (typeof room !== 'string' || room.length > 200) return reply?.({ ok: false });
        const [kind, ...ids] = room.split(':');
        const guard = guards.get(kind ?? '');
        const ok = guard
          ? await guard(socket, ids.join(':'), typeof arg === 'function' ? undefined : arg)
          : false;
        if (!ok) return reply?.({ ok });
        // Joined first, then the log read: an event published in between comes both live and in the catch-up,
        // and the page drops the second by its number; none falls between the two.
        await socket.join(room);
        if (!options || !roomIsLogged(room)) return reply?.({ ok });
        if (Number.isSafeInteger(since) && since >= 0) {
          const catchUp = await readRoomLog(redis, room, since);
          return reply?.({ ok, seq: catchUp.events.at(-1)?.seq ?? since, catchUp });
        }
        reply?.({ ok, seq: await roomPosition(redis, room) });
      } catch (err) {
        logger.warn({ err, room }, 'socket subscribe failed');
        reply?.({ ok: false });
      }
    });
    socket.on('unsubscribe', (room: unknown) => {
      if (typeof room === 'string') void socket.leave(room);
    });
  });

  await relay.subscribe(EVENTS_CHANNEL);
  relay.on('message', (_channel: string, raw: string) => {
    try {
      const { room, event, payload, seq } = JSON.parse(raw) as RoomEvent;
      // Encoded once for the whole room. The second argument says which room it is for and its place in the
      // room's log; handlers that take the payload alone ignore it.
      io.local.to(room).emit(event, payload, seq === undefined ? { room } : { room, seq });
    } catch (err) {
      logger.warn({ err }, 'bad event on the bus');
    }
  });

  return {
    io,
    guard: (kind, guard) => guards.set(kind, guard),
    async close() {
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await Promise.all([pub.quit(), sub.quit(), relay.quit()].map((p) => p.catch(() => undefined)));
    },
  };
}
