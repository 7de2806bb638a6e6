import { z } from 'zod';
import { skillsetSchema } from './profile.contract';
import { teamPersonSchema } from './team.contract';
import { taskMessages } from './task-messages.contract';
export { taskMessages, taskMessageType, type TaskMessageType } from './task-messages.contract';

/**
 * Tasks, projects and events (spec §3 Task, Task candidate; §4 task statuses, types, categories, event date
 * types; §5 Task create; §9 payment rules). A project is a task of type PROJECT, an event one of type EVENT.
 * One schema per request, shared by the web forms and the api routes; every refusal has a stable key in
 * `taskMessages` (clients translate by key).
 */
const M = taskMessages;

export const TASK_STATUSES = [
  'CREATED',
  'PENDING',
  'APPROVED',
  'ASSIGNED',
  'SUBMITTED',
  'SUCCESS',
  'DISTRIBUTED',
  'CANCELED',
  'EXPIRED',
] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const taskStatusSchema = z.enum(TASK_STATUSES);
export const TASK_TYPES = ['TASK', 'SUB_TASK', 'PROJECT', 'EVENT'] as const;
export type TaskType = (typeof TASK_TYPES)[number];
export const taskTypeSchema = z.enum(TASK_TYPES);
export const TASK_CATEGORIES = ['GENERAL', 'SOCIAL', 'DEVELOPER', 'LEADER', 'CR100'] as const;
export const taskCategorySchema = z.enum(TASK_CATEGORIES);
export const EVENT_DATE_TYPES = ['NOT_APPLICABLE', 'TENTATIVE', 'CONFIRMED'] as const;
export const eventDateTypeSchema = z.enum(EVENT_DATE_TYPES);
export const TASK_CURRENCIES = ['USD', 'ELA'] as const;
export const taskCurrencySchema = z.enum(TASK_CURRENCIES);
export const CANDIDATE_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type CandidateStatus = (typeof CANDIDATE_STATUSES)[number];
export const CANDIDATE_TYPES = ['USER', 'TEAM'] as const;
/** Statuses in which a task takes applications. */
export const OPEN_STATUSES: readonly TaskStatus[] = ['CREATED', 'APPROVED', 'ASSIGNED'];
/** Statuses in which the owner may still edit a task. */
export const EDITABLE_STATUSES: readonly TaskStatus[] = ['CREATED', 'PENDING', 'APPROVED'];
export const TASK_PAGE_SIZE = 12;
export const TASK_NAME_MIN = 4;

/** An amount in USD or ELA: up to 8 decimals, never negative; "" or absent means none. */
const amount = z
  .string()
  .trim()
  .regex(/^(\d{1,12})(\.\d{1,8})?$/, M['task.amount_invalid'])
  .or(z.literal(''))
  .optional()
  .transform((v) => (v ? v : null));
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, M['task.too_long'])
    .optional()
    .transform((v) => v || null);
const date = z.iso
  .datetime({ offset: true, message: M['task.required'] })
  .nullable()
  .optional()
  .transform((v) => v ?? null);
/** A required link (spec §5 Task create: "info link ... required"): sent empty or not at all, it says so. */
const requiredLink = z
  .string(M['task.info_link_required'])
  .trim()
  .min(1, { error: M['task.info_link_required'], abort: true })
  .max(500, M['task.too_long'])
  .regex(/^https?:\/\/\S+$/, M['task.link_invalid']);
/** The required location (spec §5 Task create: "location ... required"): a place, or "Online". */
const requiredLocation = z
  .string(M['task.location_required'])
  .trim()
  .min(1, M['task.location_required'])
  .max(200, M['task.too_long']);
const upload = z
  .string()
  .trim()
  .regex(/^\/uploads\/[a-z0-9][a-z0-9._-]{0,200}$/, M['task.picture_invalid']);

/** The payment rules and disclaimer (spec §9), shown on the form; `confirmRules` must be true to create. */
export const PAYMENT_RULES = [
  'USD amounts are paid in ELA at the exchange rate at the time of disbursement.',
  'A full report is required to receive the reward.',
  'All expenses need invoices or receipts.',
  'Billable work beyond the scope needs prior approval.',
  'The budget is for expenses; the reward is for labour and time.',
] as const;

