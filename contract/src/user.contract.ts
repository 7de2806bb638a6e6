import { z } from 'zod';
import { ROLES } from './roles.contract';

export { ROLES_IN_ORDER } from './roles.contract';
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

export const genderSchema = z.enum(['male', 'female', 'other']);

export const profileSchema = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  gender: genderSchema.nullable(),
  avatar: z.string().nullable(),
  country: z.string().nullable(),
});

/** The bound DID of an account (the DID is proven by a wallet signature, never typed in). */
export const boundDidSchema = z.object({ id: z.string(), boundAt: z.string() });

/** GET /api/user/current_user — exactly the fields of spec §7, for the signed-in user. */
export const currentUserSchema = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string().nullable(),
  did: boundDidSchema.nullable(),
  role: roleSchema,
  profile: profileSchema,
  circles: z.array(z.object({ _id: z.string(), name: z.string() })),
  subscribers: z.array(z.object({ _id: z.string(), username: z.string() })),
  createdAt: z.string(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** Member search (the @mention box): at least this many characters, at most this many members back. */
export const MEMBER_SEARCH_MIN_CHARS = 2;
export const MEMBER_SEARCH_MAX_RESULTS = 8;

/** GET /api/user/search?q= — signed-in members find others by username or name as they type. */
export const memberSearchQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .min(MEMBER_SEARCH_MIN_CHARS, `Type at least ${MEMBER_SEARCH_MIN_CHARS} characters.`)
    .max(50, 'The search is too long.'),
});
export type MemberSearchQuery = z.infer<typeof memberSearchQuerySchema>;

/** One member found: what a mention needs and nothing more (never the e-mail). */
export const memberHitSchema = z.object({
  _id: z.string(),
  username: z.string(),
  /** The display name ("Ada Chen", "陈嘉怡"), or the username when no name is given. */
  name: z.string(),
  avatar: z.string().nullable(),
});
export type MemberHit = z.infer<typeof memberHitSchema>;
export const memberSearchResultSchema = z.object({ list: z.array(memberHitSchema) });
export type MemberSearchResult = z.infer<typeof memberSearchResultSchema>;
