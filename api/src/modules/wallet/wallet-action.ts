import type { AppDeps } from '../../app-deps';
import type { WalletActionName } from '../../contract/wallet.contract';
import type { Db } from '../../db/db-client';
import type { WalletRequestRow } from '../../db/schema';
import type { Policy } from '../../http/route';
import type { AuthUser } from '../session/auth-user';

export type WalletIntent = 'credaccess' | 'didsign' | 'signdigest' | 'esctransaction';

/** What an action fixes when the request is created. */
export interface PreparedWalletRequest {
  intent: WalletIntent;
  /** The DID that must sign (null when any DID may answer, e.g. sign-in). */
  expectedSigner: string | null;
  /** didsign: the readable statement (ends with the digest). */
  statement?: string;
  /** 64-hex digest: what signdigest signs, and what a didsign statement ends with. */
  digest?: string;
  subjectType?: string;
  subjectId?: string;
  payload?: Record<string, unknown>;
  /** Time to answer; default 5 minutes. */
  ttlMs?: number;
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
}

/**
 * One kind of signed action (snapshot-sequencer style: verify, then apply). The mechanism verifies the reply
 * cryptographically against the stored request; the action applies its domain effect inside the same
 * database transaction that marks the request signed, and returns the result the browser may read.
 */
export interface WalletAction {
  name: WalletActionName;
  /** Who may create such a request. */
  policy: Policy;
  prepare(ctx: { deps: AppDeps; user: AuthUser | null; subjectId?: string }): Promise<PreparedWalletRequest>;
  /** Domain rules on a verified reply (throw AppError to refuse), then the effect. Runs in the transaction. */
  apply(ctx: {
    db: Db;
    deps: AppDeps;
    request: WalletRequestRow;
    reply: VerifiedReply;
  }): Promise<Record<string, unknown>>;
  /** A one-time result collected by the browser holding the secret (e.g. a session token), once. */
  collect?(ctx: { db: Db; deps: AppDeps; request: WalletRequestRow }): Promise<Record<string, unknown>>;
}