const taskFields = z.object({
  name: z.string().trim().min(TASK_NAME_MIN, M['task.name_short']).max(120, M['task.too_long']),
  category: taskCategorySchema,
  type: taskTypeSchema,
  description: z.string().trim().min(1, M['task.required']).max(5000, M['task.too_long']),
  goals: text(2000),
  infoLink: requiredLink,
  location: requiredLocation,
  applicationDeadline: date,
  completionDeadline: date,
  eventStart: date,
  eventEnd: date,
  eventDateType: eventDateTypeSchema.default('NOT_APPLICABLE'),
  currency: taskCurrencySchema.default('ELA'),
  /** Expenses (spec §9: "Budget is for expenses"). */
  budget: amount,
  budgetBreakdown: text(3000),
  /** Labour and time (spec §9: "reward is for labor and time"). */
  reward: amount,
  /** Candidates bid for the work; the reference bid is a guide, not a promise. */
  bidding: z.boolean().default(false),
  referenceBid: amount,
  attachments: z.array(upload).max(5, M['task.too_many']).default([]),
  thumbnail: upload
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  circleId: z
    .uuid()
    .nullable()
    .optional()
    .transform((v) => v ?? null),
  candidateLimit: z.coerce.number().int().min(1, M['task.required']).max(1000, M['task.too_long']),
  domain: z
    .array(z.string().trim().min(1).max(40, M['task.too_long']))
    .max(10, M['task.too_many'])
    .default([]),
  recruiting: z.array(skillsetSchema).max(20, M['task.too_many']).default([]),
  problem: text(3000),
  valueProposition: text(3000),
  useCase: text(3000),
  beneficiaries: text(3000),
  infrastructure: text(3000),
  isPrivate: z.boolean().default(false),
});

type Fields = z.output<typeof taskFields>;
/** The rules across fields: deadlines, event dates, payment rules (spec §5 Task create, §9). */
function checkTask(v: Fields, ctx: z.RefinementCtx) {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (v.type === 'EVENT') {
    if (v.eventDateType === 'CONFIRMED') {
      if (!v.eventStart) issue('eventStart', M['task.event_dates_required']);
      if (!v.eventEnd) issue('eventEnd', M['task.event_dates_required']);
    }
    if (v.eventStart && v.eventEnd && v.eventEnd < v.eventStart)
      issue('eventEnd', M['task.event_end_before_start']);
    if (!v.applicationDeadline && !v.eventStart) issue('applicationDeadline', M['task.deadline_required']);
  } else if (!v.applicationDeadline && !v.completionDeadline) {
    issue('completionDeadline', M['task.deadline_required']);
  }
  if (v.budget && Number(v.budget) > 0 && !v.budgetBreakdown)
    issue('budgetBreakdown', M['task.breakdown_required']);
  if (v.bidding && v.reward) issue('reward', M['task.bidding_reward']);
}

/** PUT /api/task/:id — the owner edits before anyone is assigned (the type stays). */
export const taskEditSchema = taskFields.superRefine(checkTask);
export type TaskEditInput = z.input<typeof taskEditSchema>;
export type TaskEditValues = z.output<typeof taskEditSchema>;

/** POST /api/task — any member creates; the payment rules and disclaimer must be confirmed. */
export const taskInputSchema = taskFields
  .extend({
    confirmRules: z.literal(true, { error: M['task.rules_unconfirmed'] }),
  })
  .superRefine(checkTask);
export type TaskInput = z.input<typeof taskInputSchema>;
export type TaskValues = z.output<typeof taskInputSchema>;

export const taskParamsSchema = z.object({ id: z.uuid() });
export const taskCandidateParamsSchema = z.object({ id: z.uuid(), candidateId: z.uuid() });

