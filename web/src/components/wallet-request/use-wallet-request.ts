import { useCallback, useEffect, useRef, useState } from 'react';
import { io, type Socket } from 'socket.io-client';
import {
  createdWalletRequestSchema,
  walletRequestStateSchema,
  type CreatedWalletRequest,
  type WalletActionName,
  type WalletRequestInput,
  type WalletRequestState,
} from '@cr/contract/wallet.contract';
import { api, apiRequest } from '../../lib/api-client';

/** How often the browser asks for the state while the live channel (socket.io) is not subscribed. */
export const WALLET_POLL_MS = 3000;

export interface UseWalletRequestOptions {
  /** The action and its params (what it is about), sent as the body of POST /api/wallet/requests. */
  input: WalletRequestInput;
  /**
   * Called once with the final signed state (for sign-in it carries the session token, handed over once) and
   * the request itself (its `secret` proves this browser asked, e.g. for registering the signing DID).
   */
  onSigned?: (state: WalletRequestState, request: CreatedWalletRequest) => void;
}

export interface UseWalletRequest {
  /** The request this browser asked for: the QR text (`url`), expiry, statement. Null before `start()`. */
  request: CreatedWalletRequest | null;
  /** The latest known state; `status` is `expired` as soon as the local clock passes `expiresAt`. */
  state: WalletRequestState | null;
  /** Why the request could not be created or read (an ApiError / NetworkError), else null. */
  error: unknown;
  /** True while the request is being created. */
  creating: boolean;
  /** True while the live channel is subscribed (else the state is polled). */
  live: boolean;
  /** Milliseconds until expiry (0 when expired), updated every second while pending. */
  msLeft: number;
  /** Asks for a new request (a fresh QR); any previous one is dropped. */
  start(): Promise<void>;
  /** Drops the request and stops listening. */
  reset(): void;
}

function pendingState(req: CreatedWalletRequest, action: WalletActionName): WalletRequestState {
  return { id: req.id, action, status: 'pending', lastRefusal: null, result: null };
}

/** Shared socket for the tab: one connection, rooms per request. Same origin, path /socket.io. */
let sharedSocket: Socket | null = null;
function socket(): Socket {
  sharedSocket ??= io({ path: '/socket.io', transports: ['websocket', 'polling'], autoConnect: true });
  return sharedSocket;
}

/**
 * One wallet request (spec: architecture §3, step 3): creates it, follows its state through the socket.io room
 * `wallet-request:<id>` (joined with the secret only this browser holds), polls `GET /api/wallet/requests/:id`
 * every 3 s only while the room is not joined, and stops everything when the request ends, is reset or the
 * component unmounts. A signed state is always read once through GET, which hands over one-time results.
 */
