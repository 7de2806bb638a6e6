import { z } from 'zod';
import { communityMessages } from './community-messages.contract';
export {
  communityMessages,
  communityMessageType,
  type CommunityMessageType,
} from './community-messages.contract';

/**
 * Communities (spec §3 Community): a COUNTRY community is the root of its country's tree; STATE, CITY, REGION and
 * SCHOOL communities hang below it. One schema per request, used by the web forms and the api routes alike;
 * every refusal has a stable key in `communityMessages` (clients translate by key).
 */
const M = communityMessages;

export const COMMUNITY_TYPES = ['COUNTRY', 'STATE', 'CITY', 'REGION', 'SCHOOL'] as const;
export const communityTypeSchema = z.enum(COMMUNITY_TYPES);
export type CommunityType = z.infer<typeof communityTypeSchema>;
export const SUB_COMMUNITY_TYPES = ['STATE', 'CITY', 'REGION', 'SCHOOL'] as const;
export const COMMUNITY_ROLES = ['MEMBER', 'ORGANIZER'] as const;
export type CommunityRole = (typeof COMMUNITY_ROLES)[number];

const countryCode = z
  .string(M['community.country_invalid'])
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, M['community.country_invalid']);
const name = z.string().trim().min(2, M['community.name_short']).max(80, M['community.too_long']);

export const communityParamsSchema = z.object({ id: z.uuid() });
export const communityUserParamsSchema = z.object({ id: z.uuid(), userId: z.uuid() });

/** GET /api/community?country=XX — the country's whole tree (flat, with parent ids). */
export const communityListQuerySchema = z.object({ country: countryCode });

/** POST /api/community/country — admin: the COUNTRY community of a country (the root of its tree). */
export const countryInputSchema = z.object({ country: countryCode });
export type CountryInput = z.input<typeof countryInputSchema>;

/** POST /api/community — an organizer of the parent (or an admin) adds a sub-community. */
export const subCommunityInputSchema = z.object({
  parentId: z.uuid(),
  type: z.enum(SUB_COMMUNITY_TYPES, M['community.sub_type_invalid']),
  name,
});
export type SubCommunityInput = z.input<typeof subCommunityInputSchema>;

/** PUT /api/community/:id — an organizer of it or above (or an admin) renames it. */
export const communityEditSchema = z.object({ name });
export type CommunityEditInput = z.input<typeof communityEditSchema>;

/** POST /api/community/:id/organizers — add an organizer by user id (from the member search). */
export const organizerInputSchema = z.object({ userId: z.uuid(M['community.user_not_found']) });
export type OrganizerInput = z.input<typeof organizerInputSchema>;

export const communityPersonSchema = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
});
export type CommunityPerson = z.infer<typeof communityPersonSchema>;

export const communitySchema = z.object({
  _id: z.string(),
  type: communityTypeSchema,
  name: z.string(),
  country: z.string(),
  parentId: z.string().nullable(),
  leader: communityPersonSchema.nullable(),
  organizers: z.array(communityPersonSchema),
  memberCount: z.number().int(),
  /** The caller's role here, or null (also when not signed in). */
  myRole: z.enum(COMMUNITY_ROLES).nullable(),
  /** Whether the caller may add sub-communities and organizers here (organizer here or above, or admin). */
  canManage: z.boolean(),
  createdAt: z.string(),
});
export type Community = z.infer<typeof communitySchema>;

export const communityTreeSchema = z.object({
  country: z.string(),
  list: z.array(communitySchema),
});
export type CommunityTree = z.infer<typeof communityTreeSchema>;

/** GET /api/community/countries — countries that have a community, with their community counts. */
export const communityCountriesSchema = z.object({
  list: z.array(z.object({ country: z.string(), communities: z.number().int() })),
});
export type CommunityCountries = z.infer<typeof communityCountriesSchema>;

/** GET /api/community/:id/members — the members (signed-in callers only). */
export const communityMembersSchema = z.object({
  list: z.array(
    z.object({ user: communityPersonSchema, role: z.enum(COMMUNITY_ROLES), joinedAt: z.string() }),
  ),
});
export type CommunityMembers = z.infer<typeof communityMembersSchema>;

/** GET /api/community/mine — the communities I belong to. */
export const myCommunitiesSchema = z.object({ list: z.array(communitySchema) });
export type MyCommunities = z.infer<typeof myCommunitiesSchema>;
