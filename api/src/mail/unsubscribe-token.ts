import { createHmac, timingSafeEqual } from 'node:crypto';
import { mailGroupSchema, type MailGroup } from '@cr/contract/mail-preferences.contract';

/**
 * Unsubscribe tokens (docs/mail.md): `<payload>.<mac>`, payload = base64url("u1:<user id>:<group>"), mac =
 * base64url(HMAC-SHA256(MAIL_LINK_SECRET, payload)). Only the server can make one; a changed user, group or mac is
 * refused. They do not expire: a link in an old message keeps working, and all it can do is turn mail off.
 */
const VERSION = 'u1';

const macOf = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`unsubscribe\n${payload}`, 'utf8').digest('base64url');

export function signUnsubscribeToken(secret: string, userId: string, group: MailGroup): string {
  const payload = Buffer.from(`${VERSION}:${userId}:${group}`, 'utf8').toString('base64url');
  return `${payload}.${macOf(secret, payload)}`;
}

/** The user and group a token names, or null when it is malformed or its signature does not match. */
export function verifyUnsubscribeToken(
  secret: string,
  token: string,
): { userId: string; group: MailGroup } | null {
  const parts = token.split('.');
  if (parts.length !== 2) return null;
  const [payload, mac] = parts as [string, string];
  const expected = Buffer.from(macOf(secret, payload), 'utf8');
  const given = Buffer.from(mac, 'utf8');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const [version, userId, group, ...rest] = Buffer.from(payload, 'base64url').toString('utf8').split(':');
  if (version !== VERSION || rest.length > 0 || !userId || !/^[0-9a-f-]{36}$/.test(userId)) return null;
  const g = mailGroupSchema.safeParse(group);
  return g.success ? { userId, group: g.data } : null;
}

/** Whether a query value is a token this server signed (the unsubscribe page answers 400 otherwise). */
export function unsubscribeTokenHolds(secret: string, token: unknown): boolean {
  return typeof token === 'string' && token.length <= 300 && verifyUnsubscribeToken(secret, token) !== null;
}
