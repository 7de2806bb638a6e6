import { eq, sql } from 'drizzle-orm';
import { canRetry } from '@cr/core/chain/chain-status';
import { rowFromJson, rowJson } from '@cr/core/db/row-json';
import { preparedOnce } from '@cr/core/db/statement-params';
import { alias } from 'drizzle-orm/pg-core';
import type { PublicAuthor } from '@cr/contract/suggestion.contract';
import type { Db } from '@cr/core/db/db-client';
import { displayNumberOf, isUuid } from '@cr/core/db/record-ref';
import { chainHead } from '@cr/core/db/schema/chain.schema';
import { governanceState } from '@cr/core/db/schema/council.schema';
import { elips } from '@cr/core/db/schema/elip.schema';
import { proposals, type ProposalRow, type ProposalVoteRow } from '@cr/core/db/schema/proposal.schema';
import { suggestions } from '@cr/core/db/schema/suggestion.schema';
import { users } from '@cr/core/db/schema/users.schema';
import type { ChainActionView } from '@cr/core/chain/chain-action-events';

/** A public card with the member's motto, as the vote table shows a council member. */
export type MemberCard = PublicAuthor & { motto: string | null };

/** The vote columns the detail page shows (and the vote table's row is made from: proposal-view.ts). */
export type VoteColumns = Pick<
  ProposalVoteRow,
  | 'memberId'
  | 'memberDid'
  | 'choice'
  | 'reason'
  | 'votedAt'
  | 'chainStatus'
  | 'chainActionId'
  | 'txHash'
  | 'chainedChoice'
>;

export type DetailVote = VoteColumns & { user: MemberCard | null };

export interface DetailMember {
  did: string;
  memberId: string;
  seated: boolean;
  user: MemberCard | null;
}

/** A CHANGE_OWNER / TERMINATE proposal aimed at this one, with whether the chain skipped its effect. */
export interface DetailChangedBy {
  id: string;
  number: number | null;
  title: string;
  kind: string;
  status: string;
  draftHash: string | null;
  skipped: boolean;
}

// Why one statement: the detail page used to cost 10–13 queries (row, clock, governance, votes, members, their
// accounts, transactions, changes aimed at it, cards, suggestion, ELIP, the caller's seat), each a round trip and
// a parse in Node and PostgreSQL. Every part below is answered by a primary key or an index.
const cardJson = (u: string) =>
  `json_build_object('_id', ${u}.id, 'username', ${u}.username, 'firstName', ${u}.first_name, 'lastName', ${u}.last_name, 'avatar', ${u}.profile->>'avatar', 'motto', coalesce(${u}.profile->>'motto', ${u}.profile->>'bio'))`;

// The term's members and the proposal's votes in one list, matched by member id (a vote by someone outside the
// term, or a member who has not voted, is a row of its own): each person's card is read once, not once for their
// seat and again for their vote.
const seatsAndVotesJson = sql.raw(`(select coalesce(json_agg(json_build_object(
  'did', coalesce(m.did, v.member_did), 'memberId', coalesce(m.member_id, v.member_id), 'seated', m.seated,
  'inTerm', m.member_id is not null,
  'vote', case when v.member_id is null then null else json_build_object(
    'memberDid', v.member_did, 'choice', v.choice, 'reason', v.reason, 'votedAt', v.voted_at,
    'chainStatus', v.chain_status, 'chainActionId', v.chain_action_id, 'txHash', v.tx_hash,
    'chainedChoice', v.chained_choice) end,
  'user', (select ${cardJson('u')} from users u where u.did = coalesce(m.did, v.member_did)))
  order by m.seated_height, m.did, v.member_id), '[]'::json)
  from (select * from council_members cm where cm.term = "proposals"."term") m
  full join (select * from proposal_votes pv where pv.proposal_id = "proposals"."id") v on v.member_id = m.member_id)`);

