import { io, type Socket } from 'socket.io-client';
import {
  CATCH_UP_MAX_AWAY_MS,
  type RoomEventMeta,
  type SubscribeAck,
  type SubscribeOptions,
} from '@cr/contract/live.contract';

/**
 * One socket.io connection per tab for live rooms (`chain`, `chain-action:<id>`, `proposal:<id>`..., and the
 * signed-in member's own `user:<id>`, joined with the session token), speaking `@cr/contract/live.contract`.
 * Rooms are reference-counted: the first listener joins, the last one leaves, and every joined room is joined
 * again after a reconnect (the server forgets rooms when a connection drops). Each event is handed to the
 * listeners of the room it was sent to, once: the room remembers the last sequence number it saw, and a rejoin
 * asks for the events after it, so a page that lost its connection for a while (or whose api instance died)
 * gets what it missed, in order, instead of reading everything again.
 */
let shared: Socket | null = null;
type Handler = (payload: unknown) => void;
interface RoomEntry {
  count: number;
  listeners: Set<(ok: boolean, caughtUp: boolean) => void>;
  handlers: Map<string, Set<Handler>>;
  arg: unknown;
  /** The server acknowledged the join on the current connection (false while the ack is pending). */
  ok: boolean;
  /** A join is on its way: events that come before its ack wait, to be merged with the catch-up in order. */
  joining: { event: string; payload: unknown; seq?: number }[] | null;
  /** The last sequence number of the room seen (or where it stood at the join); 0 = none yet. */
  seq: number;
}
const joined = new Map<string, RoomEntry>();
/** When the connection dropped (for how long the page was away). */
let droppedAt: number | null = null;

function socket(): Socket {
  if (shared) return shared;
  shared = io({ path: '/socket.io', transports: ['websocket', 'polling'], autoConnect: true });
  shared.on('connect', () => {
    const away = droppedAt === null ? 0 : Date.now() - droppedAt;
    droppedAt = null;
    // Away longer than a room log's life: what it holds cannot say "nothing happened"; read the state.
    if (away > CATCH_UP_MAX_AWAY_MS) for (const entry of joined.values()) entry.seq = 0;
    for (const room of joined.keys()) emitJoin(room);
  });
  shared.on('disconnect', () => {
    droppedAt ??= Date.now();
    for (const entry of joined.values()) {
      entry.ok = false;
      entry.joining = null;
      entry.listeners.forEach((l) => l(false, false));
    }
  });
  shared.onAny((event: string, payload: unknown, meta?: RoomEventMeta) => {
    if (meta && typeof meta.room === 'string') {
      const entry = joined.get(meta.room);
      if (!entry) return;
      if (entry.joining) entry.joining.push({ event, payload, seq: meta.seq });
      else deliver(entry, event, payload, meta.seq);
      return;
    }
    // An event without its room (an older server): every room's listeners of that event, as they filter.
    for (const entry of joined.values()) deliver(entry, event, payload, undefined);
  });
  return shared;
}

function deliver(entry: RoomEntry, event: string, payload: unknown, seq: number | undefined): void {
  if (seq !== undefined) {
    if (seq <= entry.seq) return; // already had it (live and in the catch-up)
    entry.seq = seq;
  }
  entry.handlers.get(event)?.forEach((h) => h(payload));
}

function emitJoin(room: string): void {
  const entry = joined.get(room);
  if (!entry) return;
  entry.joining = [];
  const options: SubscribeOptions = entry.seq > 0 ? { since: entry.seq } : {};
  const s = socket();
  s.emit('subscribe', room, entry.arg ?? null, options, (ack: SubscribeAck | undefined) => {
    const current = joined.get(room);
    if (current !== entry || !s.connected) return;
    const waiting = entry.joining ?? [];
    entry.joining = null;
    entry.ok = !!ack?.ok;
    const caughtUp = !!ack?.catchUp?.complete;
    // What it missed, then what came meanwhile, in the room's order; each once.
    const pending = [...(ack?.catchUp?.events ?? []), ...waiting];
    pending.sort((a, b) => (a.seq ?? Infinity) - (b.seq ?? Infinity));
    for (const e of pending) deliver(entry, e.event, e.payload, e.seq);
    if (ack?.seq !== undefined && ack.seq > entry.seq) entry.seq = ack.seq;
    entry.listeners.forEach((l) => l(entry.ok, caughtUp));
  });
}

/**
 * Listens to `event` in `room`: `onEvent` gets each event sent to that room, once and in order. `onJoined(true,
 * caughtUp)` is called each time the room is (re)joined — the moment to read the current state once, unless
 * `caughtUp` says the events missed while away were just handed to `onEvent` — and `onJoined(false, false)` when
 * the connection drops. Returns the function that stops listening.
 */
export function listenRoom<T>(
  room: string,
  event: string,
  onEvent: (payload: T) => void,
  onJoined?: (ok: boolean, caughtUp: boolean) => void,
  /** What the room's guard checks (a personal room `user:<id>` takes the session token). */
  arg: unknown = null,
): () => void {
  const s = socket();
  const handler: Handler = (payload) => onEvent(payload as T);
  let entry = joined.get(room);
  const fresh = !entry;
  if (!entry) {
    entry = { count: 0, listeners: new Set(), handlers: new Map(), arg, ok: false, joining: null, seq: 0 };
    joined.set(room, entry);
  }
  entry.count += 1;
  const handlers = entry.handlers.get(event) ?? new Set<Handler>();
  handlers.add(handler);
  entry.handlers.set(event, handlers);
  const joinedListener = (ok: boolean, caughtUp: boolean) => onJoined?.(ok, caughtUp);
  entry.listeners.add(joinedListener);
  // A room already joined tells its new listener at once; one whose join is still pending tells every
  // listener when the ack comes (telling it now too would look like a rejoin, and rejoins reload).
  if (fresh && s.connected) emitJoin(room);
  else if (entry.ok) onJoined?.(true, false);
  // Only a closed socket is opened: `connect()` on one whose connection is open but not yet acknowledged sends a
  // second CONNECT (socket.io-client 4.8), and the server makes a second socket: two 'connect' events, every room
  // joined twice, and each join after the first read as a rejoin that reloads its page.
  if (!s.active) s.connect();

  return () => {
    const e = joined.get(room);
    if (!e) return;
    e.handlers.get(event)?.delete(handler);
    e.listeners.delete(joinedListener);
    e.count -= 1;
    if (e.count <= 0) {
      joined.delete(room);
      s.emit('unsubscribe', room);
      // No room left: the connection is closed until a page listens again.
      if (joined.size === 0) s.disconnect();
    }
  };
}
