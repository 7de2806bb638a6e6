import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.schema';

/**
 * Communities (spec §3): one COUNTRY community per country is the root of that country's tree; STATE, CITY,
 * REGION and SCHOOL communities hang below it (parent_id, same country). The checks keep that shape.
 */
export const communities = pgTable(
  'communities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    name: text('name').notNull(),
    /** ISO 3166-1 alpha-2 code of the country the tree belongs to. */
    country: text('country').notNull(),
    parentId: uuid('parent_id').references((): AnyPgColumn => communities.id, { onDelete: 'restrict' }),
    leaderId: uuid('leader_id').references(() => users.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('communities_country_idx').on(t.country),
    index('communities_parent_idx').on(t.parentId),
    uniqueIndex('communities_one_country_root_uq')
      .on(t.country)
      .where(sql`${t.type} = 'COUNTRY'`),
    check('communities_type_ok', sql`${t.type} in ('COUNTRY','STATE','CITY','REGION','SCHOOL')`),
    check('communities_root_is_country', sql`(${t.type} = 'COUNTRY') = (${t.parentId} is null)`),
  ],
);

/** One row per person and community: role MEMBER or ORGANIZER. Leaving deletes the row. */
export const communityMembers = pgTable(
  'community_members',
  {
    communityId: uuid('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull().default('MEMBER'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('community_members_uq').on(t.communityId, t.userId),
    index('community_members_user_idx').on(t.userId),
    check('community_members_role_ok', sql`${t.role} in ('MEMBER','ORGANIZER')`),
  ],
);

export type CommunityRow = typeof communities.$inferSelect;
export type CommunityMemberRow = typeof communityMembers.$inferSelect;
