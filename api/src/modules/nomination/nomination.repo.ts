import { and, eq } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import { suggestionNominations, type NominationRow } from '@cr/core/db/schema/nomination.schema';

/** The co-signatures given for this exact draft of the suggestion. */
export function nominationsOf(db: Db, suggestionId: string, draftHash: string): Promise<NominationRow[]> {
  return db
    .select()
    .from(suggestionNominations)
    .where(
      and(
        eq(suggestionNominations.suggestionId, suggestionId),
        eq(suggestionNominations.draftHash, draftHash.toLowerCase()),
      ),
    );
}

/** Stores a verified co-signature; false when this role already signed this draft (nothing is written). */
export async function insertNomination(
  db: Db,
  values: typeof suggestionNominations.$inferInsert,
): Promise<boolean> {
  const rows = await db
    .insert(suggestionNominations)
    .values({ ...values, draftHash: values.draftHash.toLowerCase() })
    .onConflictDoNothing()
    .returning({ id: suggestionNominations.id });
  return rows.length > 0;
}
