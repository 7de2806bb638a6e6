import { Contract, JsonRpcProvider } from 'ethers';
import { governanceInterface, treasuryInterface } from '@cr/contracts-abi/artifacts';
import type { AnyProposalArchive } from '@cr/contract/proposal-archive.contract';
import type { ChainFacts, PaymentLog } from './archive-checks';
import { lifeTransactions, type LifeChainFacts } from './archive-life-checks';

const PAYMENT_EVENTS = ['PaymentRequested', 'PaymentReviewed', 'Withdrawn'];

function paymentLogOf(name: string, args: Record<string, unknown>): PaymentLog {
  const text = (key: string) => (args[key] === undefined ? null : String(args[key]).toLowerCase());
  return {
    event: name,
    draftHash: String(args.draftHash).toLowerCase(),
    stage: args.stage === undefined ? null : Number(args.stage),
    amountWei: text('amountWei'),
    hash: text(name === 'PaymentRequested' ? 'messageHash' : 'opinionHash'),
    approved: args.approved === undefined ? null : Boolean(args.approved),
    recipient: text('recipient'),
  };
}

/**
 * Reads from any JSON-RPC node what checkAgainstChain compares with the archive: the chain id,
 * Governance.proposal(draftHash), the VoteCast event in each vote transaction's receipt and the Treasury event in
 * each payment transaction's receipt; for a version 2 file also the Governance events of the conclusion's and of
 * each ownership change's or termination's transaction, and Governance.proposal of each of those. Read-only calls
 * (eth_chainId, eth_call, eth_getTransactionReceipt), so this site's /api/rpc proxy serves them too.
 */
export async function readChainFacts(a: AnyProposalArchive, rpcUrl: string): Promise<ChainFacts> {
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
      // Every VoteCast of the transaction: one transaction may relay several votes (a RelayBatch).
      const logs = (receipt?.logs ?? [])
        .filter((l) => l.address.toLowerCase() === a.chain.governance.toLowerCase())
        .map((l) => governanceInterface.parseLog(l))
        .filter((parsed) => parsed?.name === 'VoteCast')
        .map((log) => ({
          draftHash: String(log!.args.draftHash).toLowerCase(),
          memberId: String(log!.args.memberId).toLowerCase(),
          opinionHash: String(log!.args.opinionHash).toLowerCase(),
        }));
      voteLogs.set(v.txHash.toLowerCase(), logs);
    }
    const paymentLogs: ChainFacts['paymentLogs'] = new Map();
    const treasury = a.chain.treasury?.toLowerCase();
    for (const x of a.payments) {
      if (!x.txHash || !treasury) continue;
      const receipt = await provider.getTransactionReceipt(x.txHash);
      const found = (receipt?.logs ?? [])
        .filter((l) => l.address.toLowerCase() === treasury)
        .map((l) => treasuryInterface.parseLog(l))
        .filter((parsed) => parsed && PAYMENT_EVENTS.includes(parsed.name))
        .map((parsed) => paymentLogOf(parsed!.name, parsed!.args.toObject()));
      paymentLogs.set(x.txHash.toLowerCase(), found);
    }
    return { chainId, proposal, voteLogs, paymentLogs, ...(await readLifeFacts(a, provider, governance)) };
  } finally {
    provider.destroy();
  }
}

/** Every Governance event of the transaction, its arguments as lower-case strings (numbers in decimal). */
async function governanceLogsOf(provider: JsonRpcProvider, governance: string, txHash: string) {
  const receipt = await provider.getTransactionReceipt(txHash);
  return (receipt?.logs ?? [])
    .filter((l) => l.address.toLowerCase() === governance.toLowerCase())
    .map((l) => governanceInterface.parseLog(l))
    .filter((parsed) => parsed !== null)
    .map((parsed) => ({
      name: parsed.name,
      args: Object.fromEntries(
        Object.entries(parsed.args.toObject()).map(([k, v]) => [k, String(v).toLowerCase()]),
      ),
    }));
}

async function readLifeFacts(
  a: AnyProposalArchive,
  provider: JsonRpcProvider,
  governance: Contract,
): Promise<LifeChainFacts> {
  const governanceLogs: LifeChainFacts['governanceLogs'] = new Map();
  for (const tx of lifeTransactions(a))
    governanceLogs.set(tx, await governanceLogsOf(provider, a.chain.governance, tx));
  const related: LifeChainFacts['related'] = new Map();
  for (const r of a.version === 1 ? [] : a.related) {
    const raw = (await governance.getFunction('proposal').staticCall(r.draftHash)) as {
      registeredAt: bigint;
      kind: bigint;
      status: bigint;
      target: string;
    };
    related.set(
      r.draftHash.toLowerCase(),
      raw.registeredAt === 0n
        ? null
        : { kind: Number(raw.kind), status: Number(raw.status), target: raw.target },
    );
  }
  return { governanceLogs, related };
}
