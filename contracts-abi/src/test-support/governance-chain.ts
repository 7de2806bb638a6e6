import { randomBytes } from 'node:crypto';
import {
  Wallet,
  keccak256,
  toUtf8Bytes,
  parseEther,
  type JsonRpcProvider,
  type TransactionReceipt,
  type TransactionResponse,
} from 'ethers';
import { startAnvil, ANVIL_DEFAULT_KEYS, type AnvilHandle } from '../anvil';
import { decodeGovernanceError } from '../artifacts';
import {
  connectGovernance,
  deployGovernance,
  fundTreasury,
  setCirculatingSupply,
  setCouncil,
  setSecretary,
  type GovernanceAddresses,
  type GovernanceContracts,
  type GovernanceParams,
} from '../deploy';
import { ProposalStatus, StageStatus, VoteChoice, nameOf, type VoteChoiceName } from '../governance-enums';
import type { ContractSig } from '../p256';
import { createProvider } from '../provider';
import {
  conclusionStatement,
  ownerStatement,
  paymentRequestStatement,
  paymentReviewStatement,
  registrationStatement,
  termsTuple,
  textHash,
  voteStatement,
  withdrawalStatement,
  type Hex32,
  type ProposalTerms,
} from '../statements';
import { makeIdentity, type TestIdentity } from './identities';

/** A deployed governance on a fresh anvil, with a seated council, a secretary and a funded treasury. */
export interface GovernanceChain {
  hardfork: 'osaka' | 'prague';
  anvil: AnvilHandle;
  provider: JsonRpcProvider;
  chainId: bigint;
  /** Anvil key 0: deployer, admin and operator. */
  operator: Wallet;
  /** Anvil key 1: posts members' signed actions (pays gas, can forge nothing). */
  relayer: Wallet;
  /** Anvil keys 2 and 3: ELA holders who veto. */
  holders: Wallet[];
  addresses: GovernanceAddresses;
  /** Contracts called by the relayer. */
  c: GovernanceContracts;
  /** Contracts called by the operator. */
  op: GovernanceContracts;
  params: GovernanceParams;
  members: TestIdentity[];
  secretary: TestIdentity;
  /** Gas used per call label (first measurement kept). */
  gas: Map<string, bigint>;
}

export const TEST_PARAMS: GovernanceParams = {
  votingPeriodBlocks: 20,
  termLengthBlocks: 100_000,
  electionPeriodBlocks: 1_000,
  vetoThresholdBps: 1_000,
};
export const TREASURY_WEI = parseEther('1000');
export const CIRCULATING_SUPPLY_WEI = parseEther('500');

export async function startGovernanceChain(options: {
  hardfork: 'osaka' | 'prague';
  params?: GovernanceParams;
  memberCount?: number;
  seats?: number;
}): Promise<GovernanceChain> {
  const anvil = await startAnvil({ hardfork: options.hardfork });
  const provider = createProvider(anvil.rpcUrl, 20);
  const wallet = (i: number) => new Wallet(ANVIL_DEFAULT_KEYS[i]!, provider);
  const operator = wallet(0);
  const params = options.params ?? TEST_PARAMS;
  const deployment = await deployGovernance(operator, params);
  const members = Array.from({ length: options.memberCount ?? 12 }, (_, i) => makeIdentity(`member${i + 1}`));
  const secretary = makeIdentity('secretary');
  const op = deployment.contracts;
  await setCouncil(op, {
    seats: options.seats ?? 12,
    members: members.map((m) => ({ did: m.did, publicKey: m.key })),
  });
  await setSecretary(op, { did: secretary.did, publicKey: secretary.key });
  await fundTreasury(operator, deployment.addresses, TREASURY_WEI);
  await setCirculatingSupply(op, CIRCULATING_SUPPLY_WEI);
  const relayer = wallet(1);
  return {
    hardfork: options.hardfork,
    anvil,
    provider,
    chainId: (await provider.getNetwork()).chainId,
    operator,
    relayer,
    holders: [wallet(2), wallet(3)],
    addresses: deployment.addresses,
    c: connectGovernance(deployment.addresses, relayer),
    op,
    params,
    members,
    secretary,
    gas: new Map(),
  };
}

