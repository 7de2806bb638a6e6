import { Contract, ContractFactory, getCreateAddress, type ContractRunner, type Signer } from 'ethers';
import { councilArtifact, governanceArtifact, treasuryArtifact, type ContractArtifact } from './artifacts';
import { toPublicKeyXY, type PublicKeyXY } from './p256';
import { isValidDid } from './statements';

/**
 * Deploys the three governance contracts and runs the operator actions (seat a council, set the secretary
 * general, fund the treasury, set the circulating supply). Every operator helper is idempotent where the
 * action has a target state, so `npm start` can call them on every start.
 */

/** Chain parameters. Heights are in blocks. */
export interface GovernanceParams {
  /** Each window's length: council voting, then community veto (production 5,040 ≈ 7 days at 2-min blocks). */
  votingPeriodBlocks: number;
  /** Term length (production 262,800 ≈ 1 year at 2-min blocks). */
  termLengthBlocks: number;
  /** Election period before a term's end, when no proposal may be registered (production 21,900 ≈ 30 days). */
  electionPeriodBlocks: number;
  /** Veto threshold in basis points of circulating supply (production 1,000 = 10%). */
  vetoThresholdBps: number;
  /** DEFAULT_ADMIN_ROLE holder (default: the deployer). */
  admin?: string;
  /** OPERATOR_ROLE holder (default: the deployer). */
  operator?: string;
}

/** Product-spec values (§9). */
export const PRODUCTION_PARAMS: GovernanceParams = {
  votingPeriodBlocks: 5_040,
  termLengthBlocks: 262_800,
  electionPeriodBlocks: 21_900,
  vetoThresholdBps: 1_000,
};

/** Dev values: 60-block windows (1 minute each at 1-second blocks); a term long enough for a dev session. */
export const DEV_PARAMS: GovernanceParams = {
  votingPeriodBlocks: 60,
  termLengthBlocks: 1_000_000,
  electionPeriodBlocks: 600,
  vetoThresholdBps: 1_000,
};

export interface GovernanceAddresses {
  council: string;
  governance: string;
  treasury: string;
}

export interface GovernanceContracts {
  council: Contract;
  governance: Contract;
  treasury: Contract;
}

export interface GovernanceDeployment {
  addresses: GovernanceAddresses;
  contracts: GovernanceContracts;
  /** True when the contracts were already on chain (nothing was sent). */
  reused: boolean;
  /** Transaction hashes of the deployment (empty when reused). */
  txHashes: string[];
  /** Block of the first deployment transaction, where event indexing starts (null when reused: not known here). */
  deployBlock: number | null;
}

/** Thrown when code at the expected addresses is not this build of the contracts, or is only partly there. */
export class DeploymentMismatchError extends Error {
  readonly type = 'chain.deployment_mismatch';
}

/** The addresses the deployer's transactions number `nonce`, `nonce+1`, `nonce+2` create. */
export function predictAddresses(deployer: string, nonce: number): GovernanceAddresses {
  return {
    council: getCreateAddress({ from: deployer, nonce }),
    governance: getCreateAddress({ from: deployer, nonce: nonce + 1 }),
    treasury: getCreateAddress({ from: deployer, nonce: nonce + 2 }),
  };
}

/** ethers Contracts at the given addresses. */
export function connectGovernance(
  addresses: GovernanceAddresses,
  runner: ContractRunner,
): GovernanceContracts {
  return {
    council: new Contract(addresses.council, councilArtifact.abi as never, runner),
    governance: new Contract(addresses.governance, governanceArtifact.abi as never, runner),
    treasury: new Contract(addresses.treasury, treasuryArtifact.abi as never, runner),
  };
}

/** Runtime code with the immutable ranges zeroed, to compare chain code with an artifact. */
function maskImmutables(code: string, artifact: ContractArtifact): string {
  const chars = code.toLowerCase().split('');
  for (const ranges of Object.values(artifact.immutableReferences)) {
    for (const { start, length } of ranges) {
      for (let i = 2 + start * 2; i < 2 + (start + length) * 2; i++) chars[i] = '0';
    }
  }
  return chars.join('');
}

/** Whether the code at `address` is this build of `artifact` (immutables masked). */
export async function isThisBuild(
  runner: ContractRunner,
  address: string,
  artifact: ContractArtifact,
): Promise<boolean> {
  const code = await runner.provider!.getCode(address);
  return maskImmutables(code, artifact) === artifact.deployedBytecode.toLowerCase();
}

