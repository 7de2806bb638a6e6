import type { Redis } from 'ioredis';
import { bumpGeneration, scopeOfRoom } from '../cache/cache-generation';

/** The Redis channel every api instance listens on and relays to its own sockets. */
export const EVENTS_CHANNEL = 'cr:events';

/**
 * Each room's recent events, for clients that reconnect: a sorted set `cr:room-log:<room>` of the published
 * messages scored by their sequence number, the last ROOM_LOG_MAX kept for ROOM_LOG_TTL_MS after the room's last
 * event. Sequence numbers come from one counter (`cr:room-seq`), so they rise within a room and never repeat.
 */
export const ROOM_LOG_PREFIX = 'cr:room-log:';
export const ROOM_SEQ_KEY = 'cr:room-seq';
export const ROOM_LOG_MAX = 500;
export const ROOM_LOG_TTL_MS = 60 * 60 * 1000;

/** Rooms whose events are state ticks (the chain head every block): a reconnecting page reads the state, no log. */
const unloggedRooms = new Set(['chain']);
export const roomIsLogged = (room: string) => !unloggedRooms.has(room);

export interface RoomEvent {
  room: string;
  event: string;
  payload: unknown;
  /** The event's place in its room's log (set by `publish` for logged rooms). */
  seq?: number;
}

/** Publishes a live update for a room; any process (api or worker) may publish, every api instance delivers. */
export interface EventBus {
  publish(room: string, event: string, payload: unknown): Promise<void>;
}

// One atomic step, so the log's order is the order in which every instance relays the messages: number the
// message, add it to the room's log (trimmed, expiring), and publish it. The message is the JSON the caller
// built with `"seq":N,` put in front of its first key (no re-encoding in Lua).
const PUBLISH_LOGGED = `
local seq = redis.call('INCR', KEYS[1])
local msg = '{"seq":' .. seq .. ',' .. string.sub(ARGV[1], 2)
redis.call('ZADD', KEYS[2], seq, msg)
redis.call('ZREMRANGEBYRANK', KEYS[2], 0, -(tonumber(ARGV[2]) + 1))
redis.call('PEXPIRE', KEYS[2], ARGV[3])
redis.call('PUBLISH', ARGV[4], msg)
return seq
`;

/**
 * A live update announces a committed change of its room's subject, so the cached reads of that subject's scope
 * are invalidated first: a page that refetches on the update never gets the answer from before it.
 */
export function createEventBus(redis: Redis): EventBus {
  return {
    async publish(room, event, payload) {
      const scope = scopeOfRoom(room);
      if (scope) await bumpGeneration(redis, scope);
      const message: RoomEvent = { room, event, payload };
      const raw = JSON.stringify(message);
      if (!roomIsLogged(room)) {
        await redis.publish(EVENTS_CHANNEL, raw);
        return;
      }
      await redis.eval(
        PUBLISH_LOGGED,
        2,
        ROOM_SEQ_KEY,
        ROOM_LOG_PREFIX + room,
        raw,
        String(ROOM_LOG_MAX),
        String(ROOM_LOG_TTL_MS),
        EVENTS_CHANNEL,
      );
    },
  };
}

export interface RoomCatchUp {
  /** True when the log still reaches back to `since`: `events` are all the room's events after it. */
  complete: boolean;
  events: { seq: number; event: string; payload: unknown }[];
}

/**
 * The room's events after `since` (the last sequence number a client saw there), oldest first. Complete only
 * while the log still holds `since` itself: the log is trimmed from its oldest end, so then nothing after it
 * was dropped; otherwise the client reads the current state instead.
 */
export async function readRoomLog(redis: Redis, room: string, since: number): Promise<RoomCatchUp> {
  const key = ROOM_LOG_PREFIX + room;
  const replies = await redis
    .multi()
    .zrange(key, 0, 0, 'WITHSCORES')
    .zrangebyscore(key, `(${since}`, '+inf')
    .exec();
  const failed = replies?.find(([err]) => err);
  if (!replies || failed) throw failed?.[0] ?? new Error('the room log read was discarded');
  const oldest = replies[0]![1] as string[];
  const after = replies[1]![1] as string[];
  const complete = oldest.length === 2 && Number(oldest[1]) <= since;
  const events = after.map((raw) => {
    const m = JSON.parse(raw) as Required<RoomEvent>;
    return { seq: m.seq, event: m.event, payload: m.payload };
  });
  return { complete, events };
}
