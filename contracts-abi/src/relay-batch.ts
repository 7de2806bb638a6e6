import { ContractFactory, getCreateAddress, type Signer } from 'ethers';
import { relayBatchArtifact, relayBatchInterface } from './artifacts';
import { isThisBuild } from './deploy';

/**
 * The relayer's batch forwarder (contracts/relay/RelayBatch.sol): `run(calls)` makes many relayed calls in one
 * transaction, each with its own gas, and reports each call that reverted with `CallFailed(index, reason)`.
 */

export interface RelayCall {
  target: string;
  /** The gas the call gets (its estimate with headroom). */
  gas: bigint;
  data: string;
}

/**
 * Gas of the transaction itself and of the loop around each call (decoding, the gas check, a `CallFailed` log with
 * a short reason): generous bounds, so a batch never runs short for its own bookkeeping.
 */
export const BATCH_BASE_GAS = 40_000n;
export const BATCH_PER_CALL_GAS = 12_000n;

/** A transaction's intrinsic gas for this calldata (EIP-2028): 21,000, plus 16 per non-zero byte, 4 per zero byte. */
export function intrinsicGas(data: string): bigint {
  let gas = 21_000n;
  for (let i = 2; i < data.length; i += 2) gas += data[i] === '0' && data[i + 1] === '0' ? 4n : 16n;
  return gas;
}

/**
 * The gas one call gets inside a batch, from `gasLimit`, the gas limit it would have as a transaction of its own
 * (its estimate × `headroomPct` / 100): that limit less the transaction's intrinsic gas, which the batch pays once
 * for all (its calldata is in `batchGasLimit`). Inside a batch the call runs the same code, with its target's
 * account already paid for by the batch, so it needs no more; over-asking only made fewer calls fit in a block.
 */
export function batchCallGas(gasLimit: bigint, data: string, headroomPct: bigint): bigint {
  const execution = gasLimit - (intrinsicGas(data) * headroomPct) / 100n;
  return execution > 0n ? execution : 0n;
}

/** The gas limit of a batch: what each call gets (with the 1/64 EIP-150 reserve), the loop's and the calldata's. */
export function batchGasLimit(calls: RelayCall[]): bigint {
  let gas = BATCH_BASE_GAS;
  for (const c of calls)
    gas += (c.gas * 64n) / 63n + BATCH_PER_CALL_GAS + BigInt((c.data.length - 2) / 2) * 16n;
  return gas;
}

const RUN_SELECTOR = relayBatchInterface.getFunction('run')!.selector;
const word = (n: bigint | number) => n.toString(16).padStart(64, '0');

/**
 * The calldata of `run(calls)`, ABI-encoded by hand (`run((address,uint64,bytes)[])`): ethers' general coder
 * spent about 2 ms of CPU per batch of 15 calls, on the relayer's one thread. relay-batch.test.ts checks it
 * against ethers.
 */
export function encodeRelayBatch(calls: RelayCall[]): string {
  const tuples = calls.map((c) => {
    if (c.gas < 0n || c.gas >= 1n << 64n) throw new RangeError(`a call's gas must fit a uint64: ${c.gas}`);
    const bytes = c.data.slice(2).toLowerCase();
    const padded = bytes.padEnd(Math.ceil(bytes.length / 64) * 64, '0');
    // address, gas, offset of the bytes (after the three head words), then the bytes' length and content.
    return word(BigInt(c.target)) + word(c.gas) + word(96) + word(bytes.length / 2) + padded;
  });
  let offset = 32 * calls.length;
  const offsets = tuples.map((t) => {
    const at = offset;
    offset += t.length / 2;
    return word(at);
  });
  return RUN_SELECTOR + word(32) + word(calls.length) + offsets.join('') + tuples.join('');
}

const CALL_FAILED = relayBatchInterface.getEvent('CallFailed')!;
export const CALL_FAILED_TOPIC = CALL_FAILED.topicHash;

/**
 * The calls of a batch that reverted, index → revert data, from the transaction's logs (only those the batch
 * contract at `batchAddress` emitted count).
 */
export function failedCallsOf(
  logs: readonly { address: string; topics: readonly string[]; data: string }[],
  batchAddress: string,
): Map<number, string> {
  const out = new Map<number, string>();
  const at = batchAddress.toLowerCase();
  for (const log of logs) {
    if (log.topics[0] !== CALL_FAILED_TOPIC || log.address.toLowerCase() !== at) continue;
    const parsed = relayBatchInterface.decodeEventLog(CALL_FAILED, log.data, log.topics);
    out.set(Number(parsed.index as bigint), parsed.reason as string);
  }
  return out;
}

/** Deploys a RelayBatch from `signer`; returns its address. */
export async function deployRelayBatch(signer: Signer): Promise<string> {
  const factory = new ContractFactory(relayBatchArtifact.abi as never, relayBatchArtifact.bytecode, signer);
  const contract = await factory.deploy();
  await contract.waitForDeployment();
  return contract.getAddress();
}

/** Thrown when the RelayBatch address holds other code, or the deployer already used its first nonce. */
export class RelayBatchMismatchError extends Error {
  readonly type = 'chain.deployment_mismatch';
}

/**
 * The RelayBatch of a dev or test chain at a fixed address: the one `deployer`'s first transaction creates.
 * Reused when it is there already (a restart on a persisted chain); deployed when the deployer has sent nothing.
 */
export async function ensureRelayBatch(deployer: Signer): Promise<{ address: string; reused: boolean }> {
  const provider = deployer.provider;
  if (!provider) throw new TypeError('ensureRelayBatch: the signer needs a provider');
  const from = await deployer.getAddress();
  const address = getCreateAddress({ from, nonce: 0 });
  if ((await provider.getCode(address)) !== '0x') {
    if (!(await isThisBuild(deployer, address, relayBatchArtifact)))
      throw new RelayBatchMismatchError(`${address} holds code that is not this build of RelayBatch`);
    return { address, reused: true };
  }
  const nonce = await provider.getTransactionCount(from, 'pending');
  if (nonce !== 0)
    throw new RelayBatchMismatchError(
      `the RelayBatch deployer ${from} has sent ${nonce} transactions, so ${address} can no longer be created`,
    );
  const deployed = await deployRelayBatch(deployer);
  if (deployed.toLowerCase() !== address.toLowerCase())
    throw new RelayBatchMismatchError(`RelayBatch was created at ${deployed}, not ${address}`);
  return { address, reused: false };
}
