import { Contract, keccak256, toUtf8Bytes, type JsonRpcProvider } from 'ethers';
import { councilInterface, governanceInterface, treasuryInterface } from '@cr/contracts-abi/artifacts';
import { ProposalKind, ProposalStatus, StageStatus, nameOf } from '@cr/contracts-abi/governance-enums';
import { toKeyObject } from '@cr/contracts-abi/p256';
import {
  isValidDid,
  ZERO_ADDRESS,
  ZERO_HASH,
  type Hex32,
  type ProposalTerms,
} from '@cr/contracts-abi/statements';
import type {
  ChainBudget,
  ChainProposal,
  ChainProposalKind,
  ChainProposalStatus,
  ChainStageStatus,
  ConclusionState,
  PaymentState,
  RegistrationState,
  VoteState,
  WithdrawalState,
} from '@cr/contract/chain-refusals';

/**
 * Reads the chain state each governance call depends on, as the contract reads it, for the pure rules of
 * contract/chain-refusals.ts. Every read is at one block (the head); `height` is the block a transaction sent now
 * is mined in at the earliest (head + 1), which is what `block.number` will be on chain.
 */
export interface ChainView {
  provider: JsonRpcProvider;
  governance: Contract;
  treasury: Contract;
  council: Contract;
}

export function chainViewOf(
  provider: JsonRpcProvider,
  addresses: { governance: string; treasury: string; council: string },
): ChainView {
  return {
    provider,
    governance: new Contract(addresses.governance, governanceInterface, provider),
    treasury: new Contract(addresses.treasury, treasuryInterface, provider),
    council: new Contract(addresses.council, councilInterface, provider),
  };
}

const memberIdOf = (did: string) => keccak256(toUtf8Bytes(did));
const call = async (c: Contract, fn: string, tag: number, ...args: unknown[]) =>
  (await c.getFunction(fn).staticCall(...args, { blockTag: tag })) as Record<string, unknown> & unknown[];

function keyValid(qx: string, qy: string): boolean {
  try {
    toKeyObject({ qx: qx as Hex32, qy: qy as Hex32 });
    return true;
  } catch {
    return false;
  }
}

/** The head, asked of the node each time (ethers keeps getBlockNumber's answer for 250 ms). */
async function head(v: ChainView): Promise<number> {
  return Number(await v.provider.send('eth_blockNumber', []));
}

interface RawProposal {
  kind: bigint;
  status: bigint;
  term: bigint;
  votingEnd: bigint;
  ownerDid: string;
}

async function proposalAt(v: ChainView, draftHash: string, tag: number) {
  const p = (await call(v.governance, 'proposal', tag, draftHash)) as unknown as RawProposal;
  const status = nameOf(ProposalStatus, p.status) as ChainProposalStatus;
  const proposal: ChainProposal | null =
    status === 'NONE'
      ? null
      : {
          kind: nameOf(ProposalKind, p.kind) as ChainProposalKind,
          status,
          term: Number(p.term),
          votingEnd: Number(p.votingEnd),
        };
  return { proposal, status, ownerDid: p.ownerDid };
}

async function budgetAt(v: ChainView, draftHash: string, tag: number): Promise<ChainBudget> {
  const b = (await call(v.treasury, 'budget', tag, draftHash)) as unknown as {
    exists: boolean;
    closed: boolean;
    count: bigint;
    nextToApprove: bigint;
  };
  return {
    exists: b.exists,
    closed: b.closed,
    count: Number(b.count),
    nextToApprove: Number(b.nextToApprove),
  };
}

async function secretaryAt(v: ChainView, tag: number) {
  const [key, did] = await Promise.all([
    call(v.council, 'secretaryKey', tag),
    call(v.council, 'secretaryDid', tag) as unknown as Promise<string>,
  ]);
  return { set: key[0] !== ZERO_HASH, did: String(did) };
}

/** What Governance.register reads, for `memberDid` registering `reg`. */
export async function readRegistrationState(
  v: ChainView,
  reg: { draftHash: string; ownerDid: string; ownerQx: string; ownerQy: string; terms: ProposalTerms },
  memberDid: string,
): Promise<RegistrationState> {
  const tag = await head(v);
  const t = reg.terms;
  const usesTarget = t.kind === 'CHANGE_OWNER' || t.kind === 'TERMINATE';
  const [registered, term, supply, target] = await Promise.all([
    proposalAt(v, reg.draftHash, tag),
    call(v.council, 'currentTerm', tag),
    call(v.governance, 'circulatingSupply', tag),
    usesTarget ? proposalAt(v, t.target, tag) : null,
  ]);
  const currentTerm = Number(term as unknown as bigint);
  const memberId = memberIdOf(memberDid);
  const [info, key, count] = await Promise.all([
    call(v.council, 'termInfo', tag, currentTerm) as unknown as Promise<{
      electionStart: bigint;
      seats: bigint;
      seated: bigint;
    }>,
    call(v.council, 'memberKey', tag, currentTerm, memberId),
    call(v.governance, 'proposalCount', tag, currentTerm, memberId),
  ]);
  const nomineeSet = t.newDid !== '' || t.newQx !== ZERO_HASH || t.newQy !== ZERO_HASH;
  return {
    height: tag + 1,
    registered: registered.proposal !== null,
    council: {
      currentTerm,
      electionStart: Number(info.electionStart),
      seats: Number(info.seats),
      seated: Number(info.seated),
    },
    circulatingSupplyWei: supply as unknown as bigint,
    owner: { didValid: isValidDid(reg.ownerDid), keyValid: keyValid(reg.ownerQx, reg.ownerQy) },
    terms: {
      kind: t.kind,
      recipientSet: t.recipient.toLowerCase() !== ZERO_ADDRESS,
      stages: t.stages.map((s) => ({ kind: s.kind, amountWei: s.amount })),
      targetSet: t.target !== ZERO_HASH,
      target: target?.proposal ?? null,
      nominee: { set: nomineeSet, didValid: isValidDid(t.newDid), keyValid: keyValid(t.newQx, t.newQy) },
      newRecipientSet: t.newRecipient.toLowerCase() !== ZERO_ADDRESS,
    },
    member: { seated: Boolean(key[0]), proposalCount: Number(count as unknown as bigint) },
  };
}