const transactionsJson = sql.raw(`(select coalesce(json_agg(json_build_object(
  'id', a.id, 'kind', a.kind, 'mode', a.mode, 'subjectType', a.subject_type, 'subjectId', a.subject_id,
  'status', a.status, 'txHash', a.tx_hash, 'blockNumber', a.block_number, 'confirmations', a.confirmations,
  'failureType', a.failure_type, 'failureReason', a.failure_reason, 'updatedAt', a.updated_at)
  order by a.created_at), '[]'::json)
  from chain_actions a where a.subject_type = 'proposal' and a.subject_id = "proposals"."id"::text)`);

// The expression of proposals_target_idx and of countEventsOfDraft (proposal-effect.ts), as they were queried.
const changedByJson =
  sql.raw(`(case when "proposals"."kind" = 'NORMAL' and "proposals"."draft_hash" is not null then
  (select coalesce(json_agg(json_build_object('id', t.id, 'number', t.number, 'title', t.title, 'kind', t.kind,
    'status', t.status, 'draftHash', t.draft_hash,
    'skipped', t.draft_hash is not null and exists (select 1 from chain_events e where e.stream = 'governance'
      and e.name = 'EffectSkipped' and lower(e.args->>'draftHash') = t.draft_hash)) order by t.number), '[]'::json)
  from proposals t where t.kind in ('CHANGE_OWNER', 'TERMINATE') and t.status <> 'DRAFT'
    and lower(t.terms->>'target') = lower("proposals"."draft_hash"))
  else '[]'::json end)`);

const proposer = alias(users, 'proposer_card');
const owner = alias(users, 'owner_card');
const cardOf = (u: typeof proposer | typeof owner) =>
  sql`(case when ${u.id} is null then null else json_build_object('id', ${u.id}, 'username', ${u.username}, 'firstName', ${u.firstName}, 'lastName', ${u.lastName}, 'avatar', ${u.profile}->>'avatar') end)`;

/** What the statement answers, as one JSON value (`rowJson` says why). */
interface DetailJson {
  p: Record<string, unknown>;
  head: Record<string, unknown> | null;
  gov: Record<string, unknown> | null;
  proposer: RawCard | null;
  owner: RawCard | null;
  suggestion: { id: string; number: number; title: string } | null;
  elip: { number: number; title: string } | null;
  seatsAndVotes: RawSeatOrVote[];
  transactions: RawAction[];
  changedBy: DetailChangedBy[];
  latestTermEnd: number | null;
  seatedInLatest: boolean;
}

function detailQuery(db: Db, by: 'id' | 'number') {
  const did = sql.placeholder('did');
  // latestTermEnd and seatedInLatest are seatedNow (council.repo.ts) in one piece: the latest term's end, and the
  // caller's seat in it.
  const detail = sql<DetailJson>`json_build_object(
    'p', ${rowJson(proposals)},
    'head', ${rowJson(chainHead, chainHead.chainId)},
    'gov', ${rowJson(governanceState, governanceState.id)},
    'proposer', ${cardOf(proposer)},
    'owner', ${cardOf(owner)},
    'suggestion', (case when ${suggestions.id} is null then null else json_build_object('id', ${suggestions.id}, 'number', ${suggestions.number}, 'title', ${suggestions.title}) end),
    'elip', (case when ${elips.id} is null then null else json_build_object('number', ${elips.number}, 'title', ${elips.title}) end),
    'seatsAndVotes', ${seatsAndVotesJson},
    'transactions', ${transactionsJson},
    'changedBy', ${changedByJson},
    'latestTermEnd', (select t.end_height from council_terms t order by t.term desc limit 1),
    'seatedInLatest', exists (select 1 from council_members m where m.term = (select max(t.term) from council_terms t) and m.did = ${did} and m.seated))`;
  return db
    .select({ detail })
    .from(proposals)
    .leftJoin(chainHead, eq(chainHead.chainId, sql`${sql.placeholder('chainId')}::int`))
    .leftJoin(governanceState, eq(governanceState.id, 1))
    .leftJoin(proposer, eq(proposer.id, proposals.proposerId))
    .leftJoin(owner, eq(owner.id, proposals.ownerId))
    .leftJoin(suggestions, eq(suggestions.id, proposals.suggestionId))
    .leftJoin(elips, eq(elips.id, proposals.elipId))
    .where(
      by === 'id'
        ? eq(proposals.id, sql`${sql.placeholder('ref')}::uuid`)
        : eq(proposals.number, sql`${sql.placeholder('ref')}::int`),
    )
    .prepare(`proposal_detail_by_${by}`);
}

