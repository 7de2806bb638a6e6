import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { SuggestionContent } from '../../contract/suggestion-content.contract';
import type { Db } from '../../db/db-client';
import { suggestionTags, suggestionVersions, suggestions, users, type SuggestionRow } from '../../db/schema';
import { searchLexemes } from './suggestion-search';
import { displayNumberOf, isUuid } from '../../db/record-ref';

/** The author columns a public view may show (never the e-mail). */
export const authorColumns = {
  authorId: users.id,
  authorUsername: users.username,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
  authorAvatar: sql<string | null>`${users.profile}->>'avatar'`,
};

/** Takes the next display number from the sequence (never count()+1). */
export async function nextNumber(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`nextval('suggestion_number_seq')` })
    .from(sql`(select 1) as one`);
  return Number(row!.n);
}

/** The search documents of a title and an abstract, as SQL values. */
// Passed as one JSON parameter: both drivers send it the same way (a JS array would become a parameter list).
export const searchDocument = (text: string) =>
  sql`array_to_tsvector(array(select jsonb_array_elements_text(${JSON.stringify(searchLexemes(text))}::jsonb)))`;

export interface ContentColumns {
  type: string;
  title: string;
  abstract: string;
  content: SuggestionContent;
  budgetTotal: string | null;
  draftHash: string;
}

export function contentColumns(content: SuggestionContent, draftHash: string) {
  return {
    type: content.type,
    title: content.title,
    abstract: content.abstract,
    content,
    budgetTotal: content.budget?.total ?? null,
    draftHash,
    titleSearch: searchDocument(content.title),
    abstractSearch: searchDocument(content.abstract),
  };
}

export async function insertSuggestion(
  db: Db,
  input: { number: number; authorId: string; content: SuggestionContent; draftHash: string },
): Promise<SuggestionRow> {
  const [row] = await db
    .insert(suggestions)
    .values({
      number: input.number,
      authorId: input.authorId,
      ...contentColumns(input.content, input.draftHash),
    })
    .returning();
  return row!;
}

export async function insertVersion(
  db: Db,
  input: {
    suggestionId: string;
    version: number;
    content: SuggestionContent;
    draftHash: string;
    createdBy: string;
    revertedFrom?: number | null;
  },
) {
  await db.insert(suggestionVersions).values({
    suggestionId: input.suggestionId,
    version: input.version,
    title: input.content.title,
    type: input.content.type,
    content: input.content,
    draftHash: input.draftHash,
    createdBy: input.createdBy,
    revertedFrom: input.revertedFrom ?? null,
  });
}

/** A suggestion by uuid or display number; `lock` takes the row lock for a state change. */
export async function findSuggestion(db: Db, ref: string, lock = false): Promise<SuggestionRow | undefined> {
  const number = displayNumberOf(ref);
  const where =
    number !== null ? eq(suggestions.number, number) : isUuid(ref) ? eq(suggestions.id, ref) : undefined;
  if (!where) return undefined;
  const q = db.select().from(suggestions).where(where).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function updateContent(
  db: Db,
  id: string,
  input: { content: SuggestionContent; draftHash: string; version: number },
): Promise<SuggestionRow> {
  const [row] = await db
    .update(suggestions)
    .set({
      ...contentColumns(input.content, input.draftHash),
      version: input.version,
      updatedAt: new Date(),
    })
    .where(eq(suggestions.id, id))
    .returning();
  return row!;
}

export async function setStatus(db: Db, id: string, status: SuggestionRow['status']) {
  await db.update(suggestions).set({ status, updatedAt: new Date() }).where(eq(suggestions.id, id));
}

export async function findVersion(db: Db, suggestionId: string, version: number) {
  const [row] = await db
    .select()
    .from(suggestionVersions)
    .where(and(eq(suggestionVersions.suggestionId, suggestionId), eq(suggestionVersions.version, version)))
    .limit(1);
  return row;
}

export async function listVersions(db: Db, suggestionId: string) {
  return db
    .select({
      version: suggestionVersions.version,
      title: suggestionVersions.title,
      type: suggestionVersions.type,
      content: suggestionVersions.content,
      draftHash: suggestionVersions.draftHash,
      revertedFrom: suggestionVersions.revertedFrom,
      createdAt: suggestionVersions.createdAt,
      ...authorColumns,
    })
    .from(suggestionVersions)
    .innerJoin(users, eq(users.id, suggestionVersions.createdBy))
    .where(eq(suggestionVersions.suggestionId, suggestionId))
    .orderBy(desc(suggestionVersions.version))
    .limit(500);
}

export async function findAuthor(db: Db, userId: string) {
  const [row] = await db.select(authorColumns).from(users).where(eq(users.id, userId)).limit(1);
  return row!;
}

export async function tagsOf(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      suggestionId: suggestionTags.suggestionId,
      type: suggestionTags.type,
      description: suggestionTags.description,
      createdAt: suggestionTags.createdAt,
    })
    .from(suggestionTags)
    .where(inArray(suggestionTags.suggestionId, ids))
    .orderBy(suggestionTags.createdAt);
}

/** Summary columns of list rows (content is left out: a page never carries full documents). */
export const summaryColumns = {
  id: suggestions.id,
  number: suggestions.number,
  title: suggestions.title,
  type: suggestions.type,
  abstract: suggestions.abstract,
  status: suggestions.status,
  signed: suggestions.signed,
  budgetTotal: suggestions.budgetTotal,
  likesNum: suggestions.likesNum,
  dislikesNum: suggestions.dislikesNum,
  viewsNum: suggestions.viewsNum,
  commentsNum: suggestions.commentsNum,
  activeness: suggestions.activeness,
  proposalNumber: suggestions.proposalNumber,
  abuseStatus: suggestions.abuseStatus,
  createdAt: suggestions.createdAt,
  updatedAt: suggestions.updatedAt,
  ...authorColumns,
};
export type SummaryRow = Awaited<ReturnType<typeof pageOf>>[number];

/** One page of suggestions matching `where`, in `order`, with their authors. */
export async function pageOf(db: Db, where: SQL | undefined, order: SQL[], limit: number, offset: number) {
  return db
    .select(summaryColumns)
    .from(suggestions)
    .innerJoin(users, eq(users.id, suggestions.authorId))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

export async function countOf(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(suggestions)
    .where(where);
  return Number(row?.n ?? 0);
}
