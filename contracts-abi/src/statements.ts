import { createHash } from 'node:crypto';
import { AbiCoder, getAddress, isHexString } from 'ethers';
import {
  ProposalKind,
  StageKind,
  type ProposalKindName,
  type StageKindName,
  type VoteChoiceName,
} from './governance-enums';

/**
 * The readable statements members sign, built exactly as contracts/Statements.sol rebuilds them on chain
 * (statements.int.test.ts compares both byte for byte). Show the member `statement`; the wallet's `didsign`
 * signs sha256(statement); `signdigest` over `statementDigest(statement)` gives the same signature.
 */

export type Hex32 = `0x${string}`;

export interface StageInput {
  kind: StageKindName;
  /** wei of ELA (18 decimals) */
  amount: bigint;
}

/** Mirrors `ProposalTerms` in GovernanceTypes.sol. Unused fields must be zero/empty for the kind. */
export interface ProposalTerms {
  kind: ProposalKindName;
  recipient: string;
  stages: StageInput[];
  target: Hex32;
  newDid: string;
  newQx: Hex32;
  newQy: Hex32;
  newRecipient: string;
}

export const ZERO_HASH = `0x${'0'.repeat(64)}` as Hex32;
export const ZERO_ADDRESS = `0x${'0'.repeat(40)}`;

/** Terms with every field empty, to spread kind-specific fields over. */
export function emptyTerms(kind: ProposalKindName): ProposalTerms {
  return {
    kind,
    recipient: ZERO_ADDRESS,
    stages: [],
    target: ZERO_HASH,
    newDid: '',
    newQx: ZERO_HASH,
    newQy: ZERO_HASH,
    newRecipient: ZERO_ADDRESS,
  };
}

/** The terms as the contract's ABI tuple (for ethers calls and for hashing). */
export function termsTuple(terms: ProposalTerms) {
  return [
    ProposalKind[terms.kind],
    getAddress(terms.recipient),
    terms.stages.map((stage) => [StageKind[stage.kind], stage.amount] as const),
    hex32(terms.target),
    terms.newDid,
    hex32(terms.newQx),
    hex32(terms.newQy),
    getAddress(terms.newRecipient),
  ] as const;
}

const termsType = 'tuple(uint8,address,tuple(uint8,uint256)[],bytes32,string,bytes32,bytes32,address)';

/** sha256(abi.encode(terms)), as Statements.termsHash. */
export function termsHash(terms: ProposalTerms): Hex32 {
  const encoded = AbiCoder.defaultAbiCoder().encode([termsType], [termsTuple(terms)]);
  return `0x${createHash('sha256')
    .update(Buffer.from(encoded.slice(2), 'hex'))
    .digest('hex')}`;
}

/** SHA-256 of the statement's UTF-8 bytes: what `didsign` signs, and what to send to `signdigest`. */
export function statementDigest(statement: string): Hex32 {
  return `0x${createHash('sha256').update(Buffer.from(statement, 'utf8')).digest('hex')}`;
}

/** SHA-256 of a text's UTF-8 bytes, e.g. a vote's opinion hash (bytes32). */
export function textHash(text: string): Hex32 {
  return statementDigest(text);
}

/** An amount in wei written in ELA: "12.5", "3", "0.000000000000000001" (as Statements.ela). */
export function formatEla(amountWei: bigint): string {
  if (amountWei < 0n) throw new RangeError('negative amount');
  const whole = amountWei / 10n ** 18n;
  const fraction = amountWei % 10n ** 18n;
  if (fraction === 0n) return whole.toString();
  return `${whole.toString()}.${fraction.toString().padStart(18, '0').replace(/0+$/, '')}`;
}

/** 0x + 64 lowercase hex; throws on anything else. */
export function hex32(value: string): Hex32 {
  if (!isHexString(value, 32)) throw new TypeError(`expected 32 bytes of 0x-hex, got ${value}`);
  return value.toLowerCase() as Hex32;
}

function hexAddress(address: string): string {
  return getAddress(address).toLowerCase();
}

/** SEC1 compressed key as 0x + 66 lowercase hex (02/03 by the parity of y), as DidSignature.compressedKeyHex. */
export function compressedKeyHex(qx: string, qy: string): string {
  const prefix = BigInt(hex32(qy)) & 1n ? '03' : '02';
  return `0x${prefix}${hex32(qx).slice(2)}`;
}

/** Readable part of the terms (Statements.summary). */
export function termsSummary(terms: ProposalTerms): string {
  switch (terms.kind) {
    case 'NORMAL': {
      const total = terms.stages.reduce((sum, stage) => sum + stage.amount, 0n);
      const count = terms.stages.length;
      return `NORMAL budget ${formatEla(total)} ELA in ${count} ${count === 1 ? 'stage' : 'stages'} to ${hexAddress(terms.recipient)}`;
    }
    case 'CHANGE_OWNER':
      return `CHANGE_OWNER of ${hex32(terms.target)} to ${terms.newDid}`;
    case 'CHANGE_SECRETARY':
      return `CHANGE_SECRETARY to ${terms.newDid}`;
    case 'TERMINATE':
      return `TERMINATE of ${hex32(terms.target)}`;
  }
}

