import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { AppDeps } from '../../app-deps';
import type {
  CreateWalletRequest,
  CreatedWalletRequest,
  WalletActionName,
  WalletRequestState,
} from '@cr/contract/wallet.contract';
import { runAfterCommit } from '@cr/core/effects/after-commit';
import type { RoomEvent } from '@cr/core/realtime/event-bus';
import type { WalletRequestRow } from '@cr/core/db/schema';
import { AppError, notFound } from '@cr/core/errors/app-error';
import { enforcePolicy } from '../../http/mount-routes';
import type { AuthUser } from '../session';
import {
  asWalletRequest,
  replyFor,
  requestedTransaction,
  storedPayload,
  transactionMissing,
  type VerifiedReply,
  type WalletAction,
  type WalletActions,
  type WalletRequest,
} from './wallet-action';
import * as repo from './wallet-request.repo';
import { enforceRate } from '../../http/rate-limit';
import { transactionUsed, verifyWalletTransaction } from './wallet-transaction';

const sha256 = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');
const token = (bytes: number) => randomBytes(bytes).toString('base64url');
const DEFAULT_TTL_MS = 5 * 60 * 1000;
/** A refused reply stays visible to the browser this long (the request itself stays open). */
const REFUSAL_TTL_SEC = 15 * 60;

export const walletRoom = (id: string) => `wallet-request:${id}`;
const refusalKey = (id: string) => `cr:wallet-request:${id}:refusal`;

function gateway(deps: AppDeps) {
  if (!deps.did)
    throw new AppError(503, 'wallet.unavailable', 'DID sign-in is not configured on this server.');
  return deps.did;
}

/**
 * Stores a request for a wallet action and returns the QR text plus the secret only this browser holds. Anyone may
 * ask (sign-in needs no session), so requests are counted per client address: WALLET_REQUEST_LIMIT per 10 minutes.
 */
export async function createWalletRequest(
  deps: AppDeps,
  actions: WalletActions,
  user: AuthUser | null,
  input: CreateWalletRequest,
  clientIp: string,
): Promise<CreatedWalletRequest> {
  const action = actions[input.action] as WalletAction;
  enforcePolicy(action.policy, user, deps);
  const limit = deps.config.WALLET_REQUEST_LIMIT;
  if (limit > 0) await enforceRate(deps, { name: 'wallet-request-ip', limit, windowSec: 10 * 60 }, clientIp);
  // The route validated the body against the contract's union; the action's own schema is the same one.
  const prepared = await action.prepare({ deps, user, params: action.params.parse(input.params) });
  // What apply() will read back fits its schema now, not only when the wallet answers.
  const payload = storedPayload(action, prepared.payload ?? {});
  const ttlMs = Math.min(prepared.ttlMs ?? DEFAULT_TTL_MS, deps.config.WALLET_REQUEST_TTL_SEC * 1000);
  const id = randomUUID();
  const secret = token(32);
  const callbackToken = token(32);
  const nonce = token(24);
  const url = await gateway(deps).buildUrl(prepared, {
    requestId: id,
    nonce,
    callbackToken,
    expiresInSec: Math.ceil(ttlMs / 1000),
  });
  const row = await repo.insertWalletRequest(deps.database.db, {
    id,
    action: action.name,
    intent: prepared.intent,
    requesterId: user?.id ?? null,
    subjectType: prepared.subjectType ?? null,
    subjectId: prepared.subjectId ?? null,
    expectedSigner: prepared.expectedSigner,
    statement: 'statement' in prepared ? prepared.statement : null,
    digest: 'digest' in prepared ? prepared.digest : null,
    payload:
      prepared.intent === 'esctransaction' ? { ...payload, transaction: prepared.transaction } : payload,
    secretHash: sha256(secret),
    callbackTokenHash: sha256(callbackToken),
    nonce,
    expiresAt: new Date(Date.now() + ttlMs),
  });
  return {
    id,
    url,
    intent: prepared.intent,
    expiresAt: row.expiresAt.toISOString(),
    secret,
    statement: 'statement' in prepared ? prepared.statement : null,
  };
}

