import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.schema';

/**
 * Teams (type TEAM) and CRcles (type CRCLE): who owns them, what they are about and whom they recruit.
 * Pictures are URLs of the member's own uploads (api/src/modules/upload), checked by the service.
 */
export const teams = pgTable(
  'teams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    subcategory: text('subcategory'),
    name: text('name').notNull(),
    description: text('description').notNull(),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    /** The name, description and tags lower-cased, for search (as tasks.search_text). */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`lower(name || ' ' || description || ' ' || tags::text)`),
    recruiting: jsonb('recruiting').$type<string[]>().notNull().default([]),
    pictures: jsonb('pictures').$type<string[]>().notNull().default([]),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('teams_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('teams_search_text_pairs_idx').using('gin', sql`cjk_pairs(${t.searchText})`),
    index('teams_type_created_idx').on(t.type, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('teams_type_subcategory_idx').on(
      t.type,
      t.subcategory,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('teams_owner_idx').on(t.ownerId),
  ],
);

/**
 * One row per person and team: role OWNER or MEMBER, status NORMAL, PENDING (applied) or REJECT.
 * Leaving or being removed deletes the row. The trigger team_members_crcle_limit (migration 0009) refuses a
 * third CRcle membership (MEMBER, NORMAL or PENDING) for one person, under concurrency too.
 */
export const teamMembers = pgTable(
  'team_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('MEMBER'),
    status: text('status').notNull().default('PENDING'),
    /** What the applicant wrote when applying. */
    message: text('message'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('team_members_team_user_uq').on(t.teamId, t.userId),
    index('team_members_user_idx').on(t.userId),
  ],
);

/** Posts in a CRcle: members write, everyone reads. */
export const teamPosts = pgTable(
  'team_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('team_posts_team_created_idx').on(t.teamId, t.createdAt)],
);

export type TeamRow = typeof teams.$inferSelect;
export type TeamMemberRow = typeof teamMembers.$inferSelect;