// ------------------------------------------------------------------ chain control

export async function rpc(chain: GovernanceChain, method: string, params: unknown[] = []): Promise<unknown> {
  return chain.provider.send(method, params);
}

export const snapshot = (chain: GovernanceChain) => rpc(chain, 'evm_snapshot') as Promise<string>;
export const revertTo = (chain: GovernanceChain, id: string) => rpc(chain, 'evm_revert', [id]);

export async function blockNumber(chain: GovernanceChain): Promise<number> {
  return chain.provider.getBlockNumber();
}

/** Mines empty blocks so that the next transaction (automine) lands in block `height`. */
export async function mineSoNextTxIsAt(chain: GovernanceChain, height: number | bigint): Promise<void> {
  const current = await blockNumber(chain);
  const missing = Number(height) - 1 - current;
  if (missing < 0) throw new Error(`block ${String(height)} is already past (current ${current})`);
  if (missing > 0) await rpc(chain, 'anvil_mine', [`0x${missing.toString(16)}`]);
}

// ------------------------------------------------------------------ transactions

type Sent = Promise<{ wait(): Promise<TransactionReceipt | null> }>;

/**
 * How long a sent transaction may stay unmined on the automining test chain before it counts as held: anvil can
 * keep a transaction that reached it while the one before was being mined in its pool's `queued` set for good
 * (docs/chain-worker.md, "A held nonce"; seen once in CI on the 128 registrations below, which then hung).
 */
const HELD_MS = 10_000;

/**
 * Sends, waits, records the gas under `label`, returns the receipt. A transaction held by anvil is sent again as a
 * copy at the same nonce with fees raised by half, which anvil takes as a replacement and mines at once.
 */
export async function mined(chain: GovernanceChain, label: string, sent: Sent): Promise<TransactionReceipt> {
  const tx = await sent;
  const waiting = tx.wait();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const held = new Promise<'held'>((r) => (timer = setTimeout(() => r('held'), HELD_MS)));
  let receipt = await Promise.race([waiting, held]).finally(() => clearTimeout(timer));
  if (receipt === 'held') {
    waiting.catch(() => undefined); // replaced below: its wait ends in ethers' TRANSACTION_REPLACED
    receipt = await sendCopy(chain, tx as unknown as TransactionResponse).catch(() => waiting);
  }
  if (!receipt || receipt.status !== 1) throw new Error(`${label} failed`);
  if (!chain.gas.has(label)) chain.gas.set(label, receipt.gasUsed);
  return receipt;
}

/** A copy of `tx` at its nonce with fees raised by half, from the anvil key that sent it; its receipt. */
async function sendCopy(chain: GovernanceChain, tx: TransactionResponse): Promise<TransactionReceipt | null> {
  const key = ANVIL_DEFAULT_KEYS.find((k) => new Wallet(k).address === tx.from);
  if (!key) throw new Error(`no anvil key sent ${tx.hash}`);
  const raise = (fee: bigint | null) => (fee === null ? undefined : (fee * 3n) / 2n + 1n);
  const copy = await new Wallet(key, chain.provider).sendTransaction({
    to: tx.to,
    data: tx.data,
    value: tx.value,
    nonce: tx.nonce,
    gasLimit: tx.gasLimit,
    maxFeePerGas: raise(tx.maxFeePerGas),
    maxPriorityFeePerGas: raise(tx.maxPriorityFeePerGas),
  });
  return copy.wait();
}

/** The custom error name a failed call reverted with (e.g. `VotingClosed`), decoded across all three ABIs. */
export async function revertName(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    const data = findRevertData(error);
    const decoded = data ? decodeGovernanceError(data) : undefined;
    if (decoded) return decoded.slice(0, decoded.indexOf('('));
    throw error;
  }
  throw new Error('expected the call to revert, it succeeded');
}

