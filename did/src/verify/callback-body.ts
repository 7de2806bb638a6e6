import { DidError } from '../did-error';
import { isPlainObject } from '../encoding';

/** What Essentials POSTs to a callbackurl (essentials-intents.md §1.3). */
export type CallbackBody = { kind: 'jwt'; jwt: string } | { kind: 'result'; result: Record<string, unknown> };

/**
 * Reads a callback body: `{ "jwt": "<JWT>" }` for DID intents, `{ "result": "<JSON string>" }` for the
 * others and for a rejection on a DID screen (`{"result":"{}"}`). Nothing in it is trusted yet.
 */
export function parseCallbackBody(body: unknown): CallbackBody {
  if (!isPlainObject(body)) throw new DidError('did.jwt_malformed', 'callback body is not a JSON object');
  if (typeof body.jwt === 'string') return { kind: 'jwt', jwt: body.jwt };
  if (body.result !== undefined) {
    let result: unknown = body.result;
    if (typeof result === 'string') {
      try {
        result = JSON.parse(result);
      } catch {
        throw new DidError('did.jwt_malformed', 'callback result is not JSON');
      }
    }
    if (!isPlainObject(result)) throw new DidError('did.jwt_malformed', 'callback result is not an object');
    return { kind: 'result', result };
  }
  throw new DidError('did.jwt_malformed', 'callback body has neither jwt nor result');
}

export interface EscTransactionResult {
  status: 'published' | 'cancelled' | 'error';
  /** 0x-prefixed 32-byte hash when published; null otherwise. Unsigned: look it up on chain. */
  txid: string | null;
}

/** Reads an `esctransaction` result (`{published, txid, status}`); `{}` means the member cancelled. */
export function parseEscTransactionResult(result: Record<string, unknown>): EscTransactionResult {
  if (Object.keys(result).length === 0) return { status: 'cancelled', txid: null };
  const { status, txid } = result;
  if (status === 'published') {
    if (typeof txid !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(txid)) {
      throw new DidError('did.jwt_malformed', 'published result without a valid txid');
    }
    return { status, txid: txid.toLowerCase() };
  }
  if (status === 'cancelled' || status === 'error') return { status, txid: null };
  throw new DidError('did.jwt_malformed', 'unknown esctransaction status');
}
