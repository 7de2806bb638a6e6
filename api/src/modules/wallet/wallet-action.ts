import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import type { WalletActionName, WalletActionParams } from '@cr/contract/wallet.contract';
import type { Db } from '../../db/db-client';
import type { WalletRequestRow } from '../../db/schema';
import type { AfterCommit } from '../../effects/after-commit';
import { AppError } from '../../http/app-error';
import type { Policy } from '../../http/route';
import type { AuthUser } from '../session';
import type { VerifiedTransaction } from './wallet-transaction';

export type WalletIntent = 'credaccess' | 'didsign' | 'signdigest' | 'esctransaction';

/** The EVM call an `esctransaction` request asks the member's own wallet to send. */
export interface WalletTransaction {
  chainId: number;
  call: { from?: string; to: string; data: string; value: string };
}

interface PreparedCommon {
  subjectType?: string;
  subjectId?: string;
  /** Action-specific data fixed at creation, read back by `apply()`. */
  payload?: Record<string, unknown>;
  /** Time to answer; default 5 minutes (capped by WALLET_REQUEST_TTL_SEC). */
  ttlMs?: number;
}

/** What an action fixes when the request is created: one shape per intent. */
export type PreparedWalletRequest =
  /** Sign in or bind: any DID may answer (the reply names it); nothing is signed but the presentation. */
  | (PreparedCommon & { intent: 'credaccess'; expectedSigner: null })
  /**
   * The member reads `statement` (ending with its digest) and signs SHA-256 of it, with the DID set in their
   * wallet; `expectedSigner` null when the statement is how a DID proves itself (binding it to an account).
   */
  | (PreparedCommon & { intent: 'didsign'; expectedSigner: string | null; statement: string; digest: string })
  /** The member signs a bare 64-hex digest. */
  | (PreparedCommon & { intent: 'signdigest'; expectedSigner: string; digest: string })
  /** The member's wallet sends `transaction` itself and answers with its hash. */
  | (PreparedCommon & { intent: 'esctransaction'; expectedSigner: null; transaction: WalletTransaction });

/** A stored request, narrowed on its intent (see {@link asWalletRequest}). */
export type WalletRequest =
  | (WalletRequestRow & { intent: 'credaccess' })
  | (WalletRequestRow & { intent: 'didsign'; statement: string; digest: string })
  | (WalletRequestRow & { intent: 'signdigest'; expectedSigner: string; digest: string })
  | (WalletRequestRow & { intent: 'esctransaction' });

/** Narrows a stored row to its intent's shape; a row that does not fit (never written by us) is refused. */
export function asWalletRequest(row: WalletRequestRow): WalletRequest {
  switch (row.intent) {
    case 'credaccess':
    case 'esctransaction':
      return row as WalletRequest;
    case 'didsign':
      if (row.statement && row.digest) return row as WalletRequest;
      break;
    case 'signdigest':
      if (row.expectedSigner && row.digest) return row as WalletRequest;
      break;
  }
  throw new Error(`wallet request ${row.id} does not fit its intent ${row.intent}`);
}

/** A reply that passed every cryptographic check: who signed and what. */
export interface VerifiedReply {
  signerDid: string;
  /** Raw P-256 r‖s as 128 hex characters (didsign / signdigest). */
  signatureHex?: string;
  /** The signer's public key as the DID document states it (base58). */
  publicKeyBase58?: string;
  /** credaccess: what the member chose to share. */
  shared?: { name?: string; email?: string };
  /** esctransaction: the transaction hash. */
  txHash?: string;
  /**
   * esctransaction: the transaction as the chain shows it, already checked against the request (chain id, sender,
   * destination, calldata, value; wallet-transaction.ts). `apply()` only runs for one that did not revert.
   */
  transaction?: VerifiedTransaction;
}

/**
 * The reply as `apply()` receives it for its action's intent: what that intent answers with is there, checked once
 * by the mechanism (`replyFor`), so no action checks it again.
 */
export type ReplyFor<I extends WalletIntent> = I extends 'didsign' | 'signdigest'
  ? VerifiedReply & { signatureHex: string; publicKeyBase58: string }
  : I extends 'esctransaction'
    ? VerifiedReply & { txHash: string; transaction: VerifiedTransaction }
    : VerifiedReply;

/** An `esctransaction` reply that names no transaction (the mechanism refuses it before looking it up). */
export const transactionMissing = () =>
  new AppError(400, 'wallet.transaction_missing', 'The wallet did not report a transaction.');

/** Narrows a verified reply to its intent's shape, or refuses it (nothing is applied). */
export function replyFor<I extends WalletIntent>(intent: I, reply: VerifiedReply): ReplyFor<I> {
  if (intent === 'didsign' || intent === 'signdigest') {
    if (!reply.signatureHex || !reply.publicKeyBase58)
      throw new AppError(400, 'did.signature_invalid', 'The reply carries no signature.');
  } else if (intent === 'esctransaction') {
    if (!reply.txHash || !reply.transaction) throw transactionMissing();
  }
  return reply as ReplyFor<I>;
}

/** The transaction an `esctransaction` request asked for, as stored when it was created. */
export function requestedTransaction(request: WalletRequestRow): WalletTransaction {
  const t = (request.payload as { transaction?: WalletTransaction }).transaction;
  if (request.intent !== 'esctransaction' || !t?.call)
    throw new Error(`wallet request ${request.id} holds no transaction`);
  return t;
}

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