/** GET /api/task?type=&category=&status=&q=&page= — public tasks, newest first. */
export const taskListQuerySchema = z.object({
  type: taskTypeSchema.optional(),
  /** Without a type: every type but PROJECT (projects have their own list). */
  category: taskCategorySchema.optional(),
  status: taskStatusSchema.optional(),
  q: z.string().trim().max(50).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type TaskListQuery = z.input<typeof taskListQuerySchema>;

/** POST /api/task/:id/apply — a user (or a team they own) applies, bids, or RSVPs to an event. */
export const taskApplySchema = z.object({
  teamId: z.uuid().nullable().optional(),
  bid: amount,
  message: text(1000),
});
export type TaskApplyInput = z.input<typeof taskApplySchema>;

/** POST /api/task/:id/comments */
export const taskCommentInputSchema = z.object({
  content: z.string().trim().min(1, M['task.comment_required']).max(2000, M['task.too_long']),
});
export type TaskCommentInput = z.input<typeof taskCommentInputSchema>;

/** POST /api/task/:id/status — admin moves (approve, cancel, expire, success, distribute) and owner cancel. */
export const TASK_ACTIONS = [
  'approve',
  'cancel',
  'expire',
  'complete',
  'signoff',
  'success',
  'distribute',
] as const;
export type TaskAction = (typeof TASK_ACTIONS)[number];
export const taskActionSchema = z.object({
  action: z.enum(TASK_ACTIONS),
  /** What was paid, and how (DISTRIBUTED), or why (cancel). */
  note: text(500),
});
export type TaskActionInput = z.input<typeof taskActionSchema>;

export const taskSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  category: taskCategorySchema,
  type: taskTypeSchema,
  status: taskStatusSchema,
  description: z.string(),
  location: z.string().nullable(),
  applicationDeadline: z.string().nullable(),
  completionDeadline: z.string().nullable(),
  eventStart: z.string().nullable(),
  eventEnd: z.string().nullable(),
  eventDateType: eventDateTypeSchema,
  currency: taskCurrencySchema,
  budget: z.string().nullable(),
  reward: z.string().nullable(),
  bidding: z.boolean(),
  thumbnail: z.string().nullable(),
  candidateLimit: z.number().int(),
  approvedCount: z.number().int(),
  candidateCount: z.number().int(),
  isPrivate: z.boolean(),
  owner: teamPersonSchema,
  createdAt: z.string(),
});
export type TaskSummary = z.infer<typeof taskSummarySchema>;

export const taskListSchema = z.object({
  list: z.array(taskSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TaskList = z.infer<typeof taskListSchema>;

export const taskCandidateSchema = z.object({
  _id: z.string(),
  type: z.enum(CANDIDATE_TYPES),
  category: z.literal('RSVP').nullable(),
  status: z.enum(CANDIDATE_STATUSES),
  user: teamPersonSchema,
  team: z.object({ _id: z.string(), name: z.string() }).nullable(),
  /** Shown to the task's owner, admins and the bidder only. */
  bid: z.string().nullable(),
  message: z.string().nullable(),
  createdAt: z.string(),
});
export type TaskCandidate = z.infer<typeof taskCandidateSchema>;

export const taskCommentSchema = z.object({
  _id: z.string(),
  author: teamPersonSchema,
  content: z.string(),
  createdAt: z.string(),
});
export type TaskComment = z.infer<typeof taskCommentSchema>;

/** GET /api/task/:id — everything, with the candidates the caller may see and what the caller may do. */
export const taskDetailSchema = taskSummarySchema.extend({
  goals: z.string().nullable(),
  infoLink: z.string().nullable(),
  budgetBreakdown: z.string().nullable(),
  referenceBid: z.string().nullable(),
  attachments: z.array(z.string()),
  circle: z.object({ _id: z.string(), name: z.string() }).nullable(),
  domain: z.array(z.string()),
  recruiting: z.array(z.string()),
  problem: z.string().nullable(),
  valueProposition: z.string().nullable(),
  useCase: z.string().nullable(),
  beneficiaries: z.string().nullable(),
  infrastructure: z.string().nullable(),
  signedOffBy: teamPersonSchema.nullable(),
  paymentNote: z.string().nullable(),
  /** Approved candidates for everyone; every candidate for the owner and admins; the caller's own row. */
  candidates: z.array(taskCandidateSchema),
  myCandidate: taskCandidateSchema.nullable(),
  commentsClosed: z.boolean(),
  comments: z.array(taskCommentSchema),
  can: z.object({
    edit: z.boolean(),
    apply: z.boolean(),
    decide: z.boolean(),
    actions: z.array(z.enum(TASK_ACTIONS)),
  }),
});
export type TaskDetail = z.infer<typeof taskDetailSchema>;

/** GET /api/task/mine?type= — tasks (or projects) I created, and those I applied to. */
export const myTasksQuerySchema = z.object({ projects: z.enum(['0', '1']).default('0') });
export const myTasksSchema = z.object({
  created: z.array(taskSummarySchema),
  applied: z.array(taskSummarySchema.extend({ myStatus: z.enum(CANDIDATE_STATUSES) })),
});
export type MyTasks = z.infer<typeof myTasksSchema>;

/** GET /api/admin/task?type=&status=&page= — every task, private and pending ones too. */
export const adminTaskListQuerySchema = taskListQuerySchema;