/** What Governance.vote reads for `memberDid`'s vote of `choice` with `nonce`. */
export async function readVoteState(
  v: ChainView,
  x: { draftHash: string; memberDid: string; choice: VoteState['choice']; nonce: bigint },
): Promise<VoteState> {
  const tag = await head(v);
  const memberId = memberIdOf(x.memberDid);
  const { proposal } = await proposalAt(v, x.draftHash, tag);
  const term = proposal?.term ?? 0;
  const [blocks, key, ballot] = await Promise.all([
    call(v.council, 'termBlocks', tag, term),
    call(v.council, 'memberKey', tag, term, memberId),
    call(v.governance, 'ballot', tag, x.draftHash, memberId) as unknown as Promise<{ nonce: bigint }>,
  ]);
  return {
    height: tag + 1,
    proposal,
    termEnd: Number(blocks[1] as bigint),
    choice: x.choice,
    seated: Boolean(key[0]),
    lastNonce: ballot.nonce,
    nonce: x.nonce,
  };
}

/** What Treasury.requestPayment (`owner`) or reviewPayment (`secretary`) reads for stage `stage`. */
export async function readPaymentState(
  v: ChainView,
  x: { draftHash: string; stage: number; signerDid: string; role: 'owner' | 'secretary' },
): Promise<PaymentState> {
  const tag = await head(v);
  const [p, budget, stage, secretary] = await Promise.all([
    proposalAt(v, x.draftHash, tag),
    budgetAt(v, x.draftHash, tag),
    call(v.treasury, 'stageOf', tag, x.draftHash, x.stage) as unknown as Promise<{ status: bigint }>,
    secretaryAt(v, tag),
  ]);
  return {
    proposalStatus: p.status,
    signerMatches: x.role === 'owner' ? p.ownerDid === x.signerDid : secretary.did === x.signerDid,
    budget,
    stage: x.stage,
    stageStatus: nameOf(StageStatus, stage.status) as ChainStageStatus,
    secretarySet: secretary.set,
  };
}

/** What Treasury.withdraw reads, with the amount and recipient of the statement the owner signs. */
export async function readWithdrawalState(
  v: ChainView,
  x: { draftHash: string; signerDid: string; amountWei: bigint; recipient: string },
): Promise<WithdrawalState> {
  const tag = await head(v);
  const treasury = await v.treasury.getAddress();
  const [p, budget, due, balance, raw] = await Promise.all([
    proposalAt(v, x.draftHash, tag),
    budgetAt(v, x.draftHash, tag),
    call(v.treasury, 'withdrawable', tag, x.draftHash),
    v.provider.getBalance(treasury, tag),
    call(v.treasury, 'budget', tag, x.draftHash) as unknown as Promise<{ recipient: string }>,
  ]);
  return {
    proposalStatus: p.status,
    ownerMatches: p.ownerDid === x.signerDid,
    budgetExists: budget.exists,
    dueWei: due as unknown as bigint,
    recipient: raw.recipient,
    balanceWei: balance,
    signed: { amountWei: x.amountWei, recipient: x.recipient },
  };
}

/** What Governance.conclude reads; `signer` is checked against its own role (the other signs separately). */
export async function readConclusionState(
  v: ChainView,
  x: { draftHash: string; outcome: 'FINAL' | 'INCOMPLETED'; signerDid: string; role: 'owner' | 'secretary' },
): Promise<ConclusionState> {
  const tag = await head(v);
  const [p, secretary, fully] = await Promise.all([
    proposalAt(v, x.draftHash, tag),
    secretaryAt(v, tag),
    call(v.treasury, 'fullyApproved', tag, x.draftHash),
  ]);
  return {
    outcome: x.outcome,
    proposal: p.proposal,
    ownerMatches: x.role !== 'owner' || p.ownerDid === x.signerDid,
    secretarySet: secretary.set,
    secretaryMatches: x.role !== 'secretary' || secretary.did === x.signerDid,
    fullyApproved: Boolean(fully),
  };
}