const PREFIX = 'Cyber Republic ';
const nonceChain = (nonce: bigint | number, chainId: bigint | number) =>
  `, nonce ${BigInt(nonce).toString()}, chain ${BigInt(chainId).toString()}`;
const termTail = (term: number | bigint, nonce: bigint | number, chainId: bigint | number) =>
  `, term ${BigInt(term).toString()}${nonceChain(nonce, chainId)}`;
const stageOf = (stage: number, stageCount: number, draftHash: string) =>
  `stage ${stage + 1} of ${stageCount} of proposal ${hex32(draftHash)}`;

/** The owner signs the suggestion (no nonce: a draft hash registers once). */
export function ownerStatement(a: {
  draftHash: string;
  ownerDid: string;
  terms: ProposalTerms;
  chainId: bigint | number;
}) {
  return `${PREFIX}suggestion: owner ${a.ownerDid} signs draft ${hex32(a.draftHash)}, ${termsSummary(a.terms)}, terms ${termsHash(a.terms)}, chain ${BigInt(a.chainId).toString()}`;
}

/** A council member registers the suggestion as a proposal, committing to the owner's DID and key. */
export function registrationStatement(a: {
  draftHash: string;
  ownerDid: string;
  ownerQx: string;
  ownerQy: string;
  terms: ProposalTerms;
  term: number | bigint;
  nonce: bigint | number;
  chainId: bigint | number;
}) {
  return (
    `${PREFIX}proposal: register draft ${hex32(a.draftHash)} for owner ${a.ownerDid} key ${compressedKeyHex(a.ownerQx, a.ownerQy)}, ` +
    `${termsSummary(a.terms)}, terms ${termsHash(a.terms)}${termTail(a.term, a.nonce, a.chainId)}`
  );
}

/** A council member's vote; a later vote needs a higher nonce. */
export function voteStatement(a: {
  draftHash: string;
  choice: Exclude<VoteChoiceName, 'NONE'>;
  opinionHash: string;
  term: number | bigint;
  nonce: bigint | number;
  chainId: bigint | number;
}) {
  return `${PREFIX}council vote: ${a.choice} on proposal ${hex32(a.draftHash)}, opinion ${hex32(a.opinionHash)}${termTail(a.term, a.nonce, a.chainId)}`;
}

/** The owner requests payment of a stage; `stage` is 0-based, the statement counts from 1. */
export function paymentRequestStatement(a: {
  draftHash: string;
  stage: number;
  stageCount: number;
  amount: bigint;
  messageHash: string;
  nonce: bigint | number;
  chainId: bigint | number;
}) {
  return `${PREFIX}payment request: ${stageOf(a.stage, a.stageCount, a.draftHash)}, ${formatEla(a.amount)} ELA, message ${hex32(a.messageHash)}${nonceChain(a.nonce, a.chainId)}`;
}

/** The secretary general approves or rejects a requested stage. */
export function paymentReviewStatement(a: {
  draftHash: string;
  approve: boolean;
  stage: number;
  stageCount: number;
  amount: bigint;
  opinionHash: string;
  nonce: bigint | number;
  chainId: bigint | number;
}) {
  return `${PREFIX}payment review: ${a.approve ? 'APPROVE' : 'REJECT'} ${stageOf(a.stage, a.stageCount, a.draftHash)}, ${formatEla(a.amount)} ELA, opinion ${hex32(a.opinionHash)}${nonceChain(a.nonce, a.chainId)}`;
}

/** The owner withdraws every approved, unpaid stage (exactly `amount` wei) to the recipient. */
export function withdrawalStatement(a: {
  draftHash: string;
  amount: bigint;
  recipient: string;
  nonce: bigint | number;
  chainId: bigint | number;
}) {
  return `${PREFIX}withdrawal: proposal ${hex32(a.draftHash)} pays ${formatEla(a.amount)} ELA to ${hexAddress(a.recipient)}${nonceChain(a.nonce, a.chainId)}`;
}

/** Owner and secretary general co-sign these same words to conclude a proposal. */
export function conclusionStatement(a: {
  draftHash: string;
  outcome: 'FINAL' | 'INCOMPLETED';
  summaryHash: string;
  nonce: bigint | number;
  chainId: bigint | number;
}) {
  return `${PREFIX}conclusion: proposal ${hex32(a.draftHash)} is ${a.outcome}, summary ${hex32(a.summaryHash)}${nonceChain(a.nonce, a.chainId)}`;
}

/** `did:elastos:` + 1..52 base58 characters, as DidSignature.isValidDid (the contracts refuse anything else). */
export function isValidDid(did: string): boolean {
  return did.length <= 64 && /^did:elastos:[1-9A-HJ-NP-Za-km-z]+$/.test(did);
}