export function useWalletRequest({ input, onSigned }: UseWalletRequestOptions): UseWalletRequest {
  const action: WalletActionName = input.action;
  // A new request only when what is asked changes, not when the caller builds an equal object again.
  const inputKey = JSON.stringify(input);
  const [request, setRequest] = useState<CreatedWalletRequest | null>(null);
  const [state, setState] = useState<WalletRequestState | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [creating, setCreating] = useState(false);
  const [live, setLive] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const generation = useRef(0);
  const onSignedRef = useRef(onSigned);
  onSignedRef.current = onSigned;
  const inputRef = useRef(input);
  inputRef.current = input;

  const reset = useCallback(() => {
    generation.current += 1;
    setRequest(null);
    setState(null);
    setError(null);
    setCreating(false);
    setLive(false);
  }, []);

  const start = useCallback(async () => {
    const gen = ++generation.current;
    setRequest(null);
    setState(null);
    setError(null);
    setLive(false);
    setCreating(true);
    try {
      const created = await api.post('/api/wallet/requests', inputRef.current, {
        schema: createdWalletRequestSchema,
      });
      if (gen !== generation.current) return;
      setNow(Date.now());
      setRequest(created);
      setState(pendingState(created, action));
    } catch (err) {
      if (gen === generation.current) setError(err);
    } finally {
      if (gen === generation.current) setCreating(false);
    }
    // inputKey stands for the input's content (inputRef holds the object itself).
  }, [action, inputKey]);

  // Following one request: socket room, fallback polling, expiry clock. Everything stops with the effect.
  useEffect(() => {
    if (!request) return;
    const gen = generation.current;
    const expiresAt = Date.parse(request.expiresAt);
    let done = false;
    let subscribed = false;
    let inFlight: Promise<void> | null = null;
    let pollTimer: ReturnType<typeof setTimeout> | null = null;
    const alive = () => !done && gen === generation.current;

    const finish = (next: WalletRequestState) => {
      done = true;
      setState(next);
      setLive(false);
      if (next.status === 'signed') onSignedRef.current?.(next, request);
    };

    const apply = (next: WalletRequestState) => {
      if (!alive() || next.id !== request.id) return;
      // Final without a result: expired, or failed (the wallet's transaction reverted on chain).
      if (next.status === 'expired' || next.status === 'failed') return finish(next);
      setState(next);
    };

    // GET with the secret; the first signed answer carries one-time results (a session token) and ends the request.
    const fetchState = (): Promise<void> => {
      inFlight ??= apiRequest(`/api/wallet/requests/${encodeURIComponent(request.id)}`, {
        schema: walletRequestStateSchema,
        headers: { 'x-wallet-secret': request.secret },
      })
        .then((next) => {
          if (!alive()) return;
          if (next.status === 'signed') finish(next);
          else apply(next);
        })
        .catch((err: unknown) => {
          if (alive()) setError(err);
        })
        .finally(() => {
          inFlight = null;
        });
      return inFlight;
    };

    const schedulePoll = () => {
      if (pollTimer) clearTimeout(pollTimer);
      pollTimer = setTimeout(async () => {
        pollTimer = null;
        if (!alive()) return;
        if (!subscribed) await fetchState();
        if (alive()) schedulePoll();
      }, WALLET_POLL_MS);
    };

    const room = `wallet-request:${request.id}`;
    const s = socket();
    const onEvent = (payload: unknown) => {
      const parsed = walletRequestStateSchema.safeParse(payload);
      if (!parsed.success || !alive() || parsed.data.id !== request.id) return;
      if (parsed.data.status === 'signed') void fetchState();
      else apply(parsed.data);
    };
    const subscribe = () => {
      s.emit('subscribe', room, request.secret, (ack: { ok?: boolean } | undefined) => {
        if (!alive()) return;
        subscribed = !!ack?.ok;
        setLive(subscribed);
        // Anything that happened before the room was joined is read once.
        if (subscribed) void fetchState();
      });
    };
    const onDisconnect = () => {
      subscribed = false;
      if (alive()) setLive(false);
    };
    s.on('wallet-request', onEvent);
    s.on('connect', subscribe);
    s.on('disconnect', onDisconnect);
    if (s.connected) subscribe();
    else s.connect();
    schedulePoll();

    const clock = setInterval(() => {
      if (!alive()) return;
      const t = Date.now();
      setNow(t);
      if (t >= expiresAt) finish({ ...pendingState(request, action), status: 'expired' });
    }, 1000);

    return () => {
      done = true;
      clearInterval(clock);
      if (pollTimer) clearTimeout(pollTimer);
      s.off('wallet-request', onEvent);
      s.off('connect', subscribe);
      s.off('disconnect', onDisconnect);
      s.emit('unsubscribe', room);
    };
  }, [request, action]);

  // Unmount: nothing may land in a dead component.
  useEffect(
    () => () => {
      generation.current += 1;
    },
    [],
  );

  const msLeft = request ? Math.max(0, Date.parse(request.expiresAt) - now) : 0;
  return { request, state, error, creating, live, msLeft, start, reset };
}