/** True when `secret` is the one issued with the request (constant-time). */
export function secretMatches(row: WalletRequestRow, secret: unknown): boolean {
  if (typeof secret !== 'string' || secret.length > 100) return false;
  return timingSafeEqual(Buffer.from(sha256(secret), 'hex'), Buffer.from(row.secretHash, 'hex'));
}

function statusOf(row: WalletRequestRow, now = new Date()): WalletRequestState['status'] {
  if (row.status === 'pending' && row.expiresAt <= now) return 'expired';
  return row.status;
}

async function stateOf(deps: AppDeps, row: WalletRequestRow): Promise<WalletRequestState> {
  const refusal = row.status === 'pending' ? await deps.redis.get(refusalKey(row.id)) : null;
  // A failed request (its transaction reverted) keeps why in the row, shown like a refusal but final.
  const failure =
    row.status === 'failed' ? { type: row.errorType ?? 'unknown', message: row.errorMessage ?? '' } : null;
  return {
    id: row.id,
    action: row.action as WalletRequestState['action'],
    status: statusOf(row),
    lastRefusal: failure ?? (refusal ? (JSON.parse(refusal) as WalletRequestState['lastRefusal']) : null),
    result: row.result ?? null,
  };
}

/** The outcome, for the browser holding the secret; a one-time result (a session) is handed over once. */
export async function getWalletRequestState(
  deps: AppDeps,
  actions: WalletActions,
  id: string,
  secret: unknown,
): Promise<WalletRequestState> {
  const row = await repo.findWalletRequest(deps.database.db, id);
  // The same answer for "no such request" and "wrong secret": ids are not an oracle.
  if (!row || !secretMatches(row, secret)) throw notFound('wallet request', 'wallet.request_unknown');
  const state = await stateOf(deps, row);
  const action = actions[state.action];
  if (state.status !== 'signed' || !action.collect || row.consumedAt) return state;
  const collected = await deps.database.db.transaction(async (tx) => {
    if (!(await repo.markConsumed(tx, row.id, new Date()))) return null;
    return action.collect!({ tx, deps, request: row });
  });
  return collected ? { ...state, result: { ...state.result, ...collected } } : state;
}

async function stateEvent(deps: AppDeps, row: WalletRequestRow): Promise<RoomEvent> {
  return { room: walletRoom(row.id), event: 'wallet-request', payload: await stateOf(deps, row) };
}

async function recordRefusal(deps: AppDeps, row: WalletRequestRow, err: AppError): Promise<void> {
  await deps.redis.set(
    refusalKey(row.id),
    JSON.stringify({ type: err.type, message: err.message }),
    'EX',
    REFUSAL_TTL_SEC,
  );
  await runAfterCommit(deps, { events: [await stateEvent(deps, row)] });
}

/**
 * An `esctransaction` reply names a hash, unsigned: before it may claim the request, the transaction must be one no
 * other request was answered with, and on chain exactly as asked (wallet-transaction.ts). Refusals leave the
 * request pending, so the member's real wallet can still answer.
 */
async function withTransaction(
  deps: AppDeps,
  request: WalletRequest,
  reply: VerifiedReply,
): Promise<VerifiedReply> {
  if (request.intent !== 'esctransaction') return reply;
  if (!reply.txHash) throw transactionMissing();
  if (await repo.findByTxHash(deps.database.db, reply.txHash)) throw transactionUsed();
  const transaction = await verifyWalletTransaction(deps, requestedTransaction(request), reply.txHash);
  return { ...reply, txHash: transaction.hash, transaction };
}

const alreadyAnswered = () =>
  new AppError(409, 'wallet.request_used', 'This request has already been answered.');
const requestExpired = () =>
  new AppError(410, 'wallet.request_expired', 'This request has expired. Please scan a new QR code.');
/** Why a claim found nothing to claim: it expired meanwhile (e.g. while its transaction was awaited), or was answered. */
const notClaimable = (row: WalletRequestRow) =>
  row.expiresAt <= new Date() ? requestExpired() : alreadyAnswered();

