import type { AppDeps } from '../../app-deps';
import {
  PROPOSAL_STATUS_LABELS,
  type ProposalList,
  type ProposalListQuery,
} from '@cr/contract/proposal.contract';
import { tallyFromCounts } from '@cr/contract/vote-tally';
import type { Db } from '@cr/core/db/db-client';
import type { AuthUser } from '../session';
import { csvCell } from '../suggestion';
import { seatedNow } from '../council';
import { listContext } from './proposal-clock';
import { readChainClock } from '../../chain/chain-clock';
import { toSummary } from './proposal-view';
import type { PublicAuthor } from '@cr/contract/suggestion.contract';
import { publicUsers } from '../user';
import {
  listCondition,
  listOrder,
  proposalCount,
  proposalPage,
  proposalRowsPage,
  votedOnChain,
} from './proposal-list.repo';
import { personName } from '@cr/contract/person-name';

/** The caller's seat now (latest term, not ended at `height`), for "unvoted by me". */
async function callerSeat(db: Db, user: AuthUser | null, height: number | null) {
  const seat = user?.did ? await seatedNow(db, user.did, null) : null;
  if (!seat || (height !== null && height >= seat.term.endHeight)) return null;
  return { memberId: seat.member.memberId, term: seat.term.term };
}

/** GET /api/proposals — one page with totals, each row with its votes so far and time left in its window. */
export async function listProposals(
  deps: AppDeps,
  user: AuthUser | null,
  query: ProposalListQuery,
): Promise<ProposalList> {
  const db = deps.database.db;
  const { clock, gov, seatOf } = await listContext(db, deps.config.CHAIN_ID);
  const seat = user?.did ? seatOf(user.did) : null;
  const me =
    seat && !(clock.height !== null && clock.height >= seat.term.endHeight)
      ? { memberId: seat.member.memberId, term: seat.term.term }
      : null;
  const where = listCondition(query, user?.id ?? null, me, clock.height);
  const page = await proposalPage(
    db,
    query,
    where,
    { limit: query.results, offset: (query.page - 1) * query.results },
    { me, height: clock.height },
  );
  const { rows } = page;
  const cards = new Map<string, PublicAuthor>();
  for (const r of rows)
    for (const c of [r.proposer, r.owner])
      if (c?.id && c.username !== null)
        cards.set(c.id, {
          _id: c.id,
          username: c.username,
          firstName: c.firstName,
          lastName: c.lastName,
          avatar: c.avatar,
        });
  const [total, voted] = await Promise.all([
    page.total ?? proposalCount(db, where),
    // "Unvoted by me" lists only what the caller has not voted on chain: nothing on it to look up.
    me && !query.unvotedByMe
      ? votedOnChain(
          db,
          rows.map((r) => r.id),
          me.memberId,
        )
      : new Set<string>(),
  ]);
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
    total,
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
  const where = listCondition(query, user?.id ?? null, me, clock.height);
  const order = listOrder(query.sortBy);
  yield CSV_HEADER.map(csvCell).join(',') + '\r\n';
  for (let offset = 0; offset < CSV_MAX_ROWS; offset += CSV_BATCH) {
    const rows = await proposalRowsPage(db, where, order, CSV_BATCH, offset);
    if (rows.length === 0) return;
    const cards = await publicUsers(
      db,
      rows.map((r) => r.proposerId),
    );
    yield (
      rows
        .map((r) => {
          const c = cards.get(r.proposerId);
          const name = c ? personName(c) : '';
          const { undecided } = tallyFromCounts(
            { support: r.yesCount, reject: r.opposeCount, abstention: r.abstainCount },
            r.seats,
          );
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
