/**
 * The live channel (socket.io) between a page and the api, as both sides speak it.
 *
 * A page joins a room with `emit('subscribe', room, arg, options, ack)`: `arg` is what the room's guard checks (a
 * session token, a wallet request's secret, or null), `options` a `SubscribeOptions`. Every event of a room
 * arrives as `(payload, meta)`, `meta` a `RoomEventMeta`: the room it was sent to and, in rooms with a log, its
 * sequence number. After a lost connection the page joins again with `since`, the last number it saw there (or
 * the room's number when it joined), and the ack carries what it missed.
 */
export interface SubscribeOptions {
  /** The last sequence number seen in the room: asks for the events after it. */
  since?: number;
}

export interface RoomEventMeta {
  room: string;
  /** Rises within a room; absent in rooms without a log (the chain head's ticks). */
  seq?: number;
}

export interface RoomCatchUp {
  /**
   * True when `events` are every event of the room after `since`. False when the log no longer reaches back
   * that far (it keeps the last ROOM_LOG_MAX events): the page reads the current state instead.
   */
  complete: boolean;
  events: { seq: number; event: string; payload: unknown }[];
}

export interface SubscribeAck {
  ok: boolean;
  /** The room's latest sequence number at the join (rooms with a log): where a later `since` starts. */
  seq?: number;
  /** Answered to a join with `since`. */
  catchUp?: RoomCatchUp;
}

/** A room's log keeps its last ROOM_LOG_MAX events, for ROOM_LOG_TTL_MS after the last one. */
export const ROOM_LOG_MAX = 500;
export const ROOM_LOG_TTL_MS = 60 * 60 * 1000;
/**
 * A page away longer than this asks for no catch-up and reads the state: an empty log then cannot tell "nothing
 * happened" from "the log expired".
 */
export const CATCH_UP_MAX_AWAY_MS = ROOM_LOG_TTL_MS / 2;
