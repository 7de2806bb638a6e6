import { Contract, JsonRpcProvider } from 'ethers';
import { governanceInterface } from '@cr/contracts-abi/artifacts';
import type { ProposalArchive } from '@cr/api/contract/proposal-archive.contract';
import type { ChainFacts } from './archive-checks';

/**
 * Reads from any JSON-RPC node what checkAgainstChain compares with the archive: the chain id,
 * Governance.proposal(draftHash) and the VoteCast event in each vote transaction's receipt. Read-only calls
 * (eth_chainId, eth_call, eth_getTransactionReceipt), so this site's /api/rpc proxy serves them too.
 */
export async function readChainFacts(a: ProposalArchive, rpcUrl: string): Promise<ChainFacts> {
  const provider = new JsonRpcProvider(rpcUrl, undefined, { staticNetwork: true });
  try {
    const chainId = Number((await provider.getNetwork()).chainId);
    const governance = new Contract(a.chain.governance, governanceInterface, provider);
    const raw = (await governance.getFunction('proposal').staticCall(a.proposal.draftHash)) as {
      registeredAt: bigint;
      term: bigint;
      proposer: string;
      ownerDid: string;
      ownerQx: string;
      ownerQy: string;
    };
    const proposal =
      raw.registeredAt === 0n
        ? null
        : {
            term: Number(raw.term),
            proposer: raw.proposer,
            ownerDid: raw.ownerDid,
            ownerQx: raw.ownerQx,
            ownerQy: raw.ownerQy,
          };
    const voteLogs: ChainFacts['voteLogs'] = new Map();
    for (const v of a.votes) {
      if (!v.txHash) continue;
      const receipt = await provider.getTransactionReceipt(v.txHash);
      const log = receipt?.logs
        .filter((l) => l.address.toLowerCase() === a.chain.governance.toLowerCase())
        .map((l) => governanceInterface.parseLog(l))
        .find((parsed) => parsed?.name === 'VoteCast');
      voteLogs.set(
        v.txHash.toLowerCase(),
        log
          ? {
              draftHash: String(log.args.draftHash).toLowerCase(),
              memberId: String(log.args.memberId).toLowerCase(),
              opinionHash: String(log.args.opinionHash).toLowerCase(),
            }
          : null,
      );
    }
    return { chainId, proposal, voteLogs };
  } finally {
    provider.destroy();
  }
}
