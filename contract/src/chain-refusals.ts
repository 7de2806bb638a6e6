import { holdsTwoThirds } from './vote-tally';

/**
 * The reverts of the governance contracts that the site can know before a member signs, as pure functions of the
 * chain state the contract itself reads (docs/chain-refusals.md). Each rule walks the contract function's checks
 * in the contract's order and answers the first custom error it would raise, or null. The api reads the state
 * through the chain reader (chain/chain-preflight.ts) before it issues a wallet request and again when the signed
 * reply arrives; chain-refusals.int.test.ts checks every rule against the deployed contracts. Signature checks
 * (InvalidSignature, SignatureReplayed) are the wallet's part and are not predicted here, except where a wrong
 * signer is knowable (`NotOwner`, `NotSecretary`: the key the contract would verify against is not the signer's).
 * Make-proposal's budget cap (BudgetOverCap) lives with the treasury figures, not here.
 */

/** Names of Governance.ProposalStatus (GovernanceTypes.sol). */
export type ChainProposalStatus =
  | 'NONE'
  | 'PROPOSED'
  | 'NOTIFICATION'
  | 'REJECT'
  | 'VETOED'
  | 'DEFERRED'
  | 'ACTIVE'
  | 'FINAL'
  | 'INCOMPLETED'
  | 'TERMINATED';
export type ChainProposalKind = 'NORMAL' | 'CHANGE_OWNER' | 'CHANGE_SECRETARY' | 'TERMINATE';
export type ChainStageKind = 'ADVANCE' | 'CONDITIONED' | 'COMPLETION';
export type ChainStageStatus =
  | 'WAITING_FOR_REQUEST'
  | 'WAITING_FOR_APPROVAL'
  | 'WAITING_FOR_WITHDRAWAL'
  | 'WITHDRAWN'
  | 'REJECTED'
  | 'CANCELLED';

/**
 * A refusal the chain would answer: the contract's custom error name, or `NotOwner` / `NotSecretary` /
 * `WithdrawalChanged` for a signature the contract would verify against another key or other words
 * (InvalidSignature on chain).
 */
export type ChainRefusalName =
  | 'AlreadyRegistered'
  | 'ElectionRunning'
  | 'CirculatingSupplyUnset'
  | 'InvalidDid'
  | 'InvalidKey'
  | 'InvalidTerms'
  | 'TargetNotActive'
  | 'NotCouncilMember'
  | 'ProposalLimitReached'
  | 'InvalidBudget'
  | 'UnknownProposal'
  | 'WrongStatus'
  | 'VotingClosed'
  | 'TermOver'
  | 'InvalidChoice'
  | 'StaleNonce'
  | 'ProposalNotActive'
  | 'UnknownBudget'
  | 'BudgetClosedAlready'
  | 'StageOutOfOrder'
  | 'StageNotRequestable'
  | 'StageNotRequested'
  | 'SecretaryUnset'
  | 'NothingToWithdraw'
  | 'TreasuryInsufficient'
  | 'InvalidOutcome'
  | 'StagesOutstanding'
  | 'NotOwner'
  | 'NotSecretary'
  | 'WithdrawalChanged';

export interface ChainRefusal {
  name: ChainRefusalName;
  /** What the contract's error carries, or a short detail (heights, amounts in wei as decimal strings). */
  detail?: string;
}

const refuse = (name: ChainRefusalName, detail?: string): ChainRefusal =>
  detail ? { name, detail } : { name };

/** Most proposals one council member may register in a term (Governance.MAX_PROPOSALS_PER_MEMBER). */
export const MAX_PROPOSALS_PER_MEMBER = 128;
/** Most budget stages of a proposal (Treasury.MAX_STAGES). */
export const MAX_STAGES = 16;

/** The council's current term as Council holds it (`currentTerm` 0: no council yet). */
export interface ChainTerm {
  currentTerm: number;
  electionStart: number;
  seats: number;
  seated: number;
}

/** Council.electionRunning() evaluated at block `height`. */
export function electionRunningAt(t: ChainTerm, height: number): boolean {
  if (t.currentTerm === 0) return true;
  return height >= t.electionStart || !holdsTwoThirds(t.seated, t.seats);
}

/** What Governance.register and Treasury.reserveBudget read, as seen for a transaction mined at `height`. */
export interface RegistrationState {
  /** The earliest block the relayed transaction can be mined in: the head + 1. */
  height: number;
  /** Governance.proposal(draftHash).status is not NONE. */
  registered: boolean;
  council: ChainTerm;
  circulatingSupplyWei: bigint;
  owner: { didValid: boolean; keyValid: boolean };
  terms: {
    kind: ChainProposalKind;
    recipientSet: boolean;
    stages: { kind: ChainStageKind; amountWei: bigint }[];
    targetSet: boolean;
    /** The target proposal on chain (CHANGE_OWNER, TERMINATE). */
    target: { kind: ChainProposalKind; status: ChainProposalStatus } | null;
    nominee: { set: boolean; didValid: boolean; keyValid: boolean };
    newRecipientSet: boolean;
  };
  /** The registering member in the current term. */
  member: { seated: boolean; proposalCount: number };
}

