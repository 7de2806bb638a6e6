import { z } from 'zod';
import { PROFESSIONS, professionSchema, skillsetSchema } from './profile.contract';
import { teamMessages } from './team-messages.contract';
export { teamMessages, teamMessageType, type TeamMessageType } from './team-messages.contract';

/**
 * Teams (type TEAM) and CRcles (type CRCLE), their members and CRcle posts. One schema per request, used by the
 * web forms and the api routes alike; every refusal has a stable key in `teamMessages` (clients translate by key).
 */
const M = teamMessages;

export const TEAM_TYPES = ['TEAM', 'CRCLE'] as const;
export const teamTypeSchema = z.enum(TEAM_TYPES);
export type TeamType = z.infer<typeof teamTypeSchema>;
export const TEAM_SUBCATEGORIES = ['ESSENTIAL', 'ADVANCED', 'SERVICES', 'DEVELOPER'] as const;
export const teamSubcategorySchema = z.enum(TEAM_SUBCATEGORIES);
export const TEAM_ROLES = ['OWNER', 'MEMBER'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
export const TEAM_MEMBER_STATUSES = ['NORMAL', 'PENDING', 'REJECT'] as const;
export type TeamMemberStatus = (typeof TEAM_MEMBER_STATUSES)[number];

/** Minimum lengths of the team form (spec §5 "Team create: name and description required with minimum lengths"). */
export const TEAM_NAME_MIN = 3;
export const TEAM_DESCRIPTION_MIN = 20;
/** A person joins at most this many CRcles (spec §6 and §9). */
export const MAX_CRCLES_PER_USER = 2;
export const TEAM_PAGE_SIZE = 12;

const tag = z.string().trim().min(1).max(30, M['team.too_long']);
/** An image uploaded through POST /api/upload/file: its `/uploads/<key>` URL (checked to be one of yours). */
const picture = z
  .string()
  .trim()
  .regex(/^\/uploads\/[a-z0-9][a-z0-9._-]{0,200}$/, M['team.picture_invalid']);

/** POST /api/team — create a team (any member) or a CRcle (admin). */
export const teamInputSchema = z.object({
  type: teamTypeSchema.default('TEAM'),
  subcategory: teamSubcategorySchema.nullable().default(null),
  name: z.string().trim().min(TEAM_NAME_MIN, M['team.name_short']).max(80, M['team.too_long']),
  description: z
    .string()
    .trim()
    .min(TEAM_DESCRIPTION_MIN, M['team.description_short'])
    .max(5000, M['team.too_long']),
  tags: z.array(tag).max(10, M['team.too_many']).default([]),
  recruiting: z.array(skillsetSchema).max(20, M['team.too_many']).default([]),
  pictures: z.array(picture).max(5, M['team.too_many']).default([]),
});
export type TeamInput = z.input<typeof teamInputSchema>;
export type TeamValues = z.output<typeof teamInputSchema>;

/** PUT /api/team/:id — the owner edits everything but the type. */
export const teamEditSchema = teamInputSchema.omit({ type: true });
export type TeamEditInput = z.input<typeof teamEditSchema>;

export const teamParamsSchema = z.object({ id: z.uuid() });
export const teamMemberParamsSchema = z.object({ id: z.uuid(), userId: z.uuid() });

/** GET /api/team?type=&q=&subcategory=&page= — teams or CRcles, newest first. */
export const teamListQuerySchema = z.object({
  type: teamTypeSchema.default('TEAM'),
  q: z.string().trim().max(50).optional(),
  subcategory: teamSubcategorySchema.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type TeamListQuery = z.input<typeof teamListQuerySchema>;

/** POST /api/admin/team/:id/remove — an admin removes a team or CRcle, always with the reason (audited). */
export const teamRemoveSchema = z.object({
  reason: z.string().trim().min(5, M['team.reason_required']).max(500, M['team.too_long']),
});
export type TeamRemove = z.infer<typeof teamRemoveSchema>;

export const teamPersonSchema = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
});
export type TeamPerson = z.infer<typeof teamPersonSchema>;

export const membershipSchema = z.object({
  role: z.enum(TEAM_ROLES),
  status: z.enum(TEAM_MEMBER_STATUSES),
});
export type Membership = z.infer<typeof membershipSchema>;

export const teamSummarySchema = z.object({
  _id: z.string(),
  type: teamTypeSchema,
  subcategory: teamSubcategorySchema.nullable(),
  name: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  recruiting: z.array(z.string()),
  pictures: z.array(z.string()),
  owner: teamPersonSchema,
  /** Members with status NORMAL (the owner included). */
  memberCount: z.number().int(),
  createdAt: z.string(),
  /** The caller's own row, or null (also when not signed in). */
  myMembership: membershipSchema.nullable(),
});
export type TeamSummary = z.infer<typeof teamSummarySchema>;

export const teamListSchema = z.object({
  list: z.array(teamSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TeamList = z.infer<typeof teamListSchema>;

export const teamMemberSchema = z.object({
  user: teamPersonSchema,
  role: z.enum(TEAM_ROLES),
  status: z.enum(TEAM_MEMBER_STATUSES),
  message: z.string().nullable(),
  createdAt: z.string(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

/** GET /api/team/:id — members with status NORMAL for everyone; applications only for the owner. */
export const teamDetailSchema = teamSummarySchema.extend({
  members: z.array(teamMemberSchema),
  /** PENDING and REJECT rows; empty unless the caller owns the team. */
  applications: z.array(teamMemberSchema),
  /** Whether CRcle applications are refused at the moment (site setting crclesSuspended). */
  crclesSuspended: z.boolean(),
});
export type TeamDetail = z.infer<typeof teamDetailSchema>;

/** POST /api/team/:id/apply */
export const teamApplySchema = z.object({
  message: z.string().trim().max(500, M['team.too_long']).optional(),
});
export type TeamApplyInput = z.input<typeof teamApplySchema>;

/** POST /api/team/:id/transfer — the owner hands the team to one of its members. */
export const teamTransferSchema = z.object({ userId: z.uuid() });

/** POST /api/team/:id/posts — a member writes in a CRcle. */
export const teamPostInputSchema = z.object({
  content: z.string().trim().min(1, M['team.post_required']).max(2000, M['team.too_long']),
});
export type TeamPostInput = z.input<typeof teamPostInputSchema>;
export const teamPostSchema = z.object({
  _id: z.string(),
  author: teamPersonSchema,
  content: z.string(),
  createdAt: z.string(),
});
export const teamPostListSchema = z.object({ list: z.array(teamPostSchema) });
export type TeamPost = z.infer<typeof teamPostSchema>;

/** GET /api/team/mine — the teams and CRcles I own, belong to, and applied to. */
export const myTeamsSchema = z.object({
  owned: z.array(teamSummarySchema),
  belongs: z.array(teamSummarySchema),
  applied: z.array(teamSummarySchema),
});
export type MyTeams = z.infer<typeof myTeamsSchema>;

/** GET /api/members?skillset=&profession=&country=&q=&page= — the developer area's member search. */
export const memberDirectoryQuerySchema = z.object({
  q: z.string().trim().max(50).optional(),
  skillset: skillsetSchema.optional(),
  profession: professionSchema.optional(),
  country: z.string().trim().toUpperCase().length(2).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type MemberDirectoryQuery = z.input<typeof memberDirectoryQuerySchema>;
export const memberCardSchema = teamPersonSchema.extend({
  country: z.string().nullable(),
  profession: z.enum(PROFESSIONS).nullable(),
  skillsets: z.array(z.string()),
});
export type MemberCard = z.infer<typeof memberCardSchema>;
export const memberDirectorySchema = z.object({
  list: z.array(memberCardSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type MemberDirectory = z.infer<typeof memberDirectorySchema>;
