import type { AppDeps } from '../../app-deps';
import {
  MAIL_GROUPS,
  unsubscribeTokenSchema,
  type MailPreferences,
  type UnsubscribeInfo,
} from '@cr/contract/mail-preferences.contract';
import { languageSchema } from '@cr/contract/profile.contract';
import type { Db } from '@cr/core/db/db-client';
import { badRequest, notFound } from '@cr/core/errors/app-error';
import type { CommandOutcome } from '../../http/command';
import { enforceRate, type RateRule } from '../../http/rate-limit';
import { mailPreferencesOf, saveMailPreferences, turnMailGroupOff } from '../../mail/mail-preferences.repo';
import { verifyUnsubscribeToken } from '../../mail/unsubscribe-token';
import type { AuthUser } from '../session';

/**
 * E-mail preferences (docs/mail.md): each optional mail group on or off and the mail language, set on the
 * profile page or turned off from a signed unsubscribe link without signing in. The mail worker reads them at
 * send time.
 */

/** The public unsubscribe endpoint, per client address (GET and POST together). */
const UNSUBSCRIBE_PER_ADDRESS: RateRule = { name: 'mail-unsubscribe-ip', limit: 30, windowSec: 10 * 60 };

export const UNSUBSCRIBE_INVALID =
  'This unsubscribe link is not valid. Nothing was changed. Open the link from the e-mail again, or sign in and change your e-mail preferences on your profile page.';

export async function getMailPreferences(deps: AppDeps, user: AuthUser): Promise<MailPreferences> {
  const row = await mailPreferencesOf(deps.database.db, user.id);
  if (!row) throw notFound('account');
  const fromProfile = languageSchema.safeParse(
    (row.profile as { defaultLanguage?: unknown }).defaultLanguage,
  );
  const language = languageSchema.safeParse(row.language);
  const off = new Set(row.off ?? []);
  return {
    language: language.success ? language.data : fromProfile.success ? fromProfile.data : 'en',
    groups: Object.fromEntries(MAIL_GROUPS.map((g) => [g, !off.has(g)])) as MailPreferences['groups'],
  };
}

export async function putMailPreferences(
  tx: Db,
  user: AuthUser,
  input: MailPreferences,
): Promise<CommandOutcome<void>> {
  await saveMailPreferences(tx, user.id, {
    language: input.language,
    off: MAIL_GROUPS.filter((g) => !input.groups[g]),
  });
  return { result: undefined };
}

/** `alice@example.org` → `a•••@example.org`. */
export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

/** The member and group a token names, refused (400, nothing changed) when forged, altered or unknown. */
async function holderOf(deps: Pick<AppDeps, 'redis' | 'config'>, db: Db, clientIp: string, token: string) {
  await enforceRate(deps, UNSUBSCRIBE_PER_ADDRESS, clientIp);
  const invalid = () => badRequest('mail.unsubscribe_invalid', UNSUBSCRIBE_INVALID);
  if (!unsubscribeTokenSchema.safeParse(token).success) throw invalid();
  const named = verifyUnsubscribeToken(deps.config.MAIL_LINK_SECRET, token);
  if (!named) throw invalid();
  const row = await mailPreferencesOf(db, named.userId);
  if (!row) throw invalid();
  return { ...named, row };
}

/** GET: what the link stands for; changes nothing (mail scanners open links). */
export async function unsubscribeInfo(
  deps: AppDeps,
  clientIp: string,
  token: string,
): Promise<UnsubscribeInfo> {
  const { group, row } = await holderOf(deps, deps.database.db, clientIp, token);
  return { group, subscribed: !(row.off ?? []).includes(group), email: maskEmail(row.email) };
}

/** POST (the page's button, or a mail client's RFC 8058 one-click): turns the group off; repeating it is fine. */
export async function unsubscribe(
  tx: Db,
  deps: Pick<AppDeps, 'redis' | 'config'>,
  clientIp: string,
  token: string,
): Promise<CommandOutcome<UnsubscribeInfo>> {
  const { userId, group, row } = await holderOf(deps, tx, clientIp, token);
  await turnMailGroupOff(tx, userId, group);
  return { result: { group, subscribed: false, email: maskEmail(row.email) } };
}
