import type { Redis } from 'ioredis';
import { ROOM_LOG_MAX, ROOM_LOG_TTL_MS, type RoomCatchUp } from '@cr/contract/live.contract';
import { bumpGeneration, scopeOfRoom } from '../cache/cache-generation';

/** The Redis channel every api instance listens on and relays to its own sockets. */
export const EVENTS_CHANNEL = 'cr:events';

/**
 * Each room's recent events, for pages that reconnect (`@cr/contract/live.contract`): a sorted set
 * `cr:room-log:<room>` of the published messages scored by their sequence number, the last ROOM_LOG_MAX kept for
 * ROOM_LOG_TTL_MS after the room's last event, and beside it `<log>:floor`, the highest number trimmed from it.
 * Numbers come from one counter (`cr:room-seq`), so they rise within a room and never repeat.
 */
export const ROOM_LOG_PREFIX = 'cr:room-log:';
export const ROOM_SEQ_KEY = 'cr:room-seq';
export { ROOM_LOG_MAX, ROOM_LOG_TTL_MS };

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
// message, add it to the room's log (trimmed, its floor raised, both expiring), and publish it. The message is
// the JSON the caller built with `"seq":N,` put in front of its first key (no re-encoding in Lua).
const PUBLISH_LOGGED = `
local seq = redis.call('INCR', KEYS[1])
local msg = '{"seq":' .. seq .. ',' .. string.sub(ARGV[1], 2)
redis.call('ZADD', KEYS[2], seq, msg)
local excess = redis.call('ZCARD', KEYS[2]) - tonumber(ARGV[2])
if excess > 0 then
  local cut = redis.call('ZRANGE', KEYS[2], excess - 1, excess - 1, 'WITHSCORES')
  redis.call('SET', KEYS[3], cut[2])
  redis.call('ZREMRANGEBYRANK', KEYS[2], 0, excess - 1)
end
redis.call('PEXPIRE', KEYS[2], ARGV[3])
if redis.call('EXISTS', KEYS[3]) == 1 then redis.call('PEXPIRE', KEYS[3], ARGV[3]) end
redis.call('PUBLISH', ARGV[4], msg)
return seq
`;

const floorKey = (room: string) => `${ROOM_LOG_PREFIX}${room}:floor`;

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
        3,
        ROOM_SEQ_KEY,
        ROOM_LOG_PREFIX + room,
        floorKey(room),
        raw,
        String(ROOM_LOG_MAX),
        String(ROOM_LOG_TTL_MS),
        EVENTS_CHANNEL,
      );
    },
  };
}

async function atomically(redis: Redis, build: (m: ReturnType<Redis['multi']>) => void): Promise<unknown[]> {
  const m = redis.multi();
  build(m);
  const replies = await m.exec();
  const failed = replies?.find(([err]) => err);
  if (!replies || failed) throw failed?.[0] ?? new Error('a room log read was discarded');
  return replies.map(([, value]) => value);
}

/**
 * Where a page joining `room` now starts: the room's last sequence number, or, with no log (no event in the last
 * ROOM_LOG_TTL_MS), the counter's current value, below every later event of the room.
 */
export async function roomPosition(redis: Redis, room: string): Promise<number> {
  const [last, counter] = (await atomically(redis, (m) =>
    m.zrange(ROOM_LOG_PREFIX + room, '-1', '-1', 'WITHSCORES').get(ROOM_SEQ_KEY),
  )) as [string[], string | null];
  return last.length === 2 ? Number(last[1]) : Number(counter ?? 0);
}

/**
 * The room's events after `since`, oldest first. Complete while nothing after `since` was trimmed (the floor is
 * at most `since`). With no log at all the room had no event for ROOM_LOG_TTL_MS, so none after `since` either
 * for a page away for less (CATCH_UP_MAX_AWAY_MS: the page asks only then).
 */
export async function readRoomLog(redis: Redis, room: string, since: number): Promise<RoomCatchUp> {
  const key = ROOM_LOG_PREFIX + room;
  const [exists, floor, after] = (await atomically(redis, (m) =>
    m.exists(key).get(floorKey(room)).zrangebyscore(key, `(${since}`, '+inf'),
  )) as [number, string | null, string[]];
  const complete = exists === 0 || Number(floor ?? 0) <= since;
  const events = after.map((raw) => {
    const m = JSON.parse(raw) as Required<RoomEvent>;
    return { seq: m.seq, event: m.event, payload: m.payload };
  });
  return { complete, events };
}
