import { startTransition, useEffect, useState } from 'react';
import { create } from 'zustand';
import { chainHeadSchema, type ChainHead } from '@cr/contract/chain.contract';
import { api } from '../../lib/api-client';
import { listenRoom } from '../chain-status/live-socket';

/** How often the head is read while the live channel is not joined. */
const HEAD_POLL_MS = 10_000;

interface HeadState {
  /** The last height the block watcher saw, or null until known. */
  head: ChainHead | null;
  /** True while the `chain` room is joined (new heights arrive as they happen). */
  live: boolean;
  /** Why the head could not be read, if it could not. */
  error: unknown;
}

const useHeadStore = create<HeadState>(() => ({ head: null, live: false, error: null }));

function sameHead(a: ChainHead, b: ChainHead): boolean {
  return (
    a.chainId === b.chainId &&
    a.height === b.height &&
    a.avgBlockMs === b.avgBlockMs &&
    a.observedAt === b.observedAt
  );
}

function accept(next: ChainHead): void {
  const { head: cur, error } = useHeadStore.getState();
  // The same head read again (every join reads it) changes nothing, so it re-renders nothing.
  if (cur && !error && sameHead(cur, next)) return;
  if (!cur || cur.chainId !== next.chainId || next.height >= cur.height)
    useHeadStore.setState({ head: next, error: null });
}

function setLive(live: boolean): void {
  if (useHeadStore.getState().live !== live) useHeadStore.setState({ live });
}

let users = 0;
let stopFollowing: (() => void) | null = null;

function startFollowing(): () => void {
  let alive = true;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const read = () =>
    api
      // null until the block watcher has seen a block
      .get('/api/chain/head', undefined, { schema: chainHeadSchema.nullable() })
      .then((h) => alive && h && accept(h))
      .catch((err: unknown) => alive && useHeadStore.setState({ error: err }));
  const poll = () => {
    timer = setTimeout(() => {
      if (!alive) return;
      if (!useHeadStore.getState().live) void read();
      poll();
    }, HEAD_POLL_MS);
  };
  const stop = listenRoom<unknown>(
    'chain',
    'chain:height',
    (payload) => {
      const parsed = chainHeadSchema.safeParse(payload);
      if (alive && parsed.success) accept(parsed.data);
    },
    (ok) => {
      if (!alive) return;
      setLive(ok);
      if (ok) void read();
    },
  );
  void read();
  poll();
  return () => {
    alive = false;
    if (timer) clearTimeout(timer);
    stop();
  };
}

/**
 * The chain head (height, observed block interval), shared by every component of the tab and live over the
 * socket.io room `chain` (event `chain:height`); read once from GET /api/chain/head and on every (re)join.
 */
export function useChainHead(): HeadState {
  // Not zustand's hook: it reads the store through useSyncExternalStore, whose changes React renders at once,
  // in one task, and a change that comes while the page is still being taken over from the server's HTML makes
  // React finish that take-over at once too (a 60–75 ms task on a proposal's first load). A new head is not
  // urgent: each component takes it as a transition, rendered in short slices.
  const [state, setState] = useState(useHeadStore.getState);
  useEffect(() => {
    const take = () => startTransition(() => setState(useHeadStore.getState()));
    take();
    return useHeadStore.subscribe(take);
  }, []);
  useEffect(() => {
    users += 1;
    if (users === 1) stopFollowing = startFollowing();
    return () => {
      users -= 1;
      if (users === 0) {
        stopFollowing?.();
        stopFollowing = null;
      }
    };
  }, []);
  return state;
}

/** The time now, refreshed every `everyMs` (for countdowns). */
export function useNow(everyMs = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