/** Governance.register's refusals (and reserveBudget's stage rules), in the contract's order. */
export function registrationRefusal(s: RegistrationState): ChainRefusal | null {
  if (s.registered) return refuse('AlreadyRegistered');
  if (electionRunningAt(s.council, s.height)) return refuse('ElectionRunning');
  if (s.circulatingSupplyWei === 0n) return refuse('CirculatingSupplyUnset');
  if (!s.owner.didValid) return refuse('InvalidDid', 'owner');
  if (!s.owner.keyValid) return refuse('InvalidKey', 'owner');
  const t = s.terms;
  const usesTarget = t.kind === 'CHANGE_OWNER' || t.kind === 'TERMINATE';
  const usesNominee = t.kind === 'CHANGE_OWNER' || t.kind === 'CHANGE_SECRETARY';
  if (t.kind !== 'NORMAL' && (t.stages.length > 0 || t.recipientSet))
    return refuse('InvalidTerms', 'budget on a non-NORMAL proposal');
  if (usesTarget) {
    if (t.target?.kind !== 'NORMAL' || t.target.status !== 'ACTIVE')
      return refuse('TargetNotActive', t.target?.status ?? 'NONE');
  } else if (t.targetSet) return refuse('InvalidTerms', 'target');
  if (usesNominee) {
    if (!t.nominee.didValid) return refuse('InvalidDid', 'nominee');
    if (!t.nominee.keyValid) return refuse('InvalidKey', 'nominee');
  } else if (t.nominee.set) return refuse('InvalidTerms', 'nominee');
  if ((t.kind === 'CHANGE_OWNER') !== t.newRecipientSet) return refuse('InvalidTerms', 'new recipient');
  if (!s.member.seated) return refuse('NotCouncilMember');
  if (s.member.proposalCount >= MAX_PROPOSALS_PER_MEMBER) return refuse('ProposalLimitReached');
  if (t.kind === 'NORMAL') return budgetRefusal(t.stages, t.recipientSet);
  return null;
}

/** Treasury.reserveBudget's stage rules (the cap excepted). */
function budgetRefusal(stages: RegistrationState['terms']['stages'], recipientSet: boolean) {
  const count = stages.length;
  if (count > MAX_STAGES) return refuse('InvalidBudget', 'too many stages');
  if ((count === 0) !== !recipientSet) return refuse('InvalidBudget', 'recipient');
  for (const [i, st] of stages.entries()) {
    if (st.amountWei === 0n) return refuse('InvalidBudget', 'zero amount');
    if (st.kind === 'ADVANCE' && i !== 0) return refuse('InvalidBudget', 'advance not first');
    if ((st.kind === 'COMPLETION') !== (i === count - 1))
      return refuse('InvalidBudget', 'completion not last');
  }
  return null;
}

/** A proposal as Governance holds it (null: never registered). */
export interface ChainProposal {
  kind: ChainProposalKind;
  status: ChainProposalStatus;
  term: number;
  votingEnd: number;
}

/** What Governance.vote reads. */
export interface VoteState {
  height: number;
  proposal: ChainProposal | null;
  /** Council.termBlocks(proposal.term).end: the first block after the proposal's council term. */
  termEnd: number;
  choice: 'YES' | 'OPPOSE' | 'ABSTAIN' | 'NONE';
  /** The voter holds a seat of the proposal's term. */
  seated: boolean;
  /** Nonce of the member's vote on chain (0: none) and of this one. */
  lastNonce: bigint;
  nonce: bigint;
}

/** Governance.vote's refusals; a later vote with a higher nonce replaces the earlier one, so no "already voted". */
export function voteRefusal(s: VoteState): ChainRefusal | null {
  const p = s.proposal;
  if (!p) return refuse('UnknownProposal');
  if (p.status !== 'PROPOSED') return refuse('WrongStatus', p.status);
  if (s.height >= p.votingEnd) return refuse('VotingClosed', String(p.votingEnd));
  if (s.height >= s.termEnd) return refuse('TermOver', String(p.term));
  if (s.choice === 'NONE') return refuse('InvalidChoice');
  if (!s.seated) return refuse('NotCouncilMember');
  if (s.nonce <= s.lastNonce) return refuse('StaleNonce', String(s.lastNonce));
  return null;
}