function findRevertData(error: unknown): string | undefined {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const item = queue.shift();
    if (!item || typeof item !== 'object' || seen.has(item)) continue;
    seen.add(item);
    const data = (item as { data?: unknown }).data;
    if (typeof data === 'string' && data.startsWith('0x') && data.length >= 10) return data;
    for (const key of ['error', 'info', 'cause']) queue.push((item as Record<string, unknown>)[key]);
  }
  return undefined;
}

export const memberId = (identity: TestIdentity): Hex32 => keccak256(toUtf8Bytes(identity.did)) as Hex32;
export const randomHash = (): Hex32 => `0x${randomBytes(32).toString('hex')}`;

export interface RegisterInput {
  member: TestIdentity;
  owner: TestIdentity;
  terms: ProposalTerms;
  draftHash?: Hex32;
  nonce?: bigint;
  term?: number;
  /** Overrides, to forge or substitute parts. */
  memberIdOverride?: Hex32;
  memberSig?: ContractSig;
  ownerSig?: ContractSig;
  ownerDid?: string;
  ownerKey?: { qx: Hex32; qy: Hex32 };
}

export function registrationArgs(chain: GovernanceChain, input: RegisterInput) {
  const draftHash = input.draftHash ?? randomHash();
  const nonce = input.nonce ?? 1n;
  const ownerDid = input.ownerDid ?? input.owner.did;
  const ownerKey = input.ownerKey ?? input.owner.key;
  const chainId = chain.chainId;
  const ownerSig =
    input.ownerSig ?? input.owner.sig(ownerStatement({ draftHash, ownerDid, terms: input.terms, chainId }));
  const memberStatement = registrationStatement({
    draftHash,
    ownerDid,
    ownerQx: ownerKey.qx,
    ownerQy: ownerKey.qy,
    terms: input.terms,
    term: input.term ?? 1,
    nonce,
    chainId,
  });
  const memberSig = input.memberSig ?? input.member.sig(memberStatement);
  const reg = [draftHash, ownerDid, ownerKey.qx, ownerKey.qy, termsTuple(input.terms)] as const;
  return {
    draftHash,
    memberStatement,
    args: [reg, input.memberIdOverride ?? memberId(input.member), nonce, memberSig, ownerSig],
  };
}

export function registerCall(chain: GovernanceChain, input: RegisterInput) {
  const { args } = registrationArgs(chain, input);
  return chain.c.governance.getFunction('register')(...args);
}

export async function register(chain: GovernanceChain, input: RegisterInput, label = 'register') {
  const built = registrationArgs(chain, input);
  const receipt = await mined(chain, label, chain.c.governance.getFunction('register')(...built.args));
  return { draftHash: built.draftHash, registeredAt: receipt.blockNumber, receipt };
}

export function voteCall(
  chain: GovernanceChain,
  input: {
    draftHash: Hex32;
    member: TestIdentity;
    choice: Exclude<VoteChoiceName, 'NONE'>;
    nonce: bigint;
    opinion?: string;
    term?: number;
    signer?: TestIdentity;
  },
) {
  const opinionHash = textHash(input.opinion ?? `${input.member.name} says ${input.choice}`);
  const statement = voteStatement({
    draftHash: input.draftHash,
    choice: input.choice,
    opinionHash,
    term: input.term ?? 1,
    nonce: input.nonce,
    chainId: chain.chainId,
  });
  const sig = (input.signer ?? input.member).sig(statement);
  return chain.c.governance.getFunction('vote')(
    input.draftHash,
    memberId(input.member),
    VoteChoice[input.choice],
    opinionHash,
    input.nonce,
    sig,
  );
}

export async function voteYes(
  chain: GovernanceChain,
  draftHash: Hex32,
  count: number,
  from = 0,
): Promise<void> {
  for (let i = from; i < from + count; i++) {
    await mined(
      chain,
      'vote',
      voteCall(chain, { draftHash, member: chain.members[i]!, choice: 'YES', nonce: 1n }),
    );
  }
}

