import { isDidError } from '@cr/did/did-error';
import { AppError } from '@cr/core/errors/app-error';

const STATUS: Record<string, number> = {
  'did.resolver_unavailable': 503,
  'did.signer_mismatch': 403,
  'did.expired': 410,
  'did.wallet_exists': 409,
  'did.wallet_not_found': 404,
  'did.callback_failed': 502,
  'did.chain_failed': 502,
};

/** The HTTP answer for an error of the DID library, or null when `err` is not one. */
export function fromDidError(err: unknown): AppError | null {
  if (!isDidError(err)) return null;
  const status = STATUS[err.type] ?? 400;
  const message = status === 503 ? 'The DID resolver is not reachable. Try again.' : err.message;
  return new AppError(status, err.type, message);
}
