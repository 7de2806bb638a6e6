// What the local cluster proves about itself: live events cross api instances (through Redis), a session issued by
// one api works on another, and the chain watcher's leader lock moves to the standby when its holder is killed.
import { io as connect, type Socket } from 'socket.io-client';
import { tookLock, type ClusterNode } from './cluster-nodes';

export interface RealtimeCheck {
  /** Where each action was sent, and which clients heard its event (and how soon). */
  rounds: { actionOn: string; heardBy: { client: string; ms: number }[] }[];
}

async function openSocket(url: string): Promise<Socket> {
  const socket = connect(url, { transports: ['websocket'], reconnection: false, timeout: 10_000 });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

async function call(url: string, method: string, path: string, token: string | null, body?: unknown) {
  const res = await fetch(`${url}/api${path}`, {
    method,
    headers: {
      ...(token ? { 'api-token': token } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json().catch(() => null)) as { data?: unknown; error?: { type: string } } | null;
  if (!res.ok)
    throw new Error(`${method} ${url}${path}: ${res.status} ${JSON.stringify(json?.error ?? json)}`);
  return json?.data;
}

/** Signs in with a password on one api and returns the session token (issued by that instance). */
export async function signIn(apiUrl: string, username: string, password: string): Promise<string> {
  const data = (await call(apiUrl, 'POST', '/user/login', null, { username, password })) as { token: string };
  return data.token;
}

/** The signed-in member as an api sees the token (GET /user/current_user): proves a session works there. */
export async function currentUser(apiUrl: string, token: string): Promise<{ _id?: string; id?: string }> {
  return (await call(apiUrl, 'GET', '/user/current_user', token)) as { _id?: string; id?: string };
}

/**
 * Clients connect to every given address (each api directly, and the proxy); the member likes a suggestion through
 * each api in turn (like, then un-like), and every client must hear each `reaction` event in its room.
 */
export async function checkRealtimeAcrossApis(opts: {
  apis: { name: string; url: string }[];
  clients: { name: string; url: string }[];
  token: string;
  suggestionId: string;
  timeoutMs?: number;
}): Promise<RealtimeCheck> {
  const room = `suggestion:${opts.suggestionId}`;
  const sockets = await Promise.all(opts.clients.map((c) => openSocket(c.url)));
  try {
    for (const s of sockets) {
      const ack = (await s.emitWithAck('subscribe', room, null)) as { ok: boolean };
      if (!ack.ok) throw new Error(`subscribe to ${room} refused`);
    }
    const rounds: RealtimeCheck['rounds'] = [];
    for (const api of opts.apis) {
      const started = performance.now();
      const heard = sockets.map(
        (s, i) =>
          new Promise<{ client: string; ms: number }>((resolve, reject) => {
            const timer = setTimeout(
              () => reject(new Error(`${opts.clients[i]!.name} did not hear the event of ${api.name}`)),
              opts.timeoutMs ?? 5_000,
            );
            const onEvent = (payload: { suggestionId?: string }) => {
              if (payload.suggestionId !== opts.suggestionId) return;
              clearTimeout(timer);
              s.off('reaction', onEvent);
              resolve({ client: opts.clients[i]!.name, ms: Math.round(performance.now() - started) });
            };
            s.on('reaction', onEvent);
          }),
      );
      await call(api.url, 'POST', `/suggestion/${opts.suggestionId}/like`, opts.token);
      rounds.push({ actionOn: api.name, heardBy: await Promise.all(heard) });
    }
    return { rounds };
  } finally {
    for (const s of sockets) s.disconnect();
  }
}

/** Which workers hold the block watcher's lock now, from their own logs (the last took/lost line of each). */
export function lockHolders(workers: ClusterNode[]): ClusterNode[] {
  return workers.filter((w) => {
    if (!w.alive()) return false;
    const last = [...w.lines].reverse().find((l) => tookLock(l) || l.includes('block watcher lost the lock'));
    return !!last && tookLock(last);
  });
}

export interface FailoverCheck {
  holderBefore: string;
  holderAfter: string;
  /** From the SIGKILL to the standby's "took the lock" line. */
  takeoverMs: number;
  /** How many workers held the lock at once, before and after (each must be 1). */
  holdersBefore: number;
  holdersAfter: number;
}

/** Waits for one holder, SIGKILLs it, and measures how long the standby takes to take the lock over. */
export async function checkLeaderFailover(
  workers: ClusterNode[],
  timeoutMs = 30_000,
): Promise<FailoverCheck> {
  const deadline = Date.now() + timeoutMs;
  while (lockHolders(workers).length === 0 && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 200));
  const before = lockHolders(workers);
  if (before.length !== 1) throw new Error(`${before.length} workers hold the watcher lock (expected 1)`);
  const holder = before[0]!;
  const standbys = workers.filter((w) => w !== holder && w.alive());
  if (standbys.length === 0) throw new Error('no standby worker is running');
  const takeover = Promise.race(standbys.map((w) => w.waitForLine(tookLock, timeoutMs).then(() => w)));
  const killedAt = performance.now();
  await holder.kill('SIGKILL');
  const next = await takeover;
  const takeoverMs = Math.round(performance.now() - killedAt);
  const after = lockHolders(workers);
  return {
    holderBefore: holder.name,
    holderAfter: next.name,
    takeoverMs,
    holdersBefore: before.length,
    holdersAfter: after.length,
  };
}
