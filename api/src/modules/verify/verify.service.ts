import { Contract, keccak256 } from 'ethers';
import {
  councilArtifact,
  governanceArtifact,
  governanceInterface,
  relayBatchArtifact,
  treasuryArtifact,
  type ContractArtifact,
} from '@cr/contracts-abi/artifacts';
import { nameOf, ProposalStatus } from '@cr/contracts-abi/governance-enums';
import type { AppDeps } from '../../app-deps';
import { chainReader, withReadTimeout } from '../../chain/chain-reader';
import { getCursor } from '@cr/core/chain/chain-index.repo';
import type {
  CodeCheck,
  VerifyContract,
  VerifyContractName,
  VerifyInfo,
  VerifyProposal,
  VerifyProposals,
} from '@cr/contract/verify.contract';
import { VERIFY_CONTRACTS, VERIFY_PAGE_SIZE } from '@cr/contract/verify.contract';
import { AppError } from '@cr/core/errors/app-error';
import { proposalsOnChain } from './verify.repo';

const ARTIFACTS: Record<VerifyContractName, ContractArtifact> = {
  Council: councilArtifact,
  Governance: governanceArtifact,
  Treasury: treasuryArtifact,
  RelayBatch: relayBatchArtifact,
};

const GOVERNANCE_CONTRACTS = ['Council', 'Governance', 'Treasury'] as const;

/** The ABI of one of the contracts, exactly as compiled from this repository. */
export function contractAbi(name: VerifyContractName): unknown[] {
  return [...ARTIFACTS[name].abi];
}

function addressOf(deps: AppDeps, name: VerifyContractName): string | undefined {
  const c = deps.config;
  const addresses: Record<VerifyContractName, string | undefined> = {
    Council: c.COUNCIL_ADDRESS,
    Governance: c.GOVERNANCE_ADDRESS,
    Treasury: c.TREASURY_ADDRESS,
    RelayBatch: c.RELAY_BATCH_ADDRESS,
  };
  return addresses[name];
}

/**
 * The runtime code at `address` compared with the artifact's: the artifact has zeros where the constructor
 * writes immutables (addresses of the other contracts), so the same byte ranges are zeroed in the deployed code
 * before comparing. Everything else, the metadata hash at the end included, must be identical.
 */
export function compareCode(deployed: string, artifact: ContractArtifact): CodeCheck {
  if (!deployed || deployed === '0x') return 'no_code';
  const code = Buffer.from(deployed.slice(2), 'hex');
  for (const refs of Object.values(artifact.immutableReferences))
    for (const { start, length } of refs) code.fill(0, start, Math.min(code.length, start + length));
  return `0x${code.toString('hex')}` === artifact.deployedBytecode.toLowerCase() ? 'match' : 'mismatch';
}

/** Settled answers per process: deployed code does not change at an address. */
const codeChecks = new Map<string, { code: CodeCheck; codeHash: string }>();

async function checkContract(
  deps: AppDeps,
  name: VerifyContractName,
  address: string,
): Promise<VerifyContract> {
  const artifact = ARTIFACTS[name];
  const base = { name, address, source: artifact.sourceName, artifactHash: artifact.contentHash };
  const key = `${deps.config.CHAIN_ID}:${address.toLowerCase()}`;
  const known = codeChecks.get(key);
  if (known) return { ...base, ...known };
  const provider = chainReader(deps);
  if (!provider) return { ...base, codeHash: null, code: 'unavailable' };
  try {
    const deployed = await withReadTimeout(provider.getCode(address));
    const result = { code: compareCode(deployed, artifact), codeHash: keccak256(deployed) };
    if (result.code !== 'no_code') codeChecks.set(key, result);
    return { ...base, ...result };
  } catch (err) {
    deps.logger.warn({ err, address }, 'contract code not readable for /verify');
    return { ...base, codeHash: null, code: 'unavailable' };
  }
}

/** GET /api/verify — the chain, the contracts, their ABIs and whether their deployed code is ours. */
export async function verifyInfo(deps: AppDeps): Promise<VerifyInfo> {
  const c = deps.config;
  const names = VERIFY_CONTRACTS.filter((n) => addressOf(deps, n));
  const provider = chainReader(deps);
  const [contracts, headBlock] = await Promise.all([
    Promise.all(names.map((n) => checkContract(deps, n, addressOf(deps, n)!))),
    provider ? withReadTimeout(provider.getBlockNumber()).catch(() => null) : Promise.resolve(null),
  ]);
  return {
    // The three governance contracts; the relayer's batch forwarder is listed when there is one.
    configured: !!provider && GOVERNANCE_CONTRACTS.every((n) => addressOf(deps, n)),
    chainId: c.CHAIN_ID ?? null,
    publicRpcUrl: c.CHAIN_PUBLIC_RPC_URL ?? null,
    confirmations: c.CONFIRMATIONS,
    deploymentBlock: c.CONTRACTS_FROM_BLOCK ?? null,
    headBlock,
    compiler: governanceArtifact.build.compiler,
    sourceHash: governanceArtifact.build.sourceHash,
    contracts,
  };
}

type ChainRecord = NonNullable<VerifyProposal['chain']>;

/**
 * GET /api/verify/proposals — each registered proposal as the site shows it next to `Governance.proposal` read
 * at the height the site's governance events are indexed to, so the two describe the same block.
 */
export async function verifyProposals(deps: AppDeps, page: number): Promise<VerifyProposals> {
  const address = deps.config.GOVERNANCE_ADDRESS;
  const provider = chainReader(deps);
  if (!address || !provider)
    throw new AppError(503, 'chain.unavailable', 'The governance chain is not available on this server.');
  const cursor = await getCursor(deps.database.db, 'governance');
  const block = cursor && cursor.address.toLowerCase() === address.toLowerCase() ? cursor.blockNumber : null;
  const { rows, total } = await proposalsOnChain(deps.database.db, page, VERIFY_PAGE_SIZE);
  const governance = new Contract(address, governanceInterface, provider);
  const read = async (draftHash: string): Promise<ChainRecord | null> => {
    if (block === null) return null;
    try {
      const p = (await withReadTimeout(
        governance.getFunction('proposal').staticCall(draftHash, { blockTag: block }),
      )) as { status: bigint; yes: bigint; oppose: bigint; abstain: bigint };
      return {
        status: nameOf(ProposalStatus, p.status) as ChainRecord['status'],
        yes: Number(p.yes),
        oppose: Number(p.oppose),
        abstain: Number(p.abstain),
      };
    } catch (err) {
      deps.logger.warn({ err, draftHash }, 'proposal not readable from the chain for /verify');
      return null;
    }
  };
  const list = await Promise.all(
    rows.map(async (r): Promise<VerifyProposal> => {
      const site = { status: r.status, yes: r.yes, oppose: r.oppose, abstain: r.abstain };
      // Not registered yet by the indexed events: the chain has nothing to compare with.
      const chain = r.registeredHeight === null ? null : await read(r.draftHash!);
      return {
        number: r.number!,
        title: r.title,
        draftHash: r.draftHash!,
        registrationTx: r.registerTxHash,
        site,
        chain,
        matches: chain
          ? chain.status === site.status &&
            chain.yes === site.yes &&
            chain.oppose === site.oppose &&
            chain.abstain === site.abstain
          : null,
      };
    }),
  );
  return { block, page, total, list };
}
