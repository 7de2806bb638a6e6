import { and, desc, inArray, isNotNull, ne } from 'drizzle-orm';
import type { Db } from '@cr/core/db/db-client';
import { proposals, suggestions } from '@cr/core/db/schema';

/** Published proposals' numbers and last change, newest first. */
export function publishedProposals(db: Db, limit: number) {
  return db
    .select({ number: proposals.number, updatedAt: proposals.updatedAt })
    .from(proposals)
    .where(and(ne(proposals.status, 'DRAFT'), isNotNull(proposals.number)))
    .orderBy(desc(proposals.number))
    .limit(limit);
}

/** Public suggestions' ids and last change, newest first. */
export function publicSuggestions(db: Db, limit: number) {
  return db
    .select({ id: suggestions.id, updatedAt: suggestions.updatedAt })
    .from(suggestions)
    .where(inArray(suggestions.status, ['ACTIVE']))
    .orderBy(desc(suggestions.number))
    .limit(limit);
}
