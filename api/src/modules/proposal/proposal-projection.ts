import { and, desc, eq, or, sql } from 'drizzle-orm';
import { nameOf, ProposalStatus, VoteChoice } from '@cr/contracts-abi/governance-enums';
import type { NewChainEvent } from '../../chain/chain-index.repo';
import type { ProposalStatus as Status } from '../../contract/proposal.contract';
import { hasRole } from '../../contract/roles.contract';
import type { Role } from '../../contract/user.contract';
import type { Db } from '../../db/db-client';
import { chainEvents } from '../../db/schema/chain.schema';
import { councilMembers, councilTerms } from '../../db/schema/council.schema';
import {
  proposalNotifications,
  proposals,
  proposalVotes,
  type ProposalRow,
} from '../../db/schema/proposal.schema';
import { users } from '../../db/schema/users.schema';
import { getGovernanceState, patchGovernanceState, syncCouncilRoles } from '../council/council.repo';
import { vetoThresholdWei } from './proposal-rules';

/**
 * The chain's Council and Governance events, projected into the database in the block watcher's transaction
 * (docs/proposal-states.md). Every step is idempotent: re-reading the same events in order gives the same rows
 * (status moves only from the event's `from`, effects apply once, votes only move to a higher nonce).
 */

export type ProposalUpdateReason = 'status' | 'vote' | 'veto' | 'registration';
export type ProjectionNotice = { id: string; status: Status; reason: ProposalUpdateReason };

const str = (v: unknown) => String(v);
const num = (v: unknown) => Number(v);
const choiceName = (v: unknown) => {
  const name = nameOf(VoteChoice, num(v));
  return name === 'NONE' ? null : (name.toLowerCase() as 'yes' | 'oppose' | 'abstain');
};

/** Events after which the seated DIDs of the latest term may differ, so the site's COUNCIL roles follow. */
const SEAT_EVENTS = new Set(['council:TermStarted', 'council:MemberSeated', 'council:MemberRemoved']);

export async function projectEvents(events: NewChainEvent[], tx: Db): Promise<ProjectionNotice[]> {
  const notices = await projectEach(events, tx);
  if (events.some((e) => SEAT_EVENTS.has(`${e.stream}:${e.name}`))) await syncCouncilRoles(tx);
  return notices;
}

async function projectEach(events: NewChainEvent[], tx: Db): Promise<ProjectionNotice[]> {
  const notices: ProjectionNotice[] = [];
  for (const e of events) {
    const a = e.args;
    switch (`${e.stream}:${e.name}`) {
      case 'council:TermParamsSet':
        await patchGovernanceState(tx, {
          termLengthBlocks: num(a.termLengthBlocks),
          electionPeriodBlocks: num(a.electionPeriodBlocks),
        });
        break;
      case 'council:TermStarted': {
        const row = {
          term: num(a.term),
          startHeight: num(a.start),
          endHeight: num(a.end),
          electionStartHeight: num(a.electionStart),
          seats: num(a.seats),
          seated: num(a.seated),
        };
        await tx
          .insert(councilTerms)
          .values(row)
          .onConflictDoUpdate({ target: councilTerms.term, set: { ...row, updatedAt: sql`now()` } });
        break;
      }
      case 'council:TermCutShort':
        await tx
          .update(councilTerms)
          .set({ endHeight: num(a.end), updatedAt: sql`now()` })
          .where(eq(councilTerms.term, num(a.term)));
        break;
      case 'council:MemberSeated':
        await tx
          .insert(councilMembers)
          .values({
            term: num(a.term),
            memberId: str(a.memberId).toLowerCase(),
            did: str(a.did),
            qx: str(a.qx).toLowerCase(),
            qy: str(a.qy).toLowerCase(),
            seated: true,
            seatedHeight: e.blockNumber,
          })
          .onConflictDoNothing();
        break;
      case 'council:MemberRemoved':
        await tx
          .update(councilMembers)
          .set({ seated: false, removedHeight: e.blockNumber })
          .where(
            and(
              eq(councilMembers.term, num(a.term)),
              eq(councilMembers.memberId, str(a.memberId).toLowerCase()),
            ),
          );
        await tx
          .update(councilTerms)
          .set({ seated: num(a.seatedLeft) })
          .where(eq(councilTerms.term, num(a.term)));
        break;
      case 'council:SecretaryChanged':
        await patchGovernanceState(tx, {
          secretaryDid: str(a.did),
          secretaryQx: str(a.qx).toLowerCase(),
          secretaryQy: str(a.qy).toLowerCase(),
          secretaryByProposal: /^0x0+$/.test(str(a.byProposal)) ? null : str(a.byProposal).toLowerCase(),
        });
        break;
      case 'governance:VotingPeriodSet':
        await patchGovernanceState(tx, { votingPeriodBlocks: num(a.blocks) });
        break;
      case 'governance:CirculatingSupplySet':
        await patchGovernanceState(tx, { circulatingSupplyWei: str(a.amountWei) });
        break;
      case 'governance:VetoThresholdSet':
        await patchGovernanceState(tx, { vetoThresholdBps: num(a.bps) });
        break;
      case 'governance:ProposalRegistered': {
        const [seats] = await tx
          .select({ seats: councilTerms.seats })
          .from(councilTerms)
          .where(eq(councilTerms.term, num(a.term)));
        const [row] = await tx
          .update(proposals)
          .set({
            term: num(a.term),
            registeredHeight: e.blockNumber,
            votingEndHeight: num(a.votingEnd),
            vetoEndHeight: num(a.vetoEnd),
            registerTxHash: e.txHash,
            ...(seats ? { seats: seats.seats } : {}),
            updatedAt: sql`now()`,
          })
          .where(eq(proposals.draftHash, str(a.draftHash).toLowerCase()))
          .returning({ id: proposals.id, status: proposals.status });
        if (row) notices.push({ ...row, reason: 'registration' });
        break;
      }
      case 'governance:StatusChanged': {
        const notice = await moveStatus(tx, str(a.draftHash).toLowerCase(), num(a.from), num(a.to));
        if (notice) notices.push(notice);
        break;
      }
      case 'governance:VoteCast': {
        const notice = await recordVote(tx, e);
        if (notice) notices.push(notice);
        break;
      }
      case 'governance:VetoLocked': {
        const draftHash = str(a.draftHash).toLowerCase();
        const [stakes] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(chainEvents)
          .where(
            and(
              eq(chainEvents.stream, 'governance'),
              eq(chainEvents.name, 'VetoLocked'),
              sql`lower(${chainEvents.args}->>'draftHash') = ${draftHash}`,
            ),
          );
        const [row] = await tx
          .update(proposals)
          .set({
            vetoTotalWei: sql`greatest(${proposals.vetoTotalWei}, ${str(a.totalWei)}::numeric)`,
            vetoStakes: stakes?.n ?? 0,
            updatedAt: sql`now()`,
          })
          .where(eq(proposals.draftHash, draftHash))
          .returning({ id: proposals.id, status: proposals.status });
        if (row) notices.push({ ...row, reason: 'veto' });
        break;
      }
      default:
        break;
    }
  }
  return notices;
}

