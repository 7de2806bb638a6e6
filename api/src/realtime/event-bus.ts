import type { Redis } from 'ioredis';

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

export function createEventBus(redis: Redis): EventBus {
  return {
    async publish(room, event, payload) {
      const message: RoomEvent = { room, event, payload };
      await redis.publish(EVENTS_CHANNEL, JSON.stringify(message));
    },
  };
}