/**
 * Deploys Council, Governance and Treasury from `signer` with three consecutive nonces, each contract's
 * immutable links pointing at the others' predicted addresses. On a fresh anvil with the first default key the
 * addresses are always the same (nonces 0, 1, 2). When `expected` (default: the nonce-0 addresses) already
 * holds this build, correctly wired, nothing is sent: a restart on a persisted chain reuses it.
 */
export async function deployGovernance(
  signer: Signer,
  params: GovernanceParams,
  options: { expected?: GovernanceAddresses } = {},
): Promise<GovernanceDeployment> {
  const provider = signer.provider;
  if (!provider) throw new TypeError('deployGovernance: the signer needs a provider');
  const deployer = await signer.getAddress();
  const expected = options.expected ?? predictAddresses(deployer, 0);

  const codes = await Promise.all(
    [expected.council, expected.governance, expected.treasury].map((a) => provider.getCode(a)),
  );
  const present = codes.filter((code) => code !== '0x').length;
  if (present === 3) {
    await assertDeployment(expected, signer);
    return {
      addresses: expected,
      contracts: connectGovernance(expected, signer),
      reused: true,
      txHashes: [],
      deployBlock: null,
    };
  }
  if (present > 0) {
    throw new DeploymentMismatchError(
      `only ${present} of the 3 governance contracts exist at ${JSON.stringify(expected)}; reset the chain state`,
    );
  }

  const nonce = await provider.getTransactionCount(deployer, 'pending');
  const at = predictAddresses(deployer, nonce);
  const admin = params.admin ?? deployer;
  const operator = params.operator ?? deployer;
  const deploys = [
    new ContractFactory(councilArtifact.abi as never, councilArtifact.bytecode, signer).getDeployTransaction(
      admin,
      operator,
      at.governance,
      params.termLengthBlocks,
      params.electionPeriodBlocks,
    ),
    new ContractFactory(
      governanceArtifact.abi as never,
      governanceArtifact.bytecode,
      signer,
    ).getDeployTransaction(
      admin,
      operator,
      at.council,
      at.treasury,
      params.votingPeriodBlocks,
      params.vetoThresholdBps,
    ),
    new ContractFactory(
      treasuryArtifact.abi as never,
      treasuryArtifact.bytecode,
      signer,
    ).getDeployTransaction(at.council, at.governance),
  ];
  const txHashes: string[] = [];
  const sent = [];
  for (const [offset, deploy] of deploys.entries()) {
    const tx = await signer.sendTransaction({ ...(await deploy), nonce: nonce + offset });
    txHashes.push(tx.hash);
    sent.push(tx);
  }
  let deployBlock = Number.MAX_SAFE_INTEGER;
  for (const tx of sent) {
    const receipt = await tx.wait();
    if (!receipt || receipt.status !== 1)
      throw new DeploymentMismatchError(`deployment transaction ${tx.hash} failed`);
    deployBlock = Math.min(deployBlock, receipt.blockNumber);
  }
  await assertDeployment(at, signer);
  return { addresses: at, contracts: connectGovernance(at, signer), reused: false, txHashes, deployBlock };
}

/** Checks that the three addresses hold this build and point at each other. */
export async function assertDeployment(
  addresses: GovernanceAddresses,
  runner: ContractRunner,
): Promise<void> {
  const checks: [string, ContractArtifact][] = [
    [addresses.council, councilArtifact],
    [addresses.governance, governanceArtifact],
    [addresses.treasury, treasuryArtifact],
  ];
  for (const [address, artifact] of checks) {
    if (!(await isThisBuild(runner, address, artifact))) {
      throw new DeploymentMismatchError(
        `${artifact.contractName} at ${address} is not this build of the contracts; reset the chain state or redeploy`,
      );
    }
  }
  const c = connectGovernance(addresses, runner);
  const links = await Promise.all([
    c.council.getFunction('governance')(),
    c.governance.getFunction('council')(),
    c.governance.getFunction('treasury')(),
    c.treasury.getFunction('governance')(),
    c.treasury.getFunction('council')(),
  ]);
  const want = [
    addresses.governance,
    addresses.council,
    addresses.treasury,
    addresses.governance,
    addresses.council,
  ];
  if (links.some((link, i) => String(link).toLowerCase() !== want[i]!.toLowerCase())) {
    throw new DeploymentMismatchError(
      `the contracts at ${JSON.stringify(addresses)} are not linked to each other`,
    );
  }
}

