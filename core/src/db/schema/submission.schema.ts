import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { communities } from './community.schema';
import { users } from './users.schema';

/**
 * Submissions (spec §3): issues (BUG, SECURITY_ISSUE, SUGGESTION, ADD_COMMUNITY, OTHER) and campaign forms
 * (FORM_EXT with a campaign, EMPOWER_35). `fields` holds a form's own answers, readable only by its author and
 * admins; the admin's `status` (submission_status table) and `answer` are shown to the author.
 */
export const submissions = pgTable(
  'submissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull().default('BUG'),
    campaign: text('campaign'),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    fields: jsonb('fields').$type<Record<string, unknown>>().notNull().default({}),
    attachment: text('attachment'),
    communityId: uuid('community_id').references(() => communities.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('PENDING'),
    answer: text('answer').notNull().default(''),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('submissions_author_created_idx').on(t.authorId, t.createdAt),
    index('submissions_type_created_idx').on(t.type, t.createdAt),
  ],
);

export type SubmissionRow = typeof submissions.$inferSelect;
