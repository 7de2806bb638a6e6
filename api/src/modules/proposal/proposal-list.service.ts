import { and, eq, gte, inArray, isNotNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../app-deps';
import {
  PROPOSAL_STATUS_LABELS,
  type ProposalList,
  type ProposalListQuery,
} from '../../contract/proposal.contract';
import type { Db } from '../../db/db-client';
import { proposals, proposalVotes } from '../../db/schema/proposal.schema';
import type { AuthUser } from '../session/auth-user';
import { csvCell } from '../suggestion/suggestion-list.service';
import { escapeLike, searchTsQuery } from '../suggestion/suggestion-search';
import { seatedNow } from '../council/council.repo';
import { listContext, readChainClock } from './proposal-clock';
import { toSummary } from './proposal-view';
import { publicUsers } from './proposal.repo';

const NOTHING = sql`false`;
const DAY_MS = 86_400_000;

/** What a search matches: number (exact, "#12" too), title (indexed words), proposer name (trigram index). */
export function searchCondition(searchBy: ProposalListQuery['searchBy'], text: string): SQL {
  const number = /^#?\s*([1-9][0-9]{0,15})$/.exec(text);
  const byNumber = number ? eq(proposals.number, Number(number[1])) : NOTHING;
  const q = searchTsQuery(text);
  const byTitle = q ? sql`${proposals.titleSearch} @@ ${q}::tsquery` : NOTHING;
  // The expression is the one users_name_trgm_idx indexes (pg_trgm), so the match comes from the index.
  const pattern = `%${escapeLike(text.toLowerCase())}%`;
  const byProposer = sql`${proposals.proposerId} in (select u2.id from users u2 where lower(coalesce(u2.username, '') || ' ' || coalesce(u2.first_name, '') || ' ' || coalesce(u2.last_name, '')) like ${pattern})`;
  switch (searchBy) {
    case 'number':
      return byNumber;
    case 'title':
      return byTitle;
    case 'proposer':
      return byProposer;
    case 'any':
      return number ? or(byNumber, byTitle)! : or(byTitle, byProposer)!;
  }
}

/**
 * The WHERE of a list query. DRAFT rows appear only to the council member who wrote them (status=DRAFT); the
 * default list is every published proposal. "Unvoted by me": open voting windows of the caller's term with no
 * vote of theirs on chain.
 */
export function listCondition(
  query: ProposalListQuery,
  user: AuthUser | null,
  me: { memberId: string; term: number } | null,
  height: number | null,
): SQL | undefined {
  const parts: SQL[] = [];
  const statuses = query.status ?? [];
  const published = statuses.filter((s) => s !== 'DRAFT');
  const drafts =
    statuses.includes('DRAFT') && user
      ? and(eq(proposals.status, 'DRAFT'), eq(proposals.proposerId, user.id))!
      : null;
  if (statuses.length === 0) parts.push(ne(proposals.status, 'DRAFT'));
  else {
    const pub = published.length ? inArray(proposals.status, published) : null;
    parts.push(pub && drafts ? or(pub, drafts)! : (pub ?? drafts ?? NOTHING));
  }
  if (query.type) parts.push(eq(proposals.type, query.type));
  if (query.createdFrom) parts.push(gte(proposals.createdAt, new Date(`${query.createdFrom}T00:00:00Z`)));
  if (query.createdTo)
    parts.push(
      lt(proposals.createdAt, new Date(new Date(`${query.createdTo}T00:00:00Z`).getTime() + DAY_MS)),
    );
  if (query.search) parts.push(searchCondition(query.searchBy, query.search));
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

export function listOrder(sortBy: ProposalListQuery['sortBy']): SQL[] {
  switch (sortBy) {
    // NULLS LAST matches proposals_created_idx (created_at DESC NULLS LAST), so the newest page is an index
    // scan with an incremental sort on the id tie-breaker instead of a sort of the whole table.
    case 'newest':
      return [sql`${proposals.createdAt} desc nulls last`, sql`${proposals.id} desc`];
    case 'oldest':
      return [sql`${proposals.createdAt} asc nulls first`, sql`${proposals.id} asc`];
    case 'number':
      return [sql`${proposals.number} desc nulls last`, sql`${proposals.createdAt} desc nulls last`];
    case 'endingSoon':
      return [
        sql`case when ${proposals.status} = 'PROPOSED' then ${proposals.votingEndHeight} when ${proposals.status} = 'NOTIFICATION' then ${proposals.vetoEndHeight} end asc nulls last`,
        sql`${proposals.number} desc nulls last`,
      ];
  }
}

/** The caller's seat now (latest term, not ended at `height`), for "unvoted by me". */
async function callerSeat(db: Db, user: AuthUser | null, height: number | null) {
  const seat = user?.did ? await seatedNow(db, user.did, null) : null;
  if (!seat || (height !== null && height >= seat.term.endHeight)) return null;
  return { memberId: seat.member.memberId, term: seat.term.term };
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

/** GET /api/proposals — one page with totals, each row with its votes so far and time left in its window. */
export async function listProposals(
  deps: AppDeps,
  user: AuthUser | null,
  query: ProposalListQuery,
): Promise<ProposalList> {
  const db = deps.database.db;
  const [{ clock, gov }, seat] = await Promise.all([
    listContext(db, deps.config.CHAIN_ID),
    user?.did ? seatedNow(db, user.did, null) : Promise.resolve(null),
  ]);
  const me =
    seat && !(clock.height !== null && clock.height >= seat.term.endHeight)
      ? { memberId: seat.member.memberId, term: seat.term.term }
      : null;
  const where = listCondition(query, user, me, clock.height);
  const [rows, [count]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(proposals)
      .where(where)
      .orderBy(...listOrder(query.sortBy))
      .limit(query.results)
      .offset((query.page - 1) * query.results),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(proposals)
      .where(where),
  ]);
  const ids = rows.map((r) => r.id);
  const [cards, votedRows] = await Promise.all([
    publicUsers(
      db,
      rows.flatMap((r) => [r.proposerId, r.ownerId]),
    ),
    me && ids.length
      ? db
          .select({ id: proposalVotes.proposalId })
          .from(proposalVotes)
          .where(
            and(
              inArray(proposalVotes.proposalId, ids),
              eq(proposalVotes.memberId, me.memberId),
              isNotNull(proposalVotes.chainedChoice),
            ),
          )
      : Promise.resolve([]),
  ]);
  const voted = new Set(votedRows.map((v) => v.id));
  return {
    list: rows.map((r) => {
      const unvoted = me
        ? r.status === 'PROPOSED' &&
          r.term === me.term &&
          r.votingEndHeight !== null &&
          clock.height !== null &&
          clock.height < r.votingEndHeight &&
          !voted.has(r.id)
        : null;
      return toSummary(r, cards, clock, gov, unvoted);
    }),
    total: count?.n ?? 0,
    page: query.page,
    results: query.results,
    height: clock.height,
    avgBlockMs: clock.avgBlockMs,
  };
}

export const CSV_MAX_ROWS = 10_000;
const CSV_BATCH = 500;
export const CSV_HEADER = [
  'Number',
  'Title',
  'Type',
  'Status',
  'Proposer',
  'Created',
  'Yes',
  'Oppose',
  'Abstain',
  'Undecided',
  'Budget requested (ELA)',
  'Voting ends (block)',
  'Veto ends (block)',
  'Draft hash',
];

/** GET /api/proposals/export.csv — the filtered list (no e-mails), in the list's order, in batches. */
export async function* exportProposalRows(deps: AppDeps, user: AuthUser | null, query: ProposalListQuery) {
  const db = deps.database.db;
  const clock = await readChainClock(db, deps.config.CHAIN_ID);
  const me = await callerSeat(db, user, clock.height);
  const where = listCondition(query, user, me, clock.height);
  const order = listOrder(query.sortBy);
  yield CSV_HEADER.map(csvCell).join(',') + '\r\n';
  for (let offset = 0; offset < CSV_MAX_ROWS; offset += CSV_BATCH) {
    const rows = await db
      .select()
      .from(proposals)
      .where(where)
      .orderBy(...order)
      .limit(CSV_BATCH)
      .offset(offset);
    if (rows.length === 0) return;
    const cards = await publicUsers(
      db,
      rows.map((r) => r.proposerId),
    );
    yield (
      rows
        .map((r) => {
          const c = cards.get(r.proposerId);
          const name = c ? [c.firstName, c.lastName].filter(Boolean).join(' ') || c.username : '';
          const undecided = Math.max(0, r.seats - r.yesCount - r.opposeCount - r.abstainCount);
          return [
            r.number,
            r.title,
            r.type,
            PROPOSAL_STATUS_LABELS[r.status],
            name,
            r.createdAt.toISOString(),
            r.yesCount,
            r.opposeCount,
            r.abstainCount,
            undecided,
            r.budgetTotal,
            r.votingEndHeight,
            r.vetoEndHeight,
            r.draftHash,
          ]
            .map(csvCell)
            .join(',');
        })
        .join('\r\n') + '\r\n'
    );
    if (rows.length < CSV_BATCH) return;
  }
}