// ------------------------------------------------------------------ operator helpers

export interface CouncilMemberInput {
  did: string;
  /** Any form toPublicKeyXY accepts (compressed hex, base58, PEM, JWK…), or the coordinates. */
  publicKey: Parameters<typeof toPublicKeyXY>[0] | PublicKeyXY;
}

function keyOf(publicKey: CouncilMemberInput['publicKey']): PublicKeyXY {
  if (typeof publicKey === 'object' && publicKey !== null && 'qx' in publicKey && 'qy' in publicKey) {
    const xy = publicKey as PublicKeyXY;
    return toPublicKeyXY(`0x04${xy.qx.slice(2)}${xy.qy.slice(2)}`);
  }
  return toPublicKeyXY(publicKey as Parameters<typeof toPublicKeyXY>[0]);
}

async function send(contract: Contract, method: string, args: unknown[], value?: bigint): Promise<string> {
  const tx = await contract.getFunction(method)(...args, ...(value === undefined ? [] : [{ value }]));
  const receipt = await tx.wait();
  return receipt.hash as string;
}

/**
 * Seats the council of `term` (default: current + 1) with `seats` seats (12; 3 in an interim period).
 * When `term` is already seated, sends nothing and returns `changed: false`.
 */
export async function setCouncil(
  contracts: GovernanceContracts,
  input: { term?: number; seats: number; members: CouncilMemberInput[] },
): Promise<{ term: number; changed: boolean; txHash?: string }> {
  const current = Number(await contracts.council.getFunction('currentTerm')());
  const term = input.term ?? current + 1;
  if (term <= current) return { term, changed: false };
  for (const m of input.members) if (!isValidDid(m.did)) throw new TypeError(`invalid DID ${m.did}`);
  const keys = input.members.map((m) => keyOf(m.publicKey));
  const txHash = await send(contracts.council, 'setCouncil', [
    term,
    input.seats,
    input.members.map((m) => m.did),
    keys.map((k) => k.qx),
    keys.map((k) => k.qy),
  ]);
  return { term, changed: true, txHash };
}

/** Sets the secretary general; sends nothing when the DID and key are already set. */
export async function setSecretary(
  contracts: GovernanceContracts,
  input: CouncilMemberInput,
): Promise<{ changed: boolean; txHash?: string }> {
  const key = keyOf(input.publicKey);
  const [did, qx, qy] = await Promise.all([
    contracts.council.getFunction('secretaryDid')(),
    contracts.council.getFunction('secretaryQx')(),
    contracts.council.getFunction('secretaryQy')(),
  ]);
  if (did === input.did && String(qx).toLowerCase() === key.qx && String(qy).toLowerCase() === key.qy) {
    return { changed: false };
  }
  return {
    changed: true,
    txHash: await send(contracts.council, 'setSecretary', [input.did, key.qx, key.qy]),
  };
}

/** Sends `amountWei` of native ELA to the treasury. */
export async function fundTreasury(
  signer: Signer,
  addresses: GovernanceAddresses,
  amountWei: bigint,
): Promise<string> {
  const tx = await signer.sendTransaction({ to: addresses.treasury, value: amountWei });
  const receipt = await tx.wait();
  return receipt!.hash;
}

/** Tops the treasury balance up to `targetWei` (sends nothing when it already holds that much). */
export async function topUpTreasury(
  signer: Signer,
  addresses: GovernanceAddresses,
  targetWei: bigint,
): Promise<{ sentWei: bigint; txHash?: string }> {
  const balance = await signer.provider!.getBalance(addresses.treasury);
  if (balance >= targetWei) return { sentWei: 0n };
  const sentWei = targetWei - balance;
  return { sentWei, txHash: await fundTreasury(signer, addresses, sentWei) };
}

/** Sets the circulating supply (wei) used for the veto threshold; sends nothing when unchanged. */
export async function setCirculatingSupply(
  contracts: GovernanceContracts,
  amountWei: bigint,
): Promise<{ changed: boolean; txHash?: string }> {
  const current = (await contracts.governance.getFunction('circulatingSupply')()) as bigint;
  if (current === amountWei) return { changed: false };
  return { changed: true, txHash: await send(contracts.governance, 'setCirculatingSupply', [amountWei]) };
}
