import { nameOf, ProposalStatus, VoteChoice } from '@cr/contracts-abi/governance-enums';
import type { NewChainEvent } from '@cr/core/chain/chain-index.repo';
import type { ProposalStatus as Status } from '@cr/contract/proposal.contract';
import { hasRole } from '@cr/contract/roles.contract';
import type { Role } from '@cr/contract/user.contract';
import type { Db } from '@cr/core/db/db-client';
import type { ProposalRow } from '@cr/core/db/schema/proposal.schema';
import { countEventsOfDraft, latestEvents } from '@cr/core/chain/chain-index.repo';
import { findUserByDid } from '../account';
import {
  cutTermShort,
  findTerm,
  getGovernanceState,
  memberById,
  patchGovernanceState,
  saveTerm,
  seatMember,
  syncCouncilRoles,
  unseatMember,
} from '../council';
import { moveRoleOfDid, setRole } from '../user';
import { vetoThresholdWei } from './proposal-rules';
import * as repo from './proposal-projection.repo';
import type { MailJob } from '@cr/core/queues/mail-queue';
import { moveProposalStatus, type ProposalMoveFields } from './proposal.repo';

/**
 * The chain's Council and Governance events, projected into the database in the block watcher's transaction
 * (docs/proposal-states.md). Every step is idempotent: re-reading the same events in order gives the same rows
 * (status moves only from the event's `from`, effects apply once, votes only move to a higher nonce).
 * `npm run reindex` replays every event through this code after clearing what it writes: a column this projection
 * starts writing must be cleared there too (scripts/src/reindex/reindex-reset.repo.ts).
 */

export type ProposalUpdateReason = 'status' | 'vote' | 'veto' | 'registration' | 'payment' | 'conclusion';
export type ProjectionNotice = { id: string; status: Status; reason: ProposalUpdateReason };

const str = (v: unknown) => String(v);
const num = (v: unknown) => Number(v);
const choiceName = (v: unknown) => {
  const name = nameOf(VoteChoice, num(v));
  return name === 'NONE' ? null : (name.toLowerCase() as 'yes' | 'oppose' | 'abstain');
};

/** Events after which the seated DIDs of the latest term may differ, so the site's COUNCIL roles follow. */
const SEAT_EVENTS = new Set(['council:TermStarted', 'council:MemberSeated', 'council:MemberRemoved']);

/** What a projection leaves to do once its transaction committed: page updates to push, e-mails to queue. */
export interface Projection {
  notices: ProjectionNotice[];
  /** Status e-mails, each recorded in proposal_notifications by the same transaction. */
  mails: MailJob[];
}

export async function projectEvents(events: NewChainEvent[], tx: Db): Promise<Projection> {
  const mails: MailJob[] = [];
  const notices = await projectEach(events, tx, mails);
  if (events.some((e) => SEAT_EVENTS.has(`${e.stream}:${e.name}`))) await syncCouncilRoles(tx);
  return { notices, mails };
}

async function projectEach(events: NewChainEvent[], tx: Db, mails: MailJob[]): Promise<ProjectionNotice[]> {
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
      case 'council:TermStarted':
        await saveTerm(tx, {
          term: num(a.term),
          startHeight: num(a.start),
          endHeight: num(a.end),
          electionStartHeight: num(a.electionStart),
          seats: num(a.seats),
          seated: num(a.seated),
        });
        break;
      case 'council:TermCutShort':
        await cutTermShort(tx, num(a.term), num(a.end));
        break;
      case 'council:MemberSeated':
        await seatMember(tx, {
          term: num(a.term),
          memberId: str(a.memberId).toLowerCase(),
          did: str(a.did),
          qx: str(a.qx).toLowerCase(),
          qy: str(a.qy).toLowerCase(),
          seatedHeight: e.blockNumber,
        });
        break;
      case 'council:MemberRemoved':
        await unseatMember(tx, {
          term: num(a.term),
          memberId: str(a.memberId).toLowerCase(),
          removedHeight: e.blockNumber,
          seatedLeft: num(a.seatedLeft),
        });
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
        const term = await findTerm(tx, num(a.term));
        const row = await repo.recordRegistration(tx, str(a.draftHash).toLowerCase(), {
          term: num(a.term),
          registeredHeight: e.blockNumber,
          votingEndHeight: num(a.votingEnd),
          vetoEndHeight: num(a.vetoEnd),
          registerTxHash: e.txHash,
          ...(term ? { seats: term.seats } : {}),
        });
        if (row) notices.push({ ...row, reason: 'registration' });
        break;
      }
      case 'governance:StatusChanged': {
        const notice = await moveStatus(tx, str(a.draftHash).toLowerCase(), num(a.from), num(a.to), mails);
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
        const stakes = await countEventsOfDraft(tx, 'governance', 'VetoLocked', draftHash);
        const row = await repo.recordVeto(tx, draftHash, str(a.totalWei), stakes);
        if (row) notices.push({ ...row, reason: 'veto' });
        break;
      }
      default:
        break;
    }
  }
  return notices;
}

