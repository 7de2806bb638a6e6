import type { AppDeps } from '../../app-deps';
import type {
  CandidateList,
  CouncilMember,
  CouncilMemberDetail,
  CouncilOverview,
  CouncilTerm,
  HeightEta,
} from '@cr/contract/council.contract';
import type { CouncilMemberRef } from '@cr/contract/proposal.contract';
import { holdsTwoThirds } from '@cr/contract/vote-tally';
import type { Db } from '@cr/core/db/db-client';
import type { CouncilMemberRow, CouncilTermRow, GovernanceStateRow } from '@cr/core/db/schema/council.schema';
import { notFound } from '@cr/core/errors/app-error';
import { readChainClock, etaOf, type ChainClock } from '../../chain/chain-clock';
import { memberRef, memberIdOf } from './council-member';
import { usersByDid, findUserById } from '../user';
import * as repo from './council.repo';
import { isUuid } from '@cr/core/db/record-ref';

function heightEta(height: number, clock: ChainClock): HeightEta {
  return {
    height,
    at: etaOf(height, clock)?.toISOString() ?? null,
    reached: clock.height !== null && clock.height >= height,
  };
}

function termView(t: CouncilTermRow, clock: ChainClock, current: boolean): CouncilTerm {
  return {
    term: t.term,
    start: heightEta(t.startHeight, clock),
    end: heightEta(t.endHeight, clock),
    electionStart: heightEta(t.electionStartHeight, clock),
    seats: t.seats,
    seated: t.seated,
    current,
  };
}

/** True when no proposal may be registered: election period, term over, or fewer than 2/3 of seats held. */
export function electionRunning(t: CouncilTermRow | undefined, height: number | null): boolean {
  if (!t) return true;
  if (height !== null && height >= t.electionStartHeight) return true;
  return !holdsTwoThirds(t.seated, t.seats);
}

/** Votes per member DID in a term: all recorded, and those on chain. */
async function voteCounts(db: Db, term: number) {
  const rows = await repo.voteCountsOfTerm(db, term);
  return new Map(rows.map((r) => [r.did, r]));
}

async function membersView(db: Db, term: number): Promise<CouncilMember[]> {
  const members = await repo.membersOfTerm(db, term);
  const [byDid, counts] = await Promise.all([
    usersByDid(
      db,
      members.map((m) => m.did),
    ),
    voteCounts(db, term),
  ]);
  return members.map((m: CouncilMemberRow) => {
    const user = byDid.get(m.did) ?? null;
    return {
      ...memberRef(m.did, m.memberId, user),
      term: m.term,
      seated: m.seated,
      votesChained: Number(counts.get(m.did)?.chained ?? 0),
      votesTotal: Number(counts.get(m.did)?.total ?? 0),
      bio: user?.motto ?? null,
    };
  });
}

async function secretariat(db: Db, gov: GovernanceStateRow | undefined) {
  const staff = await repo.secretariatStaff(db, 50);
  const refOf = (u: (typeof staff)[number]): CouncilMemberRef =>
    memberRef(u.did ?? '', u.did ? memberIdOf(u.did) : '', {
      _id: u.id,
      username: u.username,
      firstName: u.firstName,
      lastName: u.lastName,
      avatar: u.avatar,
    });
  let general: CouncilMemberRef | null = null;
  if (gov?.secretaryDid) {
    const byDid = await usersByDid(db, [gov.secretaryDid]);
    general = memberRef(gov.secretaryDid, memberIdOf(gov.secretaryDid), byDid.get(gov.secretaryDid) ?? null);
  }
  return { secretaryGeneral: general, staff: staff.map(refOf) };
}

function paramsOf(gov: GovernanceStateRow | undefined) {
  if (!gov?.termLengthBlocks || !gov.electionPeriodBlocks || !gov.votingPeriodBlocks) return null;
  return {
    termLengthBlocks: gov.termLengthBlocks,
    electionPeriodBlocks: gov.electionPeriodBlocks,
    votingPeriodBlocks: gov.votingPeriodBlocks,
  };
}

/** GET /api/council — the current term's members (from the chain) and the secretariat. */
export async function councilOverview(deps: AppDeps): Promise<CouncilOverview> {
  const db = deps.database.db;
  const [clock, term, gov] = await Promise.all([
    readChainClock(db, deps.config.CHAIN_ID),
    repo.latestTerm(db),
    repo.getGovernanceState(db),
  ]);
  return {
    current: term ? termView(term, clock, true) : null,
    members: term ? await membersView(db, term.term) : [],
    secretariat: await secretariat(db, gov),
    params: paramsOf(gov),
    electionRunning: electionRunning(term, clock.height),
    height: clock.height,
    avgBlockMs: clock.avgBlockMs,
  };
}

