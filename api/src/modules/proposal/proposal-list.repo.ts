import {
  and,
  eq,
  gte,
  inArray,
  isNotNull,
  lt,
  ne,
  or,
  sql,
  type Placeholder,
  type SQL,
  type Subquery,
  type WithSubquery,
} from 'drizzle-orm';
import type { ProposalListQuery } from '@cr/contract/proposal.contract';
import type { Db } from '@cr/core/db/db-client';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  NOT_PULLED_UP,
  placeholders,
  preparedOnce,
  type StatementParams,
} from '@cr/core/db/statement-params';
import {
  proposalCounts,
  proposals,
  proposalVotes,
  type ProposalRow,
} from '@cr/core/db/schema/proposal.schema';
import { users } from '@cr/core/db/schema/users.schema';
import { membersNamed, nameMatches, narrowsNames } from '@cr/core/db/person-columns';
import { escapeLike, searchNumber, searchTsQuery } from '@cr/core/db/text-search';

const NOTHING = sql`false`;
const DAY_MS = 86_400_000;

/**
 * What a search binds, per part it matches: the proposal number (exact, "#12" too), the title's tsquery (indexed
 * words), the proposer's name as a LIKE pattern (trigram index); null for a part it does not match.
 */
export interface SearchValues {
  number: number | null;
  title: string | null;
  proposer: string | null;
}

export function searchValues(searchBy: ProposalListQuery['searchBy'], text: string): SearchValues {
  const number = searchNumber(text);
  const title = searchTsQuery(text);
  const proposer = `%${escapeLike(text.toLowerCase())}%`;
  switch (searchBy) {
    case 'number':
      return { number, title: null, proposer: null };
    case 'title':
      return { number: null, title, proposer: null };
    case 'proposer':
      return { number: null, title: null, proposer };
    case 'any':
      return number !== null ? { number, title, proposer: null } : { number: null, title, proposer };
  }
}

/** The parts a search matches, in a fixed order: a prepared statement's shape. */
const searchParts = (v: SearchValues) =>
  (['number', 'title', 'proposer'] as const).filter((k) => v[k] !== null);

/** Any of the search's parts matches, on their values or their placeholders (`value`); none, nothing matches. */
function searchWhere(
  parts: readonly (keyof SearchValues)[],
  value: (part: keyof SearchValues) => SQL | Placeholder,
): SQL {
  const conds = parts.map((part) => {
    switch (part) {
      case 'number':
        return sql`${proposals.number} = ${value(part)}`;
      case 'title':
        return sql`${proposals.titleSearch} @@ ${value(part)}::tsquery`;
      case 'proposer':
        return nameMatches(proposals.proposerId, value(part));
    }
  });
  return conds.length ? or(...conds)! : NOTHING;
}

/** The search condition of a statement built for one call (a page of rare filters, the CSV export). */
export function searchCondition(searchBy: ProposalListQuery['searchBy'], text: string): SQL {
  const v = searchValues(searchBy, text);
  return searchWhere(searchParts(v), (part) => sql`${v[part]}`);
}

/**
 * The WHERE of a list query. DRAFT rows appear only to the council member who wrote them (status=DRAFT); the
 * default list is every published proposal. "Unvoted by me": open voting windows of the caller's term with no
 * vote of theirs on chain.
 */
export function listCondition(
  query: ProposalListQuery,
  userId: string | null,
  me: { memberId: string | Placeholder | SQL; term: number | Placeholder | SQL } | null,
  height: number | Placeholder | SQL | null,
  /** The type to match: the query's, or a placeholder in a prepared statement. */
  type: string | Placeholder | SQL | undefined = query.type,
  /** The search's condition: on the query's text, or on placeholders in a prepared statement; null: none. */
  search: SQL | null | undefined = query.search ? searchCondition(query.searchBy, query.search) : undefined,
): SQL | undefined {
  const parts: SQL[] = [];
  const statuses = query.status ?? [];
  const published = statuses.filter((s) => s !== 'DRAFT');
  const drafts =
    statuses.includes('DRAFT') && userId
      ? and(eq(proposals.status, 'DRAFT'), eq(proposals.proposerId, userId))!
      : null;
  if (statuses.length === 0) parts.push(ne(proposals.status, 'DRAFT'));
  else {
    const pub = published.length ? inArray(proposals.status, published) : null;
    parts.push(pub && drafts ? or(pub, drafts)! : (pub ?? drafts ?? NOTHING));
  }
  if (type !== undefined) parts.push(eq(proposals.type, type));
  if (query.createdFrom) parts.push(gte(proposals.createdAt, new Date(`${query.createdFrom}T00:00:00Z`)));
  if (query.createdTo)
    parts.push(
      lt(proposals.createdAt, new Date(new Date(`${query.createdTo}T00:00:00Z`).getTime() + DAY_MS)),
    );
  if (search) parts.push(search);
  if (query.unvotedByMe) {
    if (!me || height === null) parts.push(NOTHING);
    else
      parts.push(
        eq(proposals.status, 'PROPOSED'),
        eq(proposals.term, me.term),
        sql`${proposals.votingEndHeight} > ${height}`,
        sql`not exists (select 1 from ${proposalVotes} v where v.proposal_id = ${proposals.id} and v.member_id = ${me.memberId} and v.chained_choice is not null)`,
      );
  }
  return and(...parts);
}

