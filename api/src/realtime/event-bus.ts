import type { Redis } from 'ioredis';
import { bumpGeneration, scopeOfRoom } from '../cache/cache-generation';

/** The Redis channel every api instance listens on and relays to its own sockets. */
export const EVENTS_CHANNEL = 'cr:events';

export interface RoomEvent {
  room: string;
  event: string;
  payload: unknown;
}

/** Publishes a live update for a room; any process (api or worker) may publish, every api instance delivers. */
export interface EventBus {
  publish(room: string, event: string, payload: unknown): Promise<void>;
}

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
      await redis.publish(EVENTS_CHANNEL, JSON.stringify(message));
    },
  };
}