/** GET /api/council/terms — every term with its members, newest first (the tab of previous terms). */
export async function councilTerms(deps: AppDeps) {
  const db = deps.database.db;
  const [clock, terms] = await Promise.all([readChainClock(db, deps.config.CHAIN_ID), repo.listTerms(db)]);
  const latest = terms[0]?.term;
  return {
    terms: await Promise.all(
      terms.map(async (t) => ({
        ...termView(t, clock, t.term === latest),
        members: await membersView(db, t.term),
      })),
    ),
    height: clock.height,
    avgBlockMs: clock.avgBlockMs,
  };
}

/** A member's DID from a user id, a DID or an on-chain member id. */
async function didOf(db: Db, id: string): Promise<string> {
  if (id.startsWith('did:')) return id;
  if (isUuid(id)) {
    const u = await findUserById(db, id);
    if (u?.did) return u.did;
  } else {
    const m = await repo.memberById(db, id);
    if (m) return m.did;
  }
  throw notFound('council member', 'council.member_not_found');
}

/** GET /api/council/members/:id — profile and voting record with reasons (/council/detail/{id}). */
export async function councilMemberDetail(
  deps: AppDeps,
  id: string,
  q: { page: number; results: number; term?: number },
): Promise<CouncilMemberDetail> {
  const db = deps.database.db;
  const did = await didOf(db, id);
  const seats = await repo.seatsOfDid(db, did);
  if (seats.length === 0) throw notFound('council member', 'council.member_not_found');
  const latest = await repo.latestTerm(db);
  const byDid = await usersByDid(db, [did]);
  const user = byDid.get(did) ?? null;
  const [rows, total, stats] = await Promise.all([
    repo.voteRecordPage(db, did, q.term, q.results, (q.page - 1) * q.results),
    repo.voteRecordCount(db, did, q.term),
    repo.choiceCounts(db, did),
  ]);
  const stat = (c: string) => stats.find((s) => s.choice === c)?.n ?? 0;
  return {
    member: memberRef(did, memberIdOf(did), user),
    bio: user?.motto ?? null,
    terms: seats.map((s) => ({ term: s.term, seated: s.seated, current: s.term === latest?.term })),
    record: {
      list: rows.map((r) => ({
        proposal: { _id: r.id, number: r.number, title: r.title, status: r.status },
        choice: r.choice!,
        reason: r.reason ?? '',
        votedAt: r.votedAt?.toISOString() ?? '',
        chainStatus: r.chainStatus,
        txHash: r.txHash,
      })),
      total,
      page: q.page,
      results: q.results,
    },
    stats: { yes: stat('yes'), oppose: stat('oppose'), abstain: stat('abstain') },
  };
}

/** GET /api/council/secretariat/:id — the secretary general or a secretariat member. */
export async function secretariatPosition(deps: AppDeps, id: string) {
  const db = deps.database.db;
  const gov = await repo.getGovernanceState(db);
  const ref = id.startsWith('did:') ? { did: id } : isUuid(id) ? { id } : undefined;
  const u = ref ? await repo.personCard(db, ref) : undefined;
  const did = u?.did ?? (id.startsWith('did:') ? id : null);
  const isGeneral = !!did && did === gov?.secretaryDid;
  if (!did || (!isGeneral && u?.role !== 'SECRETARY'))
    throw notFound('secretariat position', 'council.secretariat_not_found');
  return {
    person: memberRef(
      did,
      memberIdOf(did),
      u
        ? { _id: u.id, username: u.username, firstName: u.firstName, lastName: u.lastName, avatar: u.avatar }
        : null,
    ),
    isSecretaryGeneral: isGeneral,
    bio: u?.motto ?? null,
  };
}

/**
 * GET /api/council/candidates. The chain has no election contract yet: outside the election period the answer
 * is `none` with the next election's heights and ETAs; during it, `running` with no candidates listed.
 */
export async function candidates(deps: AppDeps): Promise<CandidateList> {
  const db = deps.database.db;
  const [clock, term] = await Promise.all([readChainClock(db, deps.config.CHAIN_ID), repo.latestTerm(db)]);
  const running = !!term && clock.height !== null && clock.height >= term.electionStartHeight;
  return {
    state: running ? 'running' : 'none',
    election: term
      ? { start: heightEta(term.electionStartHeight, clock), end: heightEta(term.endHeight, clock) }
      : null,
    candidates: [],
  };
}