export async function finalize(chain: GovernanceChain, draftHash: Hex32, label = 'finalize') {
  return mined(chain, label, chain.c.governance.getFunction('finalize')(draftHash));
}

export async function statusOf(
  chain: GovernanceChain,
  draftHash: Hex32,
): Promise<keyof typeof ProposalStatus> {
  const p = await chain.c.governance.getFunction('proposal')(draftHash);
  return nameOf(ProposalStatus, p.status as bigint);
}

export async function stageStatus(chain: GovernanceChain, draftHash: Hex32, index: number) {
  const s = await chain.c.treasury.getFunction('stageOf')(draftHash, index);
  return nameOf(StageStatus, s.status as bigint);
}

/** Registers with member 0 and drives the proposal to ACTIVE with 8 yes votes and no veto. */
export async function registerActive(
  chain: GovernanceChain,
  input: Omit<RegisterInput, 'member'> & { member?: TestIdentity },
) {
  const { draftHash, registeredAt, receipt } = await register(chain, { member: chain.members[0]!, ...input });
  await voteYes(chain, draftHash, 8);
  await mineSoNextTxIsAt(chain, registeredAt + chain.params.votingPeriodBlocks);
  await finalize(chain, draftHash, 'finalize → NOTIFICATION');
  await mineSoNextTxIsAt(chain, registeredAt + 2 * chain.params.votingPeriodBlocks);
  await finalize(chain, draftHash, 'finalize → ACTIVE');
  return { draftHash, registeredAt, receipt };
}

// ------------------------------------------------------------------ treasury actions

export function requestPaymentCall(
  chain: GovernanceChain,
  a: {
    draftHash: Hex32;
    owner: TestIdentity;
    stage: number;
    stageCount: number;
    amount: bigint;
    nonce: bigint;
    message?: string;
  },
) {
  const messageHash = textHash(a.message ?? `progress of stage ${a.stage + 1}`);
  const statement = paymentRequestStatement({ ...a, messageHash, chainId: chain.chainId });
  return chain.c.treasury.getFunction('requestPayment')(
    a.draftHash,
    a.stage,
    messageHash,
    a.nonce,
    a.owner.sig(statement),
  );
}

export function reviewPaymentCall(
  chain: GovernanceChain,
  a: {
    draftHash: Hex32;
    signer: TestIdentity;
    approve: boolean;
    stage: number;
    stageCount: number;
    amount: bigint;
    nonce: bigint;
  },
) {
  const opinionHash = textHash(a.approve ? 'looks good' : 'needs more evidence');
  const statement = paymentReviewStatement({ ...a, opinionHash, chainId: chain.chainId });
  return chain.c.treasury.getFunction('reviewPayment')(
    a.draftHash,
    a.stage,
    a.approve,
    opinionHash,
    a.nonce,
    a.signer.sig(statement),
  );
}

export function withdrawalSig(
  chain: GovernanceChain,
  a: { owner: TestIdentity; draftHash: Hex32; amount: bigint; recipient: string; nonce: bigint },
) {
  return a.owner.sig(withdrawalStatement({ ...a, chainId: chain.chainId }));
}

export function withdrawCall(
  chain: GovernanceChain,
  a: { draftHash: Hex32; owner: TestIdentity; amount: bigint; recipient: string; nonce: bigint },
) {
  return chain.c.treasury.getFunction('withdraw')(a.draftHash, a.nonce, withdrawalSig(chain, a));
}

export function concludeCall(
  chain: GovernanceChain,
  a: {
    draftHash: Hex32;
    owner: TestIdentity;
    secretary?: TestIdentity;
    outcome: 'FINAL' | 'INCOMPLETED';
    nonce: bigint;
  },
) {
  const summaryHash = textHash(`summary ${a.outcome}`);
  const statement = conclusionStatement({ ...a, summaryHash, chainId: chain.chainId });
  return chain.c.governance.getFunction('conclude')(
    a.draftHash,
    ProposalStatus[a.outcome],
    summaryHash,
    a.nonce,
    a.owner.sig(statement),
    (a.secretary ?? chain.secretary).sig(statement),
  );
}