/** A budget as Treasury holds it. */
export interface ChainBudget {
  exists: boolean;
  closed: boolean;
  count: number;
  nextToApprove: number;
}

/** What Treasury.requestPayment and reviewPayment read. */
export interface PaymentState {
  proposalStatus: ChainProposalStatus;
  /** The signer's DID is the proposal's owner on chain (request), or the secretary general's (review). */
  signerMatches: boolean;
  budget: ChainBudget;
  stage: number;
  stageStatus: ChainStageStatus;
  secretarySet: boolean;
}

function openBudget(s: PaymentState): ChainRefusal | null {
  if (s.proposalStatus !== 'ACTIVE') return refuse('ProposalNotActive', s.proposalStatus);
  if (!s.budget.exists) return refuse('UnknownBudget');
  if (s.budget.closed) return refuse('BudgetClosedAlready');
  return null;
}

/** Treasury.requestPayment's refusals: the first stage not approved, waiting or rejected, by the owner's key. */
export function paymentRequestRefusal(s: PaymentState): ChainRefusal | null {
  const closed = openBudget(s);
  if (closed) return closed;
  if (s.stage !== s.budget.nextToApprove || s.stage >= s.budget.count)
    return refuse('StageOutOfOrder', String(s.budget.nextToApprove));
  if (s.stageStatus !== 'WAITING_FOR_REQUEST' && s.stageStatus !== 'REJECTED')
    return refuse('StageNotRequestable', s.stageStatus);
  if (!s.signerMatches) return refuse('NotOwner');
  return null;
}

/** Treasury.reviewPayment's refusals: a requested stage, reviewed by the secretary general seated on chain. */
export function paymentReviewRefusal(s: PaymentState): ChainRefusal | null {
  const closed = openBudget(s);
  if (closed) return closed;
  if (s.stage >= s.budget.count || s.stageStatus !== 'WAITING_FOR_APPROVAL')
    return refuse('StageNotRequested', s.stageStatus);
  if (!s.secretarySet) return refuse('SecretaryUnset');
  if (!s.signerMatches) return refuse('NotSecretary');
  return null;
}

/** Statuses in which Treasury.withdraw pays approved work (approved work stays owed after the end). */
const PAYABLE: readonly ChainProposalStatus[] = ['ACTIVE', 'FINAL', 'INCOMPLETED', 'TERMINATED'];

/** What Treasury.withdraw reads, and the amount and recipient the owner is asked to sign. */
export interface WithdrawalState {
  proposalStatus: ChainProposalStatus;
  ownerMatches: boolean;
  budgetExists: boolean;
  /** Treasury.withdrawable(draftHash) and the budget's recipient. */
  dueWei: bigint;
  recipient: string;
  balanceWei: bigint;
  signed: { amountWei: bigint; recipient: string };
}

/** Treasury.withdraw's refusals; a statement naming another amount or recipient would not verify on chain. */
export function withdrawalRefusal(s: WithdrawalState): ChainRefusal | null {
  if (!PAYABLE.includes(s.proposalStatus)) return refuse('ProposalNotActive', s.proposalStatus);
  if (!s.budgetExists) return refuse('UnknownBudget');
  if (s.dueWei === 0n) return refuse('NothingToWithdraw');
  if (!s.ownerMatches) return refuse('NotOwner');
  if (s.dueWei !== s.signed.amountWei || s.recipient.toLowerCase() !== s.signed.recipient.toLowerCase())
    return refuse('WithdrawalChanged', s.dueWei.toString());
  if (s.balanceWei < s.dueWei) return refuse('TreasuryInsufficient', s.balanceWei.toString());
  return null;
}

/** What Governance.conclude reads. */
export interface ConclusionState {
  outcome: 'FINAL' | 'INCOMPLETED';
  proposal: ChainProposal | null;
  ownerMatches: boolean;
  secretarySet: boolean;
  secretaryMatches: boolean;
  /** Treasury.fullyApproved(draftHash): every stage approved. */
  fullyApproved: boolean;
}

/** Governance.conclude's refusals: an ACTIVE NORMAL proposal; FINAL only once every stage is approved. */
export function conclusionRefusal(s: ConclusionState): ChainRefusal | null {
  const p = s.proposal;
  if (!p) return refuse('UnknownProposal');
  if (p.kind !== 'NORMAL' || p.status !== 'ACTIVE') return refuse('WrongStatus', p.status);
  if (!s.secretarySet) return refuse('SecretaryUnset');
  if (!s.ownerMatches) return refuse('NotOwner');
  if (!s.secretaryMatches) return refuse('NotSecretary');
  if (s.outcome === 'FINAL' && !s.fullyApproved) return refuse('StagesOutstanding');
  return null;
}
