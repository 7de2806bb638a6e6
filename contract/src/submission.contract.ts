import { z } from 'zod';
import { submissionMessages } from './submission-messages.contract';
export {
  submissionMessages,
  submissionMessageType,
  type SubmissionMessageType,
} from './submission-messages.contract';

/**
 * Submissions (spec §3 Submission): issues (bug, security issue, suggestion, add community, other) and campaign
 * forms (organizer, ambassador training, anniversary registration / video / events, Empower35). One schema per
 * request, shared by the web forms and the api routes; refusals have stable keys in `submissionMessages`.
 */
const M = submissionMessages;

export const SUBMISSION_TYPES = [
  'BUG',
  'SECURITY_ISSUE',
  'SUGGESTION',
  'ADD_COMMUNITY',
  'OTHER',
  'FORM_EXT',
  'EMPOWER_35',
] as const;
export type SubmissionType = (typeof SUBMISSION_TYPES)[number];
/** The types a member files on the issue form (the others come from campaign forms). */
export const ISSUE_TYPES = ['BUG', 'SECURITY_ISSUE', 'SUGGESTION', 'ADD_COMMUNITY', 'OTHER'] as const;
export const CAMPAIGNS = [
  'COMMUNITY_ORGANIZER',
  'AMBASSADOR_TRAINING',
  'ANNIVERSARY_REGISTRATION',
  'ANNIVERSARY_VIDEO',
  'ANNIVERSARY_EVENTS',
  'EMPOWER_35',
] as const;
export type Campaign = (typeof CAMPAIGNS)[number];
export const SUBMISSION_STATUSES = ['PENDING', 'APPROVED', 'REJECTED', 'ARCHIVED'] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];
export const CONTRIBUTION_CATEGORIES = ['BLOG', 'VIDEO', 'PODCAST', 'OTHER'] as const;

export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 5000;
export const TEXT_MAX = 2000;
export const FULL_NAME_MIN = 3;
export const OCCUPATION_MIN = 2;
export const EDUCATION_MIN = 2;

const required = (max = TEXT_MAX) =>
  z
    .string(M['submission.required'])
    .trim()
    .min(1, M['submission.required'])
    .max(max, M['submission.too_long']);
const optionalText = (max = TEXT_MAX) => z.string().trim().max(max, M['submission.too_long']).default('');
const email = z.string(M['submission.email_invalid']).trim().pipe(z.email(M['submission.email_invalid']));
const url = z
  .string(M['submission.url_invalid'])
  .trim()
  .regex(/^https?:\/\/[^\s]+$/i, M['submission.url_invalid'])
  .max(500, M['submission.too_long']);
/** An image uploaded through POST /api/upload/file: its `/uploads/<key>` URL (checked to be the caller's). */
export const attachmentSchema = z
  .string()
  .trim()
  .regex(/^\/uploads\/[a-z0-9][a-z0-9._-]{0,200}$/, M['submission.attachment_invalid']);

/** POST /api/submission/issue — an issue: title, type, description required; description max. */
export const issueInputSchema = z.object({
  title: required(TITLE_MAX),
  type: z.enum(ISSUE_TYPES).default('BUG'),
  description: z
    .string(M['submission.required'])
    .trim()
    .min(1, M['submission.required'])
    .max(DESCRIPTION_MAX, M['submission.description_long']),
  attachment: attachmentSchema.nullable().default(null),
});
export type IssueInput = z.input<typeof issueInputSchema>;

/** The organizer and training forms' shared person fields (spec §5 "Organizer and training forms"). */
const applicant = {
  fullLegalName: z
    .string(M['submission.name_short'])
    .trim()
    .min(FULL_NAME_MIN, M['submission.name_short'])
    .max(TEXT_MAX, M['submission.too_long']),
  occupation: z
    .string(M['submission.occupation_short'])
    .trim()
    .min(OCCUPATION_MIN, M['submission.occupation_short'])
    .max(TEXT_MAX, M['submission.too_long']),
  education: z
    .string(M['submission.education_short'])
    .trim()
    .min(EDUCATION_MIN, M['submission.education_short'])
    .max(TEXT_MAX, M['submission.too_long']),
  contributionCategory: z.enum(CONTRIBUTION_CATEGORIES, M['submission.category_required']),
  email,
  description: optionalText(),
};

