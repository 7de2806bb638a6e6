import i18next, { type TFunction } from 'i18next';
import { adminMessageType } from '@cr/contract/admin-messages.contract';
import { accountMessageType } from '@cr/contract/account-messages.contract';
import { profileMessageType } from '@cr/contract/profile-messages.contract';
import { taskMessageType } from '@cr/contract/task-messages.contract';
import { elipMessageType } from '@cr/contract/elip-messages.contract';
import { releaseMessageType } from '@cr/contract/release-messages.contract';
import { teamMessageType } from '@cr/contract/team-messages.contract';
import { communityMessageType } from '@cr/contract/community-messages.contract';
import { submissionMessageType } from '@cr/contract/submission-messages.contract';
import { FIELD_REQUIRED_MESSAGE } from '@cr/contract/field-messages.contract';
import { ApiError, NetworkError } from './api-errors';

/** Where a refusal type may be translated, in order: accounts, profiles, teams, wallet requests, shared errors. */
const NAMESPACES = [
  'auth:messages',
  'profile:messages',
  'teams:messages',
  'tasks:messages',
  'admin:messages',
  'communities:messages',
  'campaigns:messages',
  'elips:messages',
  'releases:messages',
  'walletRequest:errors',
];

/** The stable key of a catalog message (account or profile), else null. */
export function catalogKey(message: string): string | null {
  return (
    accountMessageType(message) ??
    profileMessageType(message) ??
    teamMessageType(message) ??
    taskMessageType(message) ??
    adminMessageType(message) ??
    communityMessageType(message) ??
    submissionMessageType(message) ??
    elipMessageType(message) ??
    releaseMessageType(message)
  );
}

/**
 * The reader's words for a refusal type (`account.email_taken`, `did.already_bound`...), or null. `values` fill
 * the words' placeholders (`{{seconds}}` of a refusal for now).
 */
export function typeText(t: TFunction, type: string, values?: Record<string, unknown>): string | null {
  if (type === 'upload.not_image') return t('translation:errors.uploadNotImage');
  if (type === 'server.busy') return t('translation:errors.busy');
  if (type === 'upload.too_large' || type === 'request.too_large')
    return t('translation:errors.uploadTooLarge');
  for (const ns of NAMESPACES) {
    const key = `${ns}.${type}`;
    if (i18next.exists(key)) return values ? t(key, values) : t(key);
  }
  return null;
}

/** A schema or server message translated by its catalog key; unknown English text is shown as it is. */
export function messageText(t: TFunction, message: string): string {
  // A field not sent at all, where its schema has no words of its own (api/src/http/validate.ts).
  if (message === FIELD_REQUIRED_MESSAGE) return t('translation:errors.fieldRequired');
  const key = catalogKey(message);
  return (key && typeText(t, key)) ?? message;
}

/** "40 seconds", "15 minutes": how long a refusal for now lasts, rounded up to whole minutes from a minute on. */
function waitText(t: TFunction, seconds: number): string {
  return seconds < 60
    ? t('auth:messages.waitSeconds', { count: seconds })
    : t('auth:messages.waitMinutes', { count: Math.ceil(seconds / 60) });
}

/** One sentence for any failure of a call (server refusal, network, unexpected). */
export function errorText(t: TFunction, err: unknown): string {
  if (err instanceof NetworkError) return t('auth:messages.network');
  if (err instanceof ApiError) {
    if (err.type === 'validation.failed' && err.fields.length > 0)
      return messageText(t, err.fields[0]!.message);
    // A refusal for now says how long to wait rather than only "too many attempts".
    if (err.type === 'rate_limited' && err.retryAfterSec)
      return t('auth:messages.rate_limited_wait', { wait: waitText(t, err.retryAfterSec) });
    const values = err.retryAfterSec === undefined ? undefined : { seconds: err.retryAfterSec };
    return typeText(t, err.type, values) ?? messageText(t, err.message);
  }
  return t('auth:messages.somethingWrong');
}

/** Field errors of a refusal, translated, for `form.setFields` (server `fields[]` and known field types). */
export function fieldErrors(
  t: TFunction,
  err: unknown,
  fieldOfType: Record<string, string> = {},
): Array<{ name: Array<string | number>; errors: string[] }> {
  if (!(err instanceof ApiError)) return [];
  const out = err.fields
    .filter((f) => f.path)
    .map((f) => ({ name: String(f.path).split('.'), errors: [messageText(t, f.message)] }));
  const field = fieldOfType[err.type];
  if (field && out.length === 0) out.push({ name: field.split('.'), errors: [errorText(t, err)] });
  return out;
}
