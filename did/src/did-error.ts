/**
 * Every failure of the DID/JWT library, with a stable `type` the api maps to an HTTP answer.
 * Verification failures are 4xx material (the reply is refused); `did.resolver_unavailable` is a 503.
 */
export type DidErrorType =
  | 'did.jwt_malformed'
  | 'did.jwt_alg_refused'
  | 'did.jwt_signature_invalid'
  | 'did.unresolvable'
  | 'did.deactivated'
  | 'did.resolver_unavailable'
  | 'did.signer_mismatch'
  | 'did.audience_mismatch'
  | 'did.nonce_mismatch'
  | 'did.realm_mismatch'
  | 'did.expired'
  | 'did.presentation_invalid'
  | 'did.signature_invalid'
  | 'did.extra_mismatch'
  | 'did.request_echo_invalid'
  | 'did.intent_invalid'
  | 'did.request_invalid'
  | 'did.publish_failed'
  | 'did.wallet_not_found'
  | 'did.wallet_exists'
  | 'did.callback_failed'
  | 'did.chain_failed';

export class DidError extends Error {
  override readonly name = 'DidError';

  constructor(
    readonly type: DidErrorType,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** True when `err` is a DidError, optionally of the given type. */
export function isDidError(err: unknown, type?: DidErrorType): err is DidError {
  return err instanceof DidError && (type === undefined || err.type === type);
}
