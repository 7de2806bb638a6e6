// One load-generator process of `npm run bench:live` (forked by bench-live.ts): opens its share of the watchers,
// each a socket.io client that joins the rooms a proposal page joins and speaks the live protocol of the web app
// (`@cr/contract/live.contract`, web/src/components/chain-status/live-socket.ts): events are taken once, in order,
// by their room's sequence number; after a lost connection it joins again with `since` and takes the catch-up.
// It measures each confirmed vote's arrival, and reports to its parent over IPC.
import { io, type Socket } from 'socket.io-client';
import type { RoomEventMeta, SubscribeAck, SubscribeOptions } from '@cr/contract/live.contract';
import { Histogram, type HistogramData } from './live-stats';

export interface ClientSpec {
  /** A signed-in member: the personal room's id and the session token. */
  member: { userId: string; token: string } | null;
}

export type ToClients =
  | { type: 'start'; urls: string[]; proposalRoom: string; specs: ClientSpec[]; inFlight: number }
  | { type: 'phase'; phase: 'steady' | 'after-kill' }
  | { type: 'away' }
  | { type: 'report'; truth: number[]; busAt: Record<number, number> }
  | { type: 'stop' };

export interface VoteArrival {
  /** The latest arrival of the vote's confirmation among this process's clients (ms after confirmation). */
  lastMs: number;
  clients: number;
  phase: 'steady' | 'after-kill';
}

export interface ClientsReport {
  type: 'report';
  clients: number;
  /** Live deliveries of a confirmed vote, by phase; `calm`: clients that never lost their connection. */
  fanout: Record<'steady' | 'after-kill' | 'calm-after-kill', HistogramData>;
  votes: Record<string, VoteArrival>;
  /** The same from the moment the event was on the bus (Redis), the fan-out alone. */
  busFanout: Record<'steady' | 'after-kill' | 'calm-after-kill', HistogramData>;
  busVotes: Record<string, VoteArrival>;
  /** Events of the proposal room missing at the end, summed over clients; clients missing any. */
  missing: number;
  clientsMissing: number;
  /** Events a client took twice (must be 0: the sequence numbers drop repeats). */
  duplicates: number;
  /** Events taken from a catch-up after a reconnect. */
  caughtUp: number;
  /** Rejoins whose catch-up was incomplete (the client would read the state). */
  incompleteCatchUps: number;
  disconnected: number;
  rejoined: number;
  /** ms from losing the connection to the rejoin's ack, per rejoined client. */
  rejoin: HistogramData;
  /** ms from this process's start to each client's join ack. */
  joinedAtMs: number[];
}

export type FromClients =
  | { type: 'joined'; count: number; failed: number }
  | { type: 'away'; away: number; at: number }
  | ClientsReport
  | { type: 'error'; message: string };

const CHAINED = 'chained';
/** The chain action kind of a council member's vote (api/src/modules/proposal/proposal-worker-plugin.ts). */
const VOTE_KIND = 'proposal.vote';

interface Watcher {
  socket: Socket;
  spec: ClientSpec;
  /** Last sequence number of the proposal room seen (or its position at the join). */
  seq: number;
  received: number[];
  joining: { event: string; payload: unknown; seq?: number }[] | null;
  joinedOnce: boolean;
  droppedAt: number | null;
  everDropped: boolean;
}

function send(message: FromClients) {
  process.send!(message);
}

let phase: 'steady' | 'after-kill' = 'steady';
const fanout = {
  steady: new Histogram(),
  'after-kill': new Histogram(),
  'calm-after-kill': new Histogram(),
};
const votes = new Map<string, VoteArrival>();
/** Live arrivals (wall clock) of each confirmed vote's event, by sequence number; `calm`: never disconnected. */
const arrivals = new Map<number, { phase: 'steady' | 'after-kill'; all: number[]; calm: number[] }>();
const rejoin = new Histogram();
const watchers: Watcher[] = [];
const joinedAtMs: number[] = [];
let duplicates = 0;
let caughtUp = 0;
let incompleteCatchUps = 0;
let rejoined = 0;
let failed = 0;
const started = performance.now();

/** A vote's confirmation: its chain action in the proposal room, `chained`, stamped when the worker recorded it. */
function confirmation(event: string, payload: unknown): { id: string; at: number } | null {
  if (event !== 'chain:action' || !payload || typeof payload !== 'object') return null;
  const p = payload as { id?: string; kind?: string; status?: string; updatedAt?: string };
  if (p.status !== CHAINED || p.kind !== VOTE_KIND || !p.id || !p.updatedAt) return null;
  return { id: p.id, at: Date.parse(p.updatedAt) };
}

function take(w: Watcher, event: string, payload: unknown, seq: number | undefined, live: boolean) {
  if (seq === undefined) return;
  // A repeat (live and in the catch-up) or an older one is dropped by its number, as the page does.
  if (seq <= w.seq) return;
  w.seq = seq;
  w.received.push(seq);
  if (!live) caughtUp++;
  const c = confirmation(event, payload);
  if (!c || !live) return;
  const now = Date.now();
  const ms = now - c.at;
  const a = arrivals.get(seq) ?? { phase, all: [], calm: [] };
  a.all.push(now);
  if (phase === 'after-kill' && !w.everDropped) a.calm.push(now);
  arrivals.set(seq, a);
  fanout[phase].record(ms);
  if (phase === 'after-kill' && !w.everDropped) fanout['calm-after-kill'].record(ms);
  const v = votes.get(c.id) ?? { lastMs: 0, clients: 0, phase };
  v.lastMs = Math.max(v.lastMs, ms);
  v.clients += 1;
  votes.set(c.id, v);
}

