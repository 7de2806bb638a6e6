import { z } from 'zod';
import { languageSchema } from './profile.contract';

/**
 * The e-mail a member can turn off, by group (docs/mail.md). Account and security mail (registration code,
 * reset link, password changed) is always sent and is not a group.
 */
export const MAIL_GROUPS = [
  'comments',
  'council',
  'proposal-status',
  'vote-reminders',
  'tracking',
  'messages',
] as const;
export const mailGroupSchema = z.enum(MAIL_GROUPS);
export type MailGroup = z.infer<typeof mailGroupSchema>;

/** GET / PUT /api/user/mail-preferences: every group on or off, and the language mail is written in. */
export const mailPreferencesSchema = z.object({
  /** The language of every e-mail; defaults to the profile's language. */
  language: languageSchema,
  groups: z.object(
    Object.fromEntries(MAIL_GROUPS.map((g) => [g, z.boolean()])) as Record<MailGroup, z.ZodBoolean>,
  ),
});
export type MailPreferences = z.infer<typeof mailPreferencesSchema>;

/** A signed unsubscribe token (user + group, HMAC): letters, digits, `-`, `_` and one `.`. */
export const unsubscribeTokenSchema = z
  .string()
  .min(10)
  .max(300)
  .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, 'malformed token');

/** GET /api/mail/unsubscribe?token= (changes nothing) and POST /api/mail/unsubscribe?token= (turns it off). */
export const unsubscribeQuerySchema = z.object({ token: z.string().max(300) });

/** What an unsubscribe link stands for: the group, whether it is still on, and the masked address. */
export const unsubscribeInfoSchema = z.object({
  group: mailGroupSchema,
  subscribed: z.boolean(),
  /** The account's address, masked (`a•••@example.org`), so the person knows which account it is. */
  email: z.string().nullable(),
});
export type UnsubscribeInfo = z.infer<typeof unsubscribeInfoSchema>;