export const organizerFormSchema = z.object({
  campaign: z.literal('COMMUNITY_ORGANIZER'),
  ...applicant,
  communityId: z.uuid(M['submission.community_required']),
});
export const trainingFormSchema = z.object({
  campaign: z.literal('AMBASSADOR_TRAINING'),
  ...applicant,
  community: required(200),
});
export const anniversaryRegistrationSchema = z.object({
  campaign: z.literal('ANNIVERSARY_REGISTRATION'),
  fullLegalName: applicant.fullLegalName,
  email,
  country: required(80),
  attendance: z.enum(['IN_PERSON', 'ONLINE'], M['submission.required']),
  description: optionalText(),
});
export const anniversaryVideoSchema = z.object({
  campaign: z.literal('ANNIVERSARY_VIDEO'),
  fullLegalName: applicant.fullLegalName,
  email,
  title: required(TITLE_MAX),
  videoUrl: url,
  description: optionalText(),
});
export const anniversaryEventSchema = z.object({
  campaign: z.literal('ANNIVERSARY_EVENTS'),
  fullLegalName: applicant.fullLegalName,
  email,
  title: required(TITLE_MAX),
  location: required(200),
  eventDate: z
    .string(M['submission.date_invalid'])
    .regex(/^\d{4}-\d{2}-\d{2}$/, M['submission.date_invalid']),
  description: required(),
});
export const empower35FormSchema = z.object({
  campaign: z.literal('EMPOWER_35'),
  fullLegalName: applicant.fullLegalName,
  email,
  crcle: required(100),
  experience: required(),
  link: url.or(z.literal('')).default(''),
});

/** POST /api/submission/form — one campaign form, told apart by its `campaign`. */
export const campaignFormSchema = z.discriminatedUnion('campaign', [
  organizerFormSchema,
  trainingFormSchema,
  anniversaryRegistrationSchema,
  anniversaryVideoSchema,
  anniversaryEventSchema,
  empower35FormSchema,
]);
export type CampaignFormInput = z.input<typeof campaignFormSchema>;
export type CampaignFormValues = z.output<typeof campaignFormSchema>;

export const submissionParamsSchema = z.object({ id: z.uuid() });

/** GET /api/submission/mine?kind=issues|forms */
export const mySubmissionsQuerySchema = z.object({ kind: z.enum(['issues', 'forms']).default('issues') });

/** GET /api/admin/submissions?kind=&status=&page= */
export const adminSubmissionsQuerySchema = z.object({
  kind: z.enum(['issues', 'forms']).default('issues'),
  status: z.enum(SUBMISSION_STATUSES).optional(),
  campaign: z.enum(CAMPAIGNS).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type AdminSubmissionsQuery = z.input<typeof adminSubmissionsQuerySchema>;

/** PUT /api/admin/submissions/:id — the admin's status and answer (approving an organizer grants the role). */
export const submissionDecisionSchema = z.object({
  status: z.enum(['APPROVED', 'REJECTED', 'ARCHIVED', 'PENDING']),
  answer: optionalText(),
});
export type SubmissionDecisionInput = z.input<typeof submissionDecisionSchema>;

export const submissionSchema = z.object({
  _id: z.string(),
  type: z.enum(SUBMISSION_TYPES),
  campaign: z.enum(CAMPAIGNS).nullable(),
  title: z.string(),
  description: z.string(),
  /** The form's own answers (only for its author and admins). */
  fields: z.record(z.string(), z.unknown()),
  attachment: z.string().nullable(),
  communityId: z.string().nullable(),
  /** The community an organizer application is for (a COUNTRY community is named by its country code). */
  communityName: z.string().nullable(),
  status: z.enum(SUBMISSION_STATUSES),
  answer: z.string(),
  author: z.object({ _id: z.string(), username: z.string(), name: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Submission = z.infer<typeof submissionSchema>;
export const submissionListSchema = z.object({
  list: z.array(submissionSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SubmissionList = z.infer<typeof submissionListSchema>;

/** GET /api/submission/programs — which campaign forms accept entries now. */
export const programStateSchema = z.object({
  trainingPostponed: z.boolean(),
  empowerSuspended: z.boolean(),
});
export type ProgramState = z.infer<typeof programStateSchema>;
