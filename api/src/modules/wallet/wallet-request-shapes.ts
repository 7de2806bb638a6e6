import type { WalletRequestRow } from '@cr/core/db/schema';
import { AppError } from '@cr/core/errors/app-error';

// The shapes of a wallet request and of its verified reply, per intent, and their narrowing: what the DID gateway,
// the transaction check and the action mechanism (wallet-action.ts) share. Nothing here reaches the app's deps.

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
 * What an `esctransaction` reply is believed to be once the chain shows it: the transaction the request asked for,
 * sent by `from` (the address the request named, or — when it named none — whichever the member's wallet used).
 */
export interface VerifiedTransaction {
  hash: string;
  /** The sender, in its EIP-55 form. */
  from: string;
  /** The block it was mined in; null when the node knows it but has not mined it yet (the worker follows it). */
  blockNumber: number | null;
  /** Set when it was mined and reverted: the decoded reason. Nothing happened on chain. */
  revertReason?: string;
}