/** Moves the status if the row is still in `from` (so replaying is a no-op); owner mail and effects with it. */
async function moveStatus(
  tx: Db,
  draftHash: string,
  from: number,
  to: number,
): Promise<ProjectionNotice | null> {
  const fromName = nameOf(ProposalStatus, from) as Status | 'NONE';
  const toName = nameOf(ProposalStatus, to) as Status;
  if (fromName === 'NONE') return null; // registration: the row is PROPOSED since the member signed
  const patch: Partial<ProposalRow> = { status: toName, statusChangedAt: new Date(), updatedAt: new Date() };
  if (toName === 'NOTIFICATION') {
    // The contract fixes the threshold when the proposal enters NOTIFICATION, from the parameters of that moment.
    const state = await getGovernanceState(tx);
    const threshold = vetoThresholdWei(state?.circulatingSupplyWei ?? null, state?.vetoThresholdBps ?? null);
    if (threshold !== null) patch.vetoThresholdWei = threshold.toString();
  }
  const [row] = await tx
    .update(proposals)
    .set(patch)
    .where(and(eq(proposals.draftHash, draftHash), eq(proposals.status, fromName)))
    .returning();
  if (!row) return null;
  if (row.ownerId) {
    await tx
      .insert(proposalNotifications)
      .values({ proposalId: row.id, kind: `status:${toName}`, recipientId: row.ownerId, status: 'pending' })
      .onConflictDoNothing();
  }
  if (toName === 'ACTIVE') await applyEffects(tx, row);
  return { id: row.id, status: toName, reason: 'status' };
}

/**
 * What an ACTIVE CHANGE_OWNER / CHANGE_SECRETARY / TERMINATE proposal changes in the database — once
 * (effects_applied_at), and only now: never during the veto window.
 */