/**
 * A genuine transaction that reverted: the request is answered (`failed`, with the revert reason) and nothing is
 * applied; the wallet hears 422 `wallet.transaction_reverted`.
 */
async function recordReverted(deps: AppDeps, row: WalletRequestRow, reply: VerifiedReply): Promise<never> {
  const { hash, revertReason, blockNumber } = reply.transaction!;
  const failure = new AppError(
    422,
    'wallet.transaction_reverted',
    `The transaction ${hash} failed on chain in block ${blockNumber}: ${revertReason}. Nothing was changed.`,
  );
  const failed = await repo
    .claimPending(deps.database.db, row.id, new Date(), 'failed', {
      txHash: hash,
      errorType: failure.type,
      errorMessage: failure.message,
    })
    .catch((err: unknown) => {
      throw repo.isTxHashTaken(err) ? transactionUsed() : err;
    });
  if (!failed) throw notClaimable(row);
  await runAfterCommit(deps, { events: [await stateEvent(deps, failed)] });
  throw failure;
}

/**
 * The wallet's reply to the callback URL. Verified against our own record (token, nonce, expiry, signer,
 * signature; for a transaction, the chain), then applied with the request claimed in the same transaction. Any
 * refusal changes nothing.
 */
export async function handleWalletCallback(
  deps: AppDeps,
  actions: WalletActions,
  callbackToken: unknown,
  body: unknown,
): Promise<void> {
  if (typeof callbackToken !== 'string' || !/^[A-Za-z0-9_-]{16,128}$/.test(callbackToken))
    throw notFound('wallet request', 'wallet.request_unknown');
  const db = deps.database.db;
  const row = await repo.findByCallbackToken(db, sha256(callbackToken));
  if (!row) throw notFound('wallet request', 'wallet.request_unknown');
  const status = statusOf(row);
  if (status === 'expired') throw requestExpired();
  if (status !== 'pending') throw alreadyAnswered();
  const action = actions[row.action as WalletActionName] as WalletAction;
  try {
    const request = asWalletRequest(row);
    const reply = await withTransaction(deps, request, await gateway(deps).verifyReply(request, body));
    if (reply.transaction?.revertReason !== undefined) return await recordReverted(deps, row, reply);
    if (request.intent !== action.intent)
      throw new Error(
        `wallet request ${row.id} is ${request.intent}; its action ${action.name} asks ${action.intent}`,
      );
    const answered = replyFor(action.intent, reply);
    const outcome = await db
      .transaction(async (tx) => {
        const claimed = await repo.claimPending(tx, row.id, new Date(), 'signed', { txHash: reply.txHash });
        if (!claimed) throw notClaimable(row);
        const applied = await action.apply({
          tx,
          deps,
          request: asWalletRequest(claimed),
          reply: answered,
          payload: storedPayload(action, claimed.payload),
        });
        await repo.recordOutcome(tx, row.id, { signerDid: reply.signerDid, result: applied.result });
        return { ...applied, row: { ...claimed, signerDid: reply.signerDid, result: applied.result } };
      })
      .catch((err: unknown) => {
        // Another request claimed the same transaction between our check and this commit.
        throw reply.txHash && repo.isTxHashTaken(err) ? transactionUsed() : err;
      });
    // Committed: the domain's effects first (chain jobs, caches, its pages' events), then the QR dialog hears.
    await runAfterCommit(deps, outcome).catch((err: unknown) =>
      // The signature was applied: the wallet is answered 200 whatever happened to a notice e-mail.
      deps.logger.error({ err, requestId: row.id }, 'a signed action’s e-mail was not queued'),
    );
    await deps.redis
      .del(refusalKey(row.id))
      .catch((err: unknown) =>
        deps.logger.warn({ err, requestId: row.id }, 'a stale refusal note was not cleared'),
      );
    await runAfterCommit(deps, { events: [await stateEvent(deps, outcome.row)] });
  } catch (err) {
    const final = ['wallet.request_used', 'wallet.request_expired', 'wallet.transaction_reverted'];
    if (err instanceof AppError && !final.includes(err.type) && err.status < 500)
      await recordRefusal(deps, row, err);
    throw err;
  }
}