/**
 * Moves the status if the row is still in `from` (so replaying is a no-op); effects with it, and the owner's
 * e-mail recorded (proposal_notifications) and added to `mails`, queued by the caller after commit.
 */
async function moveStatus(
  tx: Db,
  draftHash: string,
  from: number,
  to: number,
  mails: MailJob[],
): Promise<ProjectionNotice | null> {
  const fromName = nameOf(ProposalStatus, from) as Status | 'NONE';
  const toName = nameOf(ProposalStatus, to) as Status;
  if (fromName === 'NONE') return null; // registration: the row is PROPOSED since the member signed
  const fields: ProposalMoveFields = {};
  if (toName === 'NOTIFICATION') {
    // The contract fixes the threshold when the proposal enters NOTIFICATION, from the parameters of that moment.
    const state = await getGovernanceState(tx);
    const threshold = vetoThresholdWei(state?.circulatingSupplyWei ?? null, state?.vetoThresholdBps ?? null);
    if (threshold !== null) fields.vetoThresholdWei = threshold.toString();
  }
  const row = await moveProposalStatus(tx, { draftHash }, fromName, toName, fields);
  if (!row) return null;
  if (row.ownerId && (await repo.queueOwnerNotice(tx, row.id, `status:${toName}`, row.ownerId)))
    mails.push({ kind: 'proposal.status', proposalId: row.id, status: toName, recipientId: row.ownerId });
  if (toName === 'ACTIVE') await applyEffects(tx, row);
  return { id: row.id, status: toName, reason: 'status' };
}

/**
 * What an ACTIVE CHANGE_OWNER / CHANGE_SECRETARY / TERMINATE proposal changes in the database — once
 * (effects_applied_at), and only now: never during the veto window.
 */
async function applyEffects(tx: Db, p: ProposalRow): Promise<void> {
  if (!(await repo.claimEffects(tx, p.id)) || !p.terms) return;
  const t = p.terms;
  if (p.kind === 'CHANGE_OWNER') {
    const owner = await findUserByDid(tx, t.newDid);
    await repo.patchActiveTarget(tx, t.target.toLowerCase(), {
      ownerDid: t.newDid,
      ownerId: owner?.id ?? null,
      updatedAt: new Date(),
    });
  } else if (p.kind === 'TERMINATE') {
    await moveProposalStatus(tx, { draftHash: t.target.toLowerCase() }, 'ACTIVE', 'TERMINATED');
  } else if (p.kind === 'CHANGE_SECRETARY') {
    await moveSecretaryRole(tx, t.newDid);
  }
}

/** The SECRETARY role moves from the previous secretary general's account to the nominee's. */
async function moveSecretaryRole(tx: Db, newDid: string): Promise<void> {
  const changes = await latestEvents(tx, 'council', 'SecretaryChanged', 10);
  const previous = changes.map((c) => String(c.args.did)).find((did) => did !== newDid);
  if (previous) await moveRoleOfDid(tx, previous, 'SECRETARY', 'MEMBER');
  const nominee = await findUserByDid(tx, newDid);
  if (nominee && !hasRole(nominee.role as Role, 'SECRETARY')) await setRole(tx, nominee.id, 'SECRETARY');
}

/** A vote the chain recorded: the member's chained choice moves to it (only to a higher nonce). */
async function recordVote(tx: Db, e: NewChainEvent): Promise<ProjectionNotice | null> {
  const a = e.args;
  // The proposal row first, then the vote's: the order of castVote and the vote callback (no deadlock with them).
  const p = await repo.findByDraftHash(tx, String(a.draftHash).toLowerCase(), true);
  if (!p) return null;
  const memberId = String(a.memberId).toLowerCase();
  const choice = choiceName(a.choice);
  const nonce = Number(a.nonce);
  if (!(await repo.advanceChainedVote(tx, p.id, memberId, { choice, nonce }))) {
    // A vote relayed by someone else (not through this site): keep what the chain says.
    const m = await memberById(tx, memberId);
    if (m) {
      const user = await findUserByDid(tx, m.did);
      await repo.insertChainedVote(tx, {
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
      });
    }
  }
  await repo.recountVotes(tx, p.id);
  return { id: p.id, status: p.status, reason: 'vote' };
}
