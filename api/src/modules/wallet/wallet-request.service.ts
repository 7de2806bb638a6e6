import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { AppDeps } from '../../app-deps';
import type {
  CreateWalletRequest,
  CreatedWalletRequest,
  WalletRequestState,
} from '../../contract/wallet.contract';
import type { WalletRequestRow } from '../../db/schema';
import { AppError, notFound } from '../../http/app-error';
import { enforcePolicy } from '../../http/mount-routes';
import type { AuthUser } from '../session/auth-user';
import { walletActions } from './wallet-actions.registry';
import * as repo from './wallet-request.repo';
import { enforceRate } from '../../http/rate-limit';

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
  user: AuthUser | null,
  input: CreateWalletRequest,
  clientIp: string,
): Promise<CreatedWalletRequest> {
  const action = walletActions[input.action];
  enforcePolicy(action.policy, user, deps);
  const limit = deps.config.WALLET_REQUEST_LIMIT;
  if (limit > 0)
    await enforceRate(deps.redis, { name: 'wallet-request-ip', limit, windowSec: 10 * 60 }, clientIp);
  const prepared = await action.prepare({ deps, user, subjectId: input.subjectId });
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
    statement: prepared.statement ?? null,
    digest: prepared.digest ?? null,
    payload: prepared.payload ?? {},
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
    statement: prepared.statement ?? null,
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
  return {
    id: row.id,
    action: row.action as WalletRequestState['action'],
    status: statusOf(row),
    error: row.errorType ? { type: row.errorType, message: row.errorMessage ?? '' } : null,
    lastRefusal: refusal ? (JSON.parse(refusal) as WalletRequestState['lastRefusal']) : null,
    result: row.result ?? null,
  };
}

/** The outcome, for the browser holding the secret; a one-time result (a session) is handed over once. */
export async function getWalletRequestState(
  deps: AppDeps,
  id: string,
  secret: unknown,
): Promise<WalletRequestState> {
  const row = await repo.findWalletRequest(deps.database.db, id);
  // The same answer for "no such request" and "wrong secret": ids are not an oracle.
  if (!row || !secretMatches(row, secret)) throw notFound('wallet request', 'wallet.request_unknown');
  const state = await stateOf(deps, row);
  const action = walletActions[state.action];
  if (state.status !== 'signed' || !action.collect || row.consumedAt) return state;
  const collected = await deps.database.db.transaction(async (tx) => {
    if (!(await repo.markConsumed(tx, row.id, new Date()))) return null;
    return action.collect!({ db: tx, deps, request: row });
  });
  return collected ? { ...state, result: { ...state.result, ...collected } } : state;
}

async function publishState(deps: AppDeps, row: WalletRequestRow): Promise<void> {
  await deps.events.publish(walletRoom(row.id), 'wallet-request', await stateOf(deps, row));
}

async function recordRefusal(deps: AppDeps, row: WalletRequestRow, err: AppError): Promise<void> {
  await deps.redis.set(
    refusalKey(row.id),
    JSON.stringify({ type: err.type, message: err.message }),
    'EX',
    REFUSAL_TTL_SEC,
  );
  await publishState(deps, row);
}

/**
 * The wallet's reply to the callback URL. Verified against our own record (token, nonce, expiry, signer,
 * signature), then applied with the request claimed in the same transaction. Any refusal changes nothing.
 */
export async function handleWalletCallback(
  deps: AppDeps,
  callbackToken: unknown,
  body: unknown,
): Promise<void> {
  if (typeof callbackToken !== 'string' || !/^[A-Za-z0-9_-]{16,128}$/.test(callbackToken))
    throw notFound('wallet request', 'wallet.request_unknown');
  const db = deps.database.db;
  const row = await repo.findByCallbackToken(db, sha256(callbackToken));
  if (!row) throw notFound('wallet request', 'wallet.request_unknown');
  const status = statusOf(row);
  if (status === 'expired')
    throw new AppError(410, 'wallet.request_expired', 'This request has expired. Please scan a new QR code.');
  if (status !== 'pending')
    throw new AppError(409, 'wallet.request_used', 'This request has already been answered.');
  const action = walletActions[row.action as keyof typeof walletActions];
  try {
    const reply = await gateway(deps).verifyReply(row, body);
    const applied = await db.transaction(async (tx) => {
      const claimed = await repo.claimPending(tx, row.id, new Date());
      if (!claimed) throw new AppError(409, 'wallet.request_used', 'This request has already been answered.');
      const result = await action.apply({ db: tx, deps, request: claimed, reply });
      await repo.recordOutcome(tx, row.id, { signerDid: reply.signerDid, result });
      return { ...claimed, signerDid: reply.signerDid, result };
    });
    await deps.redis.del(refusalKey(row.id));
    await publishState(deps, applied);
  } catch (err) {
    if (err instanceof AppError && err.type !== 'wallet.request_used' && err.status < 500)
      await recordRefusal(deps, row, err);
    throw err;
  }
}
