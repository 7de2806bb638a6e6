import { z } from 'zod';

/**
 * Communities (spec §3 Community): a COUNTRY community is the root of its country's tree; STATE, CITY, REGION and
 * SCHOOL communities hang below it. One schema per request, used by the web forms and the api routes alike;
 * every refusal has a stable key in `communityMessages` (clients translate by key).
 */
export const communityMessages = {
  'community.not_found': 'The community was not found.',
  'community.login_join': 'You must be logged in to join a community.',
  'community.join_failed': 'Error while joining the community',
  'community.already_member': 'You are already a member of this community.',
  'community.not_member': 'You are not a member of this community.',
  'community.add_country_failed': 'Error while add country',
  'community.country_exists': 'This country already has its community.',
  'community.add_organizer_failed': 'Error while add organizer',
  'community.user_not_found': 'User not found',
  'community.not_organizer': 'Only an organizer of this community (or an admin) can do this.',
  'community.admin_only': 'Only an admin can do this.',
  'community.name_short': 'The community name must be at least 2 characters',
  'community.too_long': 'This field is too long.',
  'community.country_invalid': 'Please choose a country.',
  'community.sub_type_invalid': 'A sub-community is a state, city, region or school.',
  'community.has_children': 'Delete or move its sub-communities first.',
} as const;
export type CommunityMessageType = keyof typeof communityMessages;
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

export function communityMessageType(message: string): CommunityMessageType | null {
  const hit = Object.entries(communityMessages).find(([, m]) => m === message);
  return hit ? (hit[0] as CommunityMessageType) : null;
}