/** A row of seatsAndVotesJson: a seat of the proposal's term, its vote, or both. */
interface RawSeatOrVote {
  did: string;
  memberId: string;
  seated: boolean | null;
  inTerm: boolean;
  vote: (Omit<VoteColumns, 'memberId' | 'votedAt'> & { votedAt: string | null }) | null;
  user: MemberCard | null;
}
type RawAction = Omit<ChainActionView, 'retryable' | 'updatedAt'> & { updatedAt: string };
interface RawCard {
  id: string;
  username: string;
  firstName: string | null;
  lastName: string | null;
  avatar: string | null;
}

const toCard = (c: RawCard | null): PublicAuthor | null =>
  c && { _id: c.id, username: c.username, firstName: c.firstName, lastName: c.lastName, avatar: c.avatar };

/**
 * A proposal (by uuid or display number) with all its detail page shows, in one prepared statement: the chain
 * clock and governance parameters, its votes and the term's members with their accounts, its chain actions, the
 * proposals changing it, the cards of proposer and owner, its suggestion and ELIP, and whether `userDid` holds a
 * seat in the latest term.
 */
export async function findProposalDetail(
  db: Db,
  ref: string,
  chainId: number | null,
  userDid: string | null,
) {
  const number = displayNumberOf(ref);
  const by = isUuid(ref) ? 'id' : number !== null ? 'number' : null;
  if (!by) return undefined;
  const [found] = await preparedOnce(db, `proposal_detail_by_${by}`, (on) => detailQuery(on, by), {
    plan: 'generic',
  }).execute({
    ref: by === 'id' ? ref : number,
    chainId,
    did: userDid,
  });
  if (!found) return undefined;
  const row = found.detail;
  const p: ProposalRow = rowFromJson(proposals, row.p);
  const votes: DetailVote[] = [];
  const members: DetailMember[] = [];
  for (const r of row.seatsAndVotes) {
    if (r.inTerm) members.push({ did: r.did, memberId: r.memberId, seated: r.seated!, user: r.user });
    if (r.vote)
      votes.push({
        ...r.vote,
        memberId: r.memberId,
        votedAt: r.vote.votedAt ? new Date(r.vote.votedAt) : null,
        user: r.user,
      });
  }
  const cards = new Map<string, PublicAuthor>();
  for (const c of [toCard(row.proposer), toCard(row.owner)]) if (c) cards.set(c._id, c);
  return {
    p,
    head: row.head && rowFromJson(chainHead, row.head),
    gov: row.gov ? rowFromJson(governanceState, row.gov) : undefined,
    cards,
    suggestion: row.suggestion,
    elip: row.elip,
    votes,
    members,
    // The fields of toChainActionView (chain-action-events.ts), in its order.
    transactions: row.transactions.map((a): ChainActionView => ({
      id: a.id,
      kind: a.kind,
      mode: a.mode,
      subjectType: a.subjectType,
      subjectId: a.subjectId,
      status: a.status,
      txHash: a.txHash,
      blockNumber: a.blockNumber,
      confirmations: a.confirmations,
      failureType: a.failureType,
      failureReason: a.failureReason,
      retryable: canRetry(a.status, a.mode, a.failureType),
      updatedAt: new Date(a.updatedAt).toISOString(),
    })),
    changedBy: row.changedBy,
    latestTermEnd: row.latestTermEnd,
    seatedInLatest: row.seatedInLatest,
  };
}