/** The columns a list's order reads: the table's, or the same columns of a search's matches (`searchStatement`). */
type SortColumns = Record<
  'id' | 'createdAt' | 'number' | 'status' | 'votingEndHeight' | 'vetoEndHeight',
  AnyPgColumn
>;

export function listOrder(sortBy: ProposalListQuery['sortBy'], t: SortColumns = proposals): SQL[] {
  switch (sortBy) {
    // NULLS LAST matches proposals_created_idx (created_at DESC NULLS LAST), so the newest page is an index
    // scan with an incremental sort on the id tie-breaker instead of a sort of the whole table.
    case 'newest':
      return [sql`${t.createdAt} desc nulls last`, sql`${t.id} desc`];
    case 'oldest':
      return [sql`${t.createdAt} asc nulls first`, sql`${t.id} asc`];
    case 'number':
      return [sql`${t.number} desc nulls last`, sql`${t.createdAt} desc nulls last`];
    // The expression of proposals_ending_soon_idx (migration 0028): keep them the same, word for word.
    case 'endingSoon':
      return [
        sql`case when ${t.status} = 'PROPOSED' then ${t.votingEndHeight} when ${t.status} = 'NOTIFICATION' then ${t.vetoEndHeight} end asc nulls last`,
        sql`${t.number} desc nulls last`,
      ];
  }
}

/** What a list row needs (the content, terms and signatures stay in the table). */
const summaryColumns = {
  id: proposals.id,
  number: proposals.number,
  status: proposals.status,
  kind: proposals.kind,
  type: proposals.type,
  title: proposals.title,
  budgetTotal: proposals.budgetTotal,
  ownerId: proposals.ownerId,
  proposerId: proposals.proposerId,
  registerChainStatus: proposals.registerChainStatus,
  term: proposals.term,
  registeredHeight: proposals.registeredHeight,
  votingEndHeight: proposals.votingEndHeight,
  vetoEndHeight: proposals.vetoEndHeight,
  seats: proposals.seats,
  yesCount: proposals.yesCount,
  opposeCount: proposals.opposeCount,
  abstainCount: proposals.abstainCount,
  vetoTotalWei: proposals.vetoTotalWei,
  createdAt: proposals.createdAt,
  updatedAt: proposals.updatedAt,
};

const proposer = alias(users, 'proposer');
const owner = alias(users, 'owner');
const card = (u: typeof proposer | typeof owner) => ({
  id: u.id,
  username: u.username,
  firstName: u.firstName,
  lastName: u.lastName,
  avatar: sql<string | null>`${u.profile}->>'avatar'`,
});

/**
 * One page of list rows matching `where`, in `order`, with the proposer's and owner's public cards and the total
 * of the whole list, in one statement: the page's ids are chosen first, so the cards are read for the page's rows
 * only (joined to the whole query they ran for every row the OFFSET skips: 1,250 user lookups on page 26 of 50),
 * and the total is an uncorrelated subquery, counted once. A page past the end has no row to carry the total, so
 * `total` is then null.
 */
function pageStatement(
  db: Db,
  where: SQL | undefined,
  order: SQL[],
  p: Pick<StatementParams, 'limit' | 'offset'>,
  total: SQL<number> = sql<number>`(select count(*)::int from ${proposals} where ${where ?? sql`true`})`,
) {
  const page = db
    .select({ id: proposals.id })
    .from(proposals)
    .where(where)
    .orderBy(...order)
    .limit(p.limit)
    .offset(p.offset)
    .as('page');
  return pageRows(db, page, order, total);
}