function open(url: string, proposalRoom: string, spec: ClientSpec): Promise<void> {
  return new Promise((resolve) => {
    const socket = io(url, {
      transports: ['websocket'],
      forceNew: true,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      timeout: 30_000,
    });
    const w: Watcher = {
      socket,
      spec,
      seq: 0,
      received: [],
      joining: null,
      joinedOnce: false,
      droppedAt: null,
      everDropped: false,
    };
    watchers.push(w);
    let settled = false;
    const done = () => {
      if (settled) return;
      settled = true;
      resolve();
    };
    socket.on('connect_error', () => {
      if (!w.joinedOnce && !socket.active) {
        failed++;
        done();
      }
    });
    socket.onAny((event: string, payload: unknown, meta?: RoomEventMeta) => {
      if (meta?.room !== proposalRoom) return;
      if (w.joining) w.joining.push({ event, payload, seq: meta.seq });
      else take(w, event, payload, meta.seq, true);
    });
    socket.on('disconnect', () => {
      w.droppedAt ??= Date.now();
      w.everDropped = true;
      w.joining = null;
    });
    socket.on('connect', () => {
      // As a proposal page: the proposal's room, the chain head; signed in, the member's own room and the
      // proposal list (the inbox button). Only the proposal's room is counted.
      w.joining = [];
      const options: SubscribeOptions = w.seq > 0 ? { since: w.seq } : {};
      socket.emit('subscribe', proposalRoom, null, options, (ack: SubscribeAck) => {
        const waiting = w.joining ?? [];
        w.joining = null;
        if (!ack.ok) {
          failed++;
          done();
          return;
        }
        if (ack.catchUp && !ack.catchUp.complete) incompleteCatchUps++;
        const pending = [
          ...(ack.catchUp?.events ?? []).map((e) => ({ ...e, live: false })),
          ...waiting.map((e) => ({ ...e, live: true })),
        ].sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
        for (const e of pending) take(w, e.event, e.payload, e.seq, e.live);
        if (ack.seq !== undefined && ack.seq > w.seq) w.seq = ack.seq;
        if (w.joinedOnce && w.droppedAt !== null) {
          rejoined++;
          rejoin.record(Date.now() - w.droppedAt);
        }
        w.droppedAt = null;
        if (!w.joinedOnce) joinedAtMs.push(performance.now() - started);
        w.joinedOnce = true;
        done();
      });
      socket.emit('subscribe', 'chain', null, {});
      if (spec.member) {
        socket.emit('subscribe', `user:${spec.member.userId}`, spec.member.token, {});
        socket.emit('subscribe', 'proposal:list', null, {});
      }
    });
  });
}

async function start(msg: Extract<ToClients, { type: 'start' }>) {
  let next = 0;
  let joined = 0;
  const progress = setInterval(() => send({ type: 'joined', count: joined, failed }), 500);
  await Promise.all(
    Array.from({ length: Math.min(msg.inFlight, msg.specs.length) }, async () => {
      while (next < msg.specs.length) {
        const i = next++;
        await open(msg.urls[i % msg.urls.length]!, msg.proposalRoom, msg.specs[i]!);
        joined++;
      }
    }),
  );
  clearInterval(progress);
  send({ type: 'joined', count: joined - failed, failed });
}

function report(truth: number[], busAt: Record<number, number>): ClientsReport {
  const busFanout = {
    steady: new Histogram(),
    'after-kill': new Histogram(),
    'calm-after-kill': new Histogram(),
  };
  const busVotes: Record<string, VoteArrival> = {};
  for (const [seq, a] of arrivals) {
    const at = busAt[seq];
    if (at === undefined) continue;
    for (const t of a.all) busFanout[a.phase].record(t - at);
    for (const t of a.calm) busFanout['calm-after-kill'].record(t - at);
    busVotes[String(seq)] = { lastMs: Math.max(...a.all) - at, clients: a.all.length, phase: a.phase };
  }
  const expected = new Set(truth);
  let missing = 0;
  let clientsMissing = 0;
  for (const w of watchers) {
    const got = new Set<number>();
    for (const seq of w.received) {
      if (got.has(seq)) duplicates++;
      got.add(seq);
    }
    let miss = 0;
    for (const seq of expected) if (!got.has(seq)) miss++;
    missing += miss;
    if (miss > 0) clientsMissing++;
  }
  return {
    type: 'report',
    clients: watchers.length,
    fanout: {
      steady: fanout.steady.data(),
      'after-kill': fanout['after-kill'].data(),
      'calm-after-kill': fanout['calm-after-kill'].data(),
    },
    votes: Object.fromEntries(votes),
    busFanout: {
      steady: busFanout.steady.data(),
      'after-kill': busFanout['after-kill'].data(),
      'calm-after-kill': busFanout['calm-after-kill'].data(),
    },
    busVotes,
    missing,
    clientsMissing,
    duplicates,
    caughtUp,
    incompleteCatchUps,
    disconnected: watchers.filter((w) => w.everDropped).length,
    rejoined,
    rejoin: rejoin.data(),
    joinedAtMs,
  };
}

process.send!({ type: 'ready' });
process.on('message', (msg: ToClients) => {
  try {
    if (msg.type === 'start')
      start(msg).catch((err: unknown) => send({ type: 'error', message: String(err) }));
    else if (msg.type === 'phase') phase = msg.phase;
    else if (msg.type === 'away')
      send({ type: 'away', away: watchers.filter((w) => w.droppedAt !== null).length, at: Date.now() });
    else if (msg.type === 'report') send(report(msg.truth, msg.busAt));
    else if (msg.type === 'stop') {
      for (const w of watchers) w.socket.disconnect();
      process.disconnect();
      setTimeout(() => process.exit(0), 200).unref();
    }
  } catch (err) {
    send({ type: 'error', message: String(err) });
  }
});
