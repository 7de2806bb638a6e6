import { useCallback, useEffect, useRef, useState } from 'react';
import { chainActionViewSchema, type ChainActionView } from '@cr/contract/chain.contract';
import { api } from '../../lib/api-client';
import { listenRoom } from './live-socket';

/** How often an open action is read while the live channel is not joined. */
export const CHAIN_POLL_MS = 3000;

export const CHAIN_ACTION_EVENT = 'chain:action';

/** A view that is newer than (or as new as) `current`; late events never move a status backwards. */
export function newerView(current: ChainActionView | null, next: ChainActionView): ChainActionView {
  if (!current || current.id !== next.id) return next;
  return Date.parse(next.updatedAt) >= Date.parse(current.updatedAt) ? next : current;
}

export function isOpenStatus(status: ChainActionView['status'] | undefined): boolean {
  return status === 'unchain' || status === 'chaining';
}

export interface UseChainAction {
  view: ChainActionView | null;
  /** True while the socket room is joined (else open actions are polled). */
  live: boolean;
  error: unknown;
  retrying: boolean;
  /** Asks the api to queue a failed relayed action again (POST /api/chain-actions/:id/retry). */
  retry(): Promise<ChainActionView>;
}

/**
 * Follows one chain action: its socket.io room `chain-action:<id>` (event `chain:action`), read once on every
 * join, and polled every 3 s only while the room is not joined and the action is still open.
 */
export function useChainAction(actionId: string | null | undefined, initial?: ChainActionView | null) {
  const [view, setView] = useState<ChainActionView | null>(initial ?? null);
  const [live, setLive] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [retrying, setRetrying] = useState(false);
  const liveRef = useRef(false);

  useEffect(() => {
    if (initial) setView((cur) => newerView(cur, initial));
  }, [initial]);

  useEffect(() => {
    if (!actionId) return;
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const read = async () => {
      try {
        const v = await api.get(`/api/chain-actions/${encodeURIComponent(actionId)}`, undefined, {
          schema: chainActionViewSchema,
        });
        if (alive) {
          setView((cur) => newerView(cur, v));
          setError(null);
        }
        return v;
      } catch (err) {
        if (alive) setError(err);
        return null;
      }
    };
    const poll = () => {
      timer = setTimeout(async () => {
        if (!alive) return;
        const v = liveRef.current ? null : await read();
        if (alive && (liveRef.current || !v || isOpenStatus(v.status))) poll();
      }, CHAIN_POLL_MS);
    };
    const stop = listenRoom<unknown>(
      `chain-action:${actionId}`,
      CHAIN_ACTION_EVENT,
      (payload) => {
        const parsed = chainActionViewSchema.safeParse(payload);
        if (alive && parsed.success && parsed.data.id === actionId)
          setView((cur) => newerView(cur, parsed.data));
      },
      (ok) => {
        if (!alive) return;
        liveRef.current = ok;
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
  }, [actionId]);

  const retry = useCallback(async () => {
    if (!actionId) throw new Error('no chain action to retry');
    setRetrying(true);
    try {
      const v = await api.post(`/api/chain-actions/${encodeURIComponent(actionId)}/retry`, undefined, {
        schema: chainActionViewSchema,
      });
      setView((cur) => newerView(cur, v));
      return v;
    } finally {
      setRetrying(false);
    }
  }, [actionId]);

  return { view, live, error, retrying, retry } satisfies UseChainAction;
}

/**
 * Every chain action about one subject (`proposal:<id>`), live: `onAction` gets each change; `onJoined()` after
 * a rejoin that could not catch up on what was missed is the moment to reload the subject once. Returns whether the room is joined.
 */
export function useSubjectChainActions(
  subjectType: string,
  subjectId: string | null | undefined,
  onAction: (view: ChainActionView) => void,
  onJoined?: () => void,
): boolean {
  const [live, setLive] = useState(false);
  const onActionRef = useRef(onAction);
  onActionRef.current = onAction;
  const onJoinedRef = useRef(onJoined);
  onJoinedRef.current = onJoined;
  useEffect(() => {
    if (!subjectId) return;
    let first = true;
    return listenRoom<unknown>(
      `${subjectType}:${subjectId}`,
      CHAIN_ACTION_EVENT,
      (payload) => {
        const parsed = chainActionViewSchema.safeParse(payload);
        if (parsed.success && parsed.data.subjectType === subjectType && parsed.data.subjectId === subjectId)
          onActionRef.current(parsed.data);
      },
      (ok, caughtUp) => {
        setLive(ok);
        // The first join happens as the page loads its data anyway; later joins follow a lost connection, and
        // reload unless the actions' changes missed meanwhile were just caught up.
        if (ok && !first && !caughtUp) onJoinedRef.current?.();
        if (ok) first = false;
      },
    );
  }, [subjectType, subjectId]);
  return live;
}