/** What a search's matches carry: the id and what the list's orders read (listOrder). */
const matchColumns = {
  id: proposals.id,
  createdAt: proposals.createdAt,
  number: proposals.number,
  status: proposals.status,
  votingEndHeight: proposals.votingEndHeight,
  vetoEndHeight: proposals.vetoEndHeight,
};

/** The proposals matching `where`, for `searchStatement`. */
const matchesOf = (db: Db, where: SQL | undefined) => db.select(matchColumns).from(proposals).where(where);

/**
 * The proposals matching `where` whose proposer is named like `pattern`, read from the members so named, each
 * member's through proposals_proposer_status_idx. PostgreSQL, left to choose, reads all 5,000 proposals and looks
 * each proposer up (5.9 ms where none matches): it takes the 200 members a first name matches to have 400
 * proposals each, when a few of them have proposed at all. `OFFSET 0` keeps the per-member read from being pulled
 * up into a join it could turn around.
 */
function proposerMatches(db: Db, where: SQL | undefined, pattern: SQL | Placeholder) {
  const named = membersNamed(db, pattern);
  const theirs = db
    .select(matchColumns)
    .from(proposals)
    .where(and(where, eq(proposals.proposerId, named.id)))
    .offset(NOT_PULLED_UP)
    .as('theirs');
  return db
    .select({
      id: theirs.id,
      createdAt: theirs.createdAt,
      number: theirs.number,
      status: theirs.status,
      votingEndHeight: theirs.votingEndHeight,
      vetoEndHeight: theirs.vetoEndHeight,
    })
    .from(named)
    .innerJoinLateral(theirs, sql`true`);
}

/**
 * A search's page and total: its matches (`matches`) are read once (a CTE read twice is computed once), counted,
 * and the page is sorted from them. A walk over a sort index checking each proposal instead read all 5,000 for a
 * name that matches no proposer (7.7 ms; docs/list-performance.md#searches); a proposal list's matches are few
 * enough to sort.
 */
function searchStatement(
  db: Db,
  matches: WithSubquery & SortColumns,
  sortBy: ProposalListQuery['sortBy'],
  p: Pick<StatementParams, 'limit' | 'offset'>,
) {
  const page = db
    .select({ id: matches.id })
    .from(matches)
    .orderBy(...listOrder(sortBy, matches))
    .limit(p.limit)
    .offset(p.offset)
    .as('page');
  return pageRows(db, page, listOrder(sortBy), sql<number>`(select count(*)::int from ${matches})`, matches);
}

/** The list rows of a page's ids (`page`), in `order`, with the cards and `total` (read from `cte`, if any). */
function pageRows(
  db: Db,
  page: Subquery & { id: AnyPgColumn },
  order: SQL[],
  total: SQL<number>,
  cte?: WithSubquery,
) {
  return (cte ? db.with(cte) : db)
    .select({
      ...summaryColumns,
      proposer: card(proposer),
      owner: card(owner),
      total,
    })
    .from(page)
    .innerJoin(proposals, eq(proposals.id, page.id))
    .leftJoin(proposer, eq(proposer.id, proposals.proposerId))
    .leftJoin(owner, eq(owner.id, proposals.ownerId))
    .orderBy(...order);
}

/**
 * A plain list's total summed from `proposal_counts` (a few rows, kept exact by a trigger) instead of counting up
 * to 5,000 index entries: every published proposal (no status), or these statuses, of one type or any.
 */
function countedTotal(statuses: ProposalRow['status'][], type: SQL | Placeholder | undefined): SQL<number> {
  const conds = [
    statuses.length ? inArray(proposalCounts.status, statuses) : ne(proposalCounts.status, 'DRAFT'),
    type !== undefined ? eq(proposalCounts.type, type) : undefined,
  ];
  return sql<number>`(select coalesce(sum(${proposalCounts.n}), 0)::int from ${proposalCounts} where ${and(...conds)})`;
}

