import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { WalletActionName, WalletActionParams } from '@cr/contract/wallet.contract';
import type { Db } from '@cr/core/db/db-client';
import type { WalletRequestRow } from '@cr/core/db/schema';
import type { AfterCommit } from '@cr/core/effects/after-commit';
import type { Policy } from '../../http/route';
import type { AuthUser } from '../session';
import {
  type WalletIntent,
  type PreparedWalletRequest,
  type WalletRequest,
  type ReplyFor,
} from './wallet-request-shapes';

// The request and reply shapes, for the actions that import them from here.
export {
  type WalletIntent,
  type WalletTransaction,
  type PreparedWalletRequest,
  type WalletRequest,
  asWalletRequest,
  type VerifiedReply,
  type ReplyFor,
  transactionMissing,
  replyFor,
  requestedTransaction,
} from './wallet-request-shapes';

/**
 * What `apply()` hands back: the result the browser may read, and the effects on the world outside the database
 * (chain jobs, live events, cache renewals, e-mail) that the mechanism runs only once the transaction committed.
 */
export type ActionOutcome<Result extends Record<string, unknown> = Record<string, unknown>> = AfterCommit & {
  result: Result;
};

/**
 * One kind of signed action (snapshot-sequencer style: prepare, verify, apply). The mechanism validates `params`
 * with the action's schema, verifies the wallet's reply cryptographically against the stored request, runs
 * `apply()` inside the transaction that marks the request signed, commits, and then runs the outcome's effects.
 * `apply()` only reads and writes through `tx`: it never publishes, enqueues or mails by itself.
 */
export interface WalletAction<
  A extends WalletActionName = WalletActionName,
  P extends Record<string, unknown> = Record<string, unknown>,
  I extends WalletIntent = WalletIntent,
> {
  name: A;
  /** What the wallet is asked to do; `prepare()` asks exactly that, and `apply()` gets that intent's reply. */
  intent: I;
  /** Who may create such a request. */
  policy: Policy;
  /** The body's `params` (also the contract's, so the page, the route and the action share one schema). */
  params: z.ZodType<WalletActionParams[A]>;
  /**
   * The schema of what `prepare()` stores with the request for `apply()`: the mechanism parses it when the request
   * is created and again, from the stored row, before `apply()` (which receives it typed, never cast).
   */
  payload: z.ZodType<P>;
  prepare(ctx: {
    deps: AppDeps;
    user: AuthUser | null;
    params: WalletActionParams[A];
  }): Promise<PreparedWalletRequest & { intent: I; payload?: P }>;
  /** Domain rules on a verified reply (throw AppError to refuse, which rolls everything back), then the change. */
  apply(ctx: {
    tx: Db;
    deps: AppDeps;
    request: WalletRequest;
    reply: ReplyFor<I>;
    /** The stored payload, parsed by `payload`. */
    payload: P;
  }): Promise<ActionOutcome>;
  /** A one-time result collected by the browser holding the secret (e.g. a session token), once. */
  collect?(ctx: { tx: Db; deps: AppDeps; request: WalletRequestRow }): Promise<Record<string, unknown>>;
}

/** Declares an action with its types checked against its name's params. */
export const defineWalletAction = <
  A extends WalletActionName,
  P extends Record<string, unknown> = Record<string, unknown>,
  I extends WalletIntent = WalletIntent,
>(
  action: WalletAction<A, P, I>,
): WalletAction<A, P, I> => action;

/**
 * Every wallet action, by name: the one map the mechanism dispatches on. Each action lives in its area's module;
 * the map is put together above the modules (api/src/wallet-actions.ts) and handed to the wallet routes.
 */
export type WalletActions = { [A in WalletActionName]: WalletAction<A> };

/** The payload of an action that stores none. */
export const noPayload = z.strictObject({});

/** The stored payload as the action's schema reads it; a row that does not fit (never written by us) is refused. */
export function storedPayload<P extends Record<string, unknown>>(
  action: Pick<WalletAction<WalletActionName, P>, 'name' | 'payload'>,
  payload: Record<string, unknown>,
): P {
  const parsed = action.payload.safeParse(payload);
  if (!parsed.success)
    throw new Error(
      `the stored payload of a ${action.name} request does not fit its schema: ${parsed.error.message}`,
    );
  return parsed.data;
}
