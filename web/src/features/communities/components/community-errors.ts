import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-errors';
import { errorText } from '../../../lib/api-messages';

/**
 * A failed community action: a refusal the server explained is shown in its words; anything else (network,
 * unexpected) gets the spec's "Error while …" sentence for that action.
 */
export function communityFailure(t: TFunction, err: unknown, fallbackKey: string): string {
  if (err instanceof ApiError && err.status < 500) return errorText(t, err);
  return t(fallbackKey);
}
