import { io, type Socket } from 'socket.io-client';

/**
 * One socket.io connection per tab for live rooms (`chain`, `chain-action:<id>`, `proposal:<id>`..., and the
 * signed-in member's own `user:<id>`, joined with the session token).
 * Rooms are reference-counted: the first listener joins, the last one leaves, and every joined room is joined
 * again after a reconnect (the server forgets rooms when a connection drops).
 */
let shared: Socket | null = null;
interface RoomEntry {
  count: number;
  listeners: Set<(ok: boolean) => void>;
  arg: unknown;
  /** The server acknowledged the join on the current connection (false while the ack is pending). */
  ok: boolean;
}
const joined = new Map<string, RoomEntry>();

function socket(): Socket {
  if (shared) return shared;
  shared = io({ path: '/socket.io', transports: ['websocket', 'polling'], autoConnect: true });
  shared.on('connect', () => {
    for (const room of joined.keys()) emitJoin(room);
  });
  shared.on('disconnect', () => {
    for (const entry of joined.values()) {
      entry.ok = false;
      entry.listeners.forEach((l) => l(false));
    }
  });
  return shared;
}

function emitJoin(room: string): void {
  socket().emit('subscribe', room, joined.get(room)?.arg ?? null, (ack: { ok?: boolean } | undefined) => {
    const entry = joined.get(room);
    if (!entry) return;
    entry.ok = !!ack?.ok;
    entry.listeners.forEach((l) => l(entry.ok));
  });
}

/**
 * Listens to `event` in `room`. Events of one name arrive from every joined room on the one connection, so
 * `onEvent` must check the payload is about its own subject. `onJoined(true)` is called each time the room is (re)joined — the moment to
 * read the current state once, since events sent before it were missed — and `onJoined(false)` when the
 * connection drops. Returns the function that stops listening.
 */
export function listenRoom<T>(
  room: string,
  event: string,
  onEvent: (payload: T) => void,
  onJoined?: (ok: boolean) => void,
  /** What the room's guard checks (a personal room `user:<id>` takes the session token). */
  arg: unknown = null,
): () => void {
  const s = socket();
  const handler = (payload: T) => onEvent(payload);
  s.on(event, handler as (...args: unknown[]) => void);
  let entry = joined.get(room);
  const fresh = !entry;
  if (!entry) {
    entry = { count: 0, listeners: new Set(), arg, ok: false };
    joined.set(room, entry);
  }
  entry.count += 1;
  const joinedListener = (ok: boolean) => onJoined?.(ok);
  entry.listeners.add(joinedListener);
  // A room already joined tells its new listener at once; one whose join is still pending tells every
  // listener when the ack comes (telling it now too would look like a rejoin, and rejoins reload).
  if (fresh && s.connected) emitJoin(room);
  else if (entry.ok) onJoined?.(true);
  if (!s.connected) s.connect();

  return () => {
    s.off(event, handler as (...args: unknown[]) => void);
    const e = joined.get(room);
    if (!e) return;
    e.listeners.delete(joinedListener);
    e.count -= 1;
    if (e.count <= 0) {
      joined.delete(room);
      s.emit('unsubscribe', room);
    }
  };
}
