import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { teams } from './team.schema';
import { users } from './users.schema';

/**
 * Tasks, projects (type PROJECT) and events (type EVENT), spec §3 Task. Status moves through TASK_TRANSITIONS
 * (api/src/modules/task/task-rules.ts). Budget (expenses) and reward (labour) are kept apart, in one currency.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    type: text('type').notNull(),
    status: text('status').notNull(),
    description: text('description').notNull(),
    /**
     * What a search word is looked for in: the name and description lower-cased, kept by PostgreSQL (a stored
     * generated column), trigram- and Han-pair-indexed, so a search checks each candidate's stored text instead of
     * lower-casing both columns again (docs/list-performance.md#searches).
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(name || ' ' || description)`),
    goals: text('goals'),
    infoLink: text('info_link'),
    location: text('location'),
    applicationDeadline: timestamp('application_deadline', { withTimezone: true }),
    completionDeadline: timestamp('completion_deadline', { withTimezone: true }),
    eventStart: timestamp('event_start', { withTimezone: true }),
    eventEnd: timestamp('event_end', { withTimezone: true }),
    eventDateType: text('event_date_type').notNull().default('NOT_APPLICABLE'),
    currency: text('currency').notNull().default('ELA'),
    budget: numeric('budget', { precision: 20, scale: 8 }),
    budgetBreakdown: text('budget_breakdown'),
    reward: numeric('reward', { precision: 20, scale: 8 }),
    bidding: boolean('bidding').notNull().default(false),
    referenceBid: numeric('reference_bid', { precision: 20, scale: 8 }),
    attachments: jsonb('attachments').$type<string[]>().notNull().default([]),
    thumbnail: text('thumbnail'),
    circleId: uuid('circle_id').references(() => teams.id, { onDelete: 'set null' }),
    candidateLimit: integer('candidate_limit').notNull(),
    domain: jsonb('domain').$type<string[]>().notNull().default([]),
    recruiting: jsonb('recruiting').$type<string[]>().notNull().default([]),
    problem: text('problem'),
    valueProposition: text('value_proposition'),
    useCase: text('use_case'),
    beneficiaries: text('beneficiaries'),
    infrastructure: text('infrastructure'),
    isPrivate: boolean('is_private').notNull().default(false),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    signedOffBy: uuid('signed_off_by').references(() => users.id, { onDelete: 'set null' }),
    paymentNote: text('payment_note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tasks_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('tasks_search_text_pairs_idx').using('gin', sql`cjk_pairs(${t.searchText})`),
    // The public list (newest first, 10 a page) reads these in order and stops after the page: no sort of
    // every public task (docs/list-performance.md).
    index('tasks_public_newest_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPrivate} = false and ${t.status} <> 'PENDING'`),
    index('tasks_public_type_idx')
      .on(t.type, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPrivate} = false and ${t.status} <> 'PENDING'`),
    index('tasks_public_category_idx')
      .on(t.category, t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.isPrivate} = false and ${t.status} <> 'PENDING'`),
    index('tasks_status_created_idx').on(t.status, t.createdAt),
    index('tasks_owner_idx').on(t.ownerId),
  ],
);

/**
 * How many tasks hold each (privacy, type, category, status): the lists' totals are summed from these few rows
 * instead of counting thousands of index entries on every page. Kept exact by the trigger tasks_counts (migration
 * 0026) in the same transaction as the task's own change; never written by the app.
 */
export const taskCounts = pgTable(
  'task_counts',
  {
    isPrivate: boolean('is_private').notNull(),
    type: text('type').notNull(),
    category: text('category').notNull(),
    status: text('status').notNull(),
    n: integer('n').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.isPrivate, t.type, t.category, t.status] })],
);

/**
 * Applications, bids and RSVPs (spec §3 Task candidate): one row per person and task. APPROVED rows never exceed
 * the task's candidate_limit: checked with the task row locked, and by the trigger task_candidates_limit.
 */
export const taskCandidates = pgTable(
  'task_candidates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    type: text('type').notNull().default('USER'),
    category: text('category'),
    status: text('status').notNull().default('PENDING'),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    bid: numeric('bid', { precision: 20, scale: 8 }),
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('task_candidates_task_user_uq').on(t.taskId, t.userId),
    // The approved count of each listed task is read from this index alone.
    index('task_candidates_task_status_idx').on(t.taskId, t.status),
    index('task_candidates_user_idx').on(t.userId),
  ],
);

export const taskComments = pgTable(
  'task_comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    taskId: uuid('task_id')
      .notNull()
      .references(() => tasks.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('task_comments_task_created_idx').on(t.taskId, t.createdAt)],
);

export type TaskRow = typeof tasks.$inferSelect;
export type TaskCandidateRow = typeof taskCandidates.$inferSelect;
