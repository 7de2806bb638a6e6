import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import { proposals } from '@cr/core/db/schema/proposal.schema';
import { searchDocument } from '@cr/core/db/text-search';

/**
 * The proposal rows other areas look up or create: a suggestion's published proposal, a proposal a suggestion
 * names by number (a change or a termination targets it), a council member's new draft (from a suggestion or an
 * ELIP). The proposal module holds every other query (proposal.repo.ts).
 */

/** The published (non-draft) proposal made from a suggestion, if any. */
export async function proposalOfSuggestion(db: Db, suggestionId: string) {
  const [row] = await db
    .select({ id: proposals.id, number: proposals.number })
    .from(proposals)
    .where(and(eq(proposals.suggestionId, suggestionId), ne(proposals.status, 'DRAFT')));
  return row;
}

/** The published (non-draft) proposal with this display number: what a change or termination targets. */
export async function publishedByNumber(db: Db, number: number) {
  const [row] = await db
    .select({
      id: proposals.id,
      draftHash: proposals.draftHash,
      status: proposals.status,
      kind: proposals.kind,
      ownerDid: proposals.ownerDid,
      terms: proposals.terms,
    })
    .from(proposals)
    .where(and(eq(proposals.number, number), ne(proposals.status, 'DRAFT')));
  return row;
}

/** Whether a published proposal has this number (suggestions targeting a proposal check it). */
export async function proposalNumberExists(db: Db, number: number): Promise<boolean> {
  return !!(await publishedByNumber(db, number));
}

/** A council member's DRAFT's own columns (its title's search document is derived here). */
export type DraftValues = Omit<typeof proposals.$inferInsert, 'titleSearch'>;

/** A council member's new DRAFT proposal; returns its id. */
export async function insertDraftProposal(db: Db, values: DraftValues): Promise<string> {
  const [row] = await db
    .insert(proposals)
    .values({ ...values, titleSearch: searchDocument(values.title) })
    .returning({ id: proposals.id });
  return row!.id;
}
