import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { PublicAuthor } from '../../contract/suggestion.contract';
import type { Db } from '../../db/db-client';
import {
  proposals,
  proposalVotes,
  type ProposalRow,
  type ProposalVoteRow,
} from '../../db/schema/proposal.schema';
import { users } from '../../db/schema/users.schema';
import { displayNumberOf, isUuid } from '../../db/record-ref';

/** A proposal by uuid or display number; `lock` takes a row lock for the rest of the transaction. */
export async function findProposal(db: Db, ref: string, lock = false): Promise<ProposalRow | undefined> {
  const number = displayNumberOf(ref);
  const where = isUuid(ref)
    ? eq(proposals.id, ref)
    : number !== null
      ? eq(proposals.number, number)
      : undefined;
  if (!where) return undefined;
  const q = db.select().from(proposals).where(where);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** The published (non-draft) proposal made from a suggestion, if any. */
export async function proposalOfSuggestion(db: Db, suggestionId: string) {
  const [row] = await db
    .select({ id: proposals.id, number: proposals.number })
    .from(proposals)
    .where(and(eq(proposals.suggestionId, suggestionId), ne(proposals.status, 'DRAFT')));
  return row;
}

/** Whether a published proposal has this number (suggestions targeting a proposal check it). */
export async function proposalNumberExists(db: Db, number: number): Promise<boolean> {
  const [row] = await db
    .select({ id: proposals.id })
    .from(proposals)
    .where(and(eq(proposals.number, number), ne(proposals.status, 'DRAFT')));
  return !!row;
}

/** Next display number: a sequence, never count()+1. */
export async function nextProposalNumber(db: Db): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`nextval('proposal_number_seq')` })
    .from(sql`(select 1) as one`);
  return Number(row!.n);
}

export const avatarOf = sql<string | null>`${users.profile}->>'avatar'`;

/** Public cards (no e-mail) of users by id. */
export async function publicUsers(db: Db, ids: (string | null)[]): Promise<Map<string, PublicAuthor>> {
  const wanted = [...new Set(ids.filter((x): x is string => !!x))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      avatar: avatarOf,
    })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(
    rows.map((r) => [
      r.id,
      { _id: r.id, username: r.username, firstName: r.firstName, lastName: r.lastName, avatar: r.avatar },
    ]),
  );
}

/** Public cards of site accounts by DID. */
export async function usersByDid(db: Db, dids: string[]) {
  if (dids.length === 0) return new Map<string, PublicAuthor & { motto: string | null }>();
  const rows = await db
    .select({
      id: users.id,
      did: users.did,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      avatar: avatarOf,
      motto: sql<string | null>`coalesce(${users.profile}->>'motto', ${users.profile}->>'bio')`,
    })
    .from(users)
    .where(inArray(users.did, [...new Set(dids)]));
  return new Map(
    rows.map((r) => [
      r.did!,
      {
        _id: r.id,
        username: r.username,
        firstName: r.firstName,
        lastName: r.lastName,
        avatar: r.avatar,
        motto: r.motto,
      },
    ]),
  );
}

export async function votesOf(db: Db, proposalId: string): Promise<ProposalVoteRow[]> {
  return db.select().from(proposalVotes).where(eq(proposalVotes.proposalId, proposalId));
}

export async function voteOf(db: Db, proposalId: string, memberId: string, lock = false) {
  const q = db
    .select()
    .from(proposalVotes)
    .where(and(eq(proposalVotes.proposalId, proposalId), eq(proposalVotes.memberId, memberId)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}