/** Status sets of the plain list that run as prepared statements: every published one, one status, or both windows. */
function preparedStatuses(
  statuses: ProposalListQuery['status'],
): { key: string; set: ProposalRow['status'][] } | null {
  const set = [...new Set(statuses ?? [])].sort();
  if (set.includes('DRAFT')) return null;
  if (set.length <= 1 || (set.length === 2 && set.join() === 'NOTIFICATION,PROPOSED'))
    return { key: set.join('_') || 'all', set };
  return null;
}

/**
 * One page of the list with its total (see `pageStatement`). A list of a common status set (a type or not, "unvoted
 * by me" or not, a search or not, no dates) runs as a statement prepared once per connection and shape. Without a
 * search, on a generic plan: planning it cost as much as running it (2.8 ms of planning for 0.7 ms of running
 * "unvoted by me"), and its total is summed from `proposal_counts` (`countedTotal`). A search is planned at each call
 * with its word (its best plan depends on how many proposals match) and counts its matches.
 */
export async function proposalPage(
  db: Db,
  query: ProposalListQuery,
  where: SQL | undefined,
  page: { limit: number; offset: number },
  caller: { me: { memberId: string; term: number } | null; height: number | null },
) {
  const statuses = preparedStatuses(query.status);
  const unvoted = query.unvotedByMe && caller.me !== null && caller.height !== null;
  const shaped = statuses && !query.createdFrom && !query.createdTo && (unvoted || !query.unvotedByMe);
  if (!shaped) {
    const rows = await pageStatement(db, where, listOrder(query.sortBy), page).execute();
    return { rows, total: rows[0]?.total ?? null };
  }
  const search = query.search ? searchValues(query.searchBy, query.search) : null;
  const parts = search ? searchParts(search) : null;
  // A proposer's name specific enough to read the matches member by member (proposerMatches).
  const byMember = parts?.join() === 'proposer' && narrowsNames(query.search!);
  const name = `proposal_list_${statuses.key}_${query.sortBy}${query.type ? '_type' : ''}${unvoted ? '_unvoted' : ''}${
    parts ? `_search_${parts.join('_') || 'none'}${byMember ? '_by_member' : ''}` : ''
  }`;
  const statement = preparedOnce(
    db,
    name,
    (on) => {
      const p = placeholders();
      const me = unvoted ? { memberId: p.v('memberId'), term: p.v('term') } : null;
      const type = query.type ? p.v('type') : undefined;
      const searched = parts ? searchWhere(parts, (part) => p.v(part)) : undefined;
      const height = unvoted ? p.v('height') : null;
      const shapeWhere = listCondition(query, null, me, height, type, searched);
      if (parts) {
        const matches = byMember
          ? on
              .$with('matches')
              .as(proposerMatches(on, listCondition(query, null, me, height, type, null), p.v('proposer')))
          : on.$with('matches').as(matchesOf(on, shapeWhere));
        return searchStatement(on, matches, query.sortBy, p).prepare(name);
      }
      // "Unvoted by me" counts its few open windows; every other list sums its counts.
      const total = unvoted ? undefined : countedTotal(statuses.set, type);
      return pageStatement(on, shapeWhere, listOrder(query.sortBy), p, total).prepare(name);
    },
    { plan: parts ? 'custom' : 'generic' },
  );
  const rows = await statement.execute({
    type: query.type,
    ...page,
    ...search,
    ...(unvoted ? { memberId: caller.me!.memberId, term: caller.me!.term, height: caller.height } : {}),
  });
  return { rows, total: rows[0]?.total ?? null };
}

/** One page of whole proposal rows (the CSV export's columns). */
export async function proposalRowsPage(
  db: Db,
  where: SQL | undefined,
  order: SQL[],
  limit: number,
  offset: number,
): Promise<ProposalRow[]> {
  return db
    .select()
    .from(proposals)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

export async function proposalCount(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(proposals)
    .where(where);
  return row?.n ?? 0;
}

/** Which of these proposals the member's vote is on chain for. */
export async function votedOnChain(db: Db, proposalIds: string[], memberId: string): Promise<Set<string>> {
  if (proposalIds.length === 0) return new Set();
  const rows = await db
    .select({ id: proposalVotes.proposalId })
    .from(proposalVotes)
    .where(
      and(
        inArray(proposalVotes.proposalId, proposalIds),
        eq(proposalVotes.memberId, memberId),
        isNotNull(proposalVotes.chainedChoice),
      ),
    );
  return new Set(rows.map((v) => v.id));
}