async function applyEffects(tx: Db, p: ProposalRow): Promise<void> {
  const [claimed] = await tx
    .update(proposals)
    .set({ effectsAppliedAt: new Date() })
    .where(and(eq(proposals.id, p.id), sql`${proposals.effectsAppliedAt} is null`))
    .returning({ id: proposals.id });
  if (!claimed || !p.terms) return;
  const t = p.terms;
  if (p.kind === 'CHANGE_OWNER') {
    const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.did, t.newDid));
    await tx
      .update(proposals)
      .set({ ownerDid: t.newDid, ownerId: owner?.id ?? null, updatedAt: new Date() })
      .where(and(eq(proposals.draftHash, t.target.toLowerCase()), eq(proposals.status, 'ACTIVE')));
  } else if (p.kind === 'TERMINATE') {
    await tx
      .update(proposals)
      .set({ status: 'TERMINATED', statusChangedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(proposals.draftHash, t.target.toLowerCase()), eq(proposals.status, 'ACTIVE')));
  } else if (p.kind === 'CHANGE_SECRETARY') {
    await moveSecretaryRole(tx, t.newDid);
  }
}

/** The SECRETARY role moves from the previous secretary general's account to the nominee's. */
async function moveSecretaryRole(tx: Db, newDid: string): Promise<void> {
  const changes = await tx
    .select({ args: chainEvents.args })
    .from(chainEvents)
    .where(and(eq(chainEvents.stream, 'council'), eq(chainEvents.name, 'SecretaryChanged')))
    .orderBy(desc(chainEvents.blockNumber), desc(chainEvents.logIndex))
    .limit(10);
  const previous = changes.map((c) => String(c.args.did)).find((did) => did !== newDid);
  if (previous)
    await tx
      .update(users)
      .set({ role: 'MEMBER', updatedAt: new Date() })
      .where(and(eq(users.did, previous), eq(users.role, 'SECRETARY')));
  const [nominee] = await tx
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(eq(users.did, newDid));
  if (nominee && !hasRole(nominee.role as Role, 'SECRETARY'))
    await tx.update(users).set({ role: 'SECRETARY', updatedAt: new Date() }).where(eq(users.id, nominee.id));
}

/** A vote the chain recorded: the member's chained choice moves to it (only to a higher nonce). */
async function recordVote(tx: Db, e: NewChainEvent): Promise<ProjectionNotice | null> {
  const a = e.args;
  const [p] = await tx
    .select({ id: proposals.id, status: proposals.status, term: proposals.term })
    .from(proposals)
    .where(eq(proposals.draftHash, String(a.draftHash).toLowerCase()));
  if (!p) return null;
  const memberId = String(a.memberId).toLowerCase();
  const choice = choiceName(a.choice);
  const nonce = Number(a.nonce);
  const updated = await tx
    .update(proposalVotes)
    .set({ chainedChoice: choice, chainedNonce: nonce, chainedAt: new Date() })
    .where(
      and(
        eq(proposalVotes.proposalId, p.id),
        eq(proposalVotes.memberId, memberId),
        or(sql`${proposalVotes.chainedNonce} is null`, sql`${proposalVotes.chainedNonce} < ${nonce}`),
      ),
    )
    .returning({ id: proposalVotes.id });
  if (updated.length === 0) {
    // A vote relayed by someone else (not through this site): keep what the chain says.
    const [m] = await tx
      .select({ did: councilMembers.did })
      .from(councilMembers)
      .where(eq(councilMembers.memberId, memberId))
      .limit(1);
    if (m) {
      const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.did, m.did));
      await tx
        .insert(proposalVotes)
        .values({
          proposalId: p.id,
          memberId,
          memberDid: m.did,
          userId: user?.id ?? null,
          choice,
          opinionHash: String(a.opinionHash),
          version: nonce,
          chainStatus: 'chained',
          txHash: e.txHash,
          votedAt: new Date(),
          chainedChoice: choice,
          chainedNonce: nonce,
          chainedAt: new Date(),
        })
        .onConflictDoNothing();
    }
  }
  await recountVotes(tx, p.id);
  return { id: p.id, status: p.status, reason: 'vote' };
}

/** The proposal's yes / oppose / abstain counts from the chained choices (what the list shows). */
export async function recountVotes(tx: Db, proposalId: string): Promise<void> {
  const count = (c: string) =>
    sql<number>`(select count(*)::int from ${proposalVotes} where ${proposalVotes.proposalId} = ${proposalId} and ${proposalVotes.chainedChoice} = ${c})`;
  await tx
    .update(proposals)
    .set({ yesCount: count('yes'), opposeCount: count('oppose'), abstainCount: count('abstain') })
    .where(eq(proposals.id, proposalId));
}

/** Proposals not final yet whose window closed at `height`: the finalize calls the watcher makes. */
export async function closedWindows(db: Db, height: number) {
  return db
    .select({ id: proposals.id, status: proposals.status, draftHash: proposals.draftHash })
    .from(proposals)
    .where(
      or(
        and(eq(proposals.status, 'PROPOSED'), sql`${proposals.votingEndHeight} <= ${height}`),
        and(eq(proposals.status, 'NOTIFICATION'), sql`${proposals.vetoEndHeight} <= ${height}`),
      ),
    )
    .limit(200);
}
