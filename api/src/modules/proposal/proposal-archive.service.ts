import { governanceInterface, treasuryInterface } from '@cr/contracts-abi/artifacts';
import { compressedKeyHex, textHash } from '@cr/contracts-abi/statements';
import { toPublicKeyXY } from '@cr/contracts-abi/p256';
import { resolveDid } from '@cr/did/did-backend';
import type { Interface } from 'ethers';
import type { AppDeps } from '../../app-deps';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  type ArchivePayment,
  type ArchiveSigner,
  type ArchiveVote,
  type ProposalArchive,
} from '@cr/contract/proposal-archive.contract';
import type { Db } from '@cr/core/db/db-client';
import { enforceRate, type RateRule } from '../../http/rate-limit';
import type { ChainActionRow } from '@cr/core/db/schema/chain.schema';
import type { ProposalRow } from '@cr/core/db/schema/proposal.schema';
import { AppError, notFound } from '@cr/core/errors/app-error';
import { getGovernanceState, membersOfTerm } from '../council';
import {
  chainActionsByIds,
  signedRequestsOf,
  stageRecipients,
  suggestionSignature,
  vetoEventsOf,
} from './proposal-archive.repo';
import { isArchivable, type ArchivableProposal } from './proposal-archivable';
import { lifeParts, rawSig } from './proposal-archive-life';
import { findProposal, votesOf } from './proposal.repo';

const PAYMENT_ACTIONS = {
  'request-payment': 'request',
  'review-payment': 'review',
  withdraw: 'withdrawal',
} as const;
type PaymentWalletAction = keyof typeof PAYMENT_ACTIONS;

/** The arguments of a relayed call, decoded with the contract's ABI. */
function callArgs(iface: Interface, action: ChainActionRow | undefined) {
  if (!action) return null;
  try {
    return iface.parseTransaction({ data: action.data })?.args ?? null;
  } catch {
    return null;
  }
}

const sigArg = (args: ReturnType<typeof callArgs>, index: number) => {
  const s = args?.[index] as { r: string; s: string } | undefined;
  return s ? rawSig({ r: String(s.r), s: String(s.s) }) : '';
};

/** A published, registered proposal; drafts are 404, proposals not yet signed into a registration 409. */
function assertArchivable(p: ProposalRow | undefined): asserts p is ArchivableProposal {
  if (!p || p.status === 'DRAFT') throw notFound('proposal', 'proposal.not_found');
  if (!isArchivable(p))
    throw new AppError(409, 'proposal.not_registered', 'This proposal has no registration to archive yet.');
}

async function votesPart(db: Db, p: ProposalRow): Promise<ArchiveVote[]> {
  const [rows, requests] = await Promise.all([votesOf(db, p.id), signedRequestsOf(db, p.id, ['vote'])]);
  const votes = rows.filter((v) => v.chainActionId && v.choice && v.reason);
  const actions = await chainActionsByIds(
    db,
    votes.map((v) => v.chainActionId!),
  );
  // The statement each member signed: the wallet request whose chain action the vote row holds.
  const signed = new Map(requests.map((r) => [String(r.result?.chainActionId ?? ''), r.statement ?? '']));
  return votes.map((v) => {
    const action = actions.get(v.chainActionId!);
    const args = callArgs(governanceInterface, action);
    const nonce = args ? String(args[4]) : String(v.version);
    const choice = v.choice!.toUpperCase() as ArchiveVote['choice'];
    return {
      memberDid: v.memberDid,
      choice,
      reason: v.reason!,
      // The opinion hash the member signed (the relayed call's), so a reason edited later no longer matches it.
      opinionHash: String(args ? args[3] : (v.opinionHash ?? textHash(v.reason!))).toLowerCase(),
      nonce,
      statement: signed.get(v.chainActionId!) ?? '',
      signature: sigArg(args, 5),
      txHash: action?.txHash ?? v.txHash ?? null,
    };
  });
}

async function paymentsPart(db: Db, p: ProposalRow): Promise<ArchivePayment[]> {
  const requests = await signedRequestsOf(db, p.id, Object.keys(PAYMENT_ACTIONS));
  const ids = requests.map((r) => String(r.result?.chainActionId ?? '')).filter(Boolean);
  const [actions, recipients] = await Promise.all([chainActionsByIds(db, ids), stageRecipients(db, p.id)]);
  const stages = p.terms?.stages ?? [];
  return requests.flatMap((r): ArchivePayment[] => {
    const action = actions.get(String(r.result?.chainActionId ?? ''));
    const kind = PAYMENT_ACTIONS[r.action as PaymentWalletAction];
    const args = callArgs(treasuryInterface, action);
    if (!action || !args || !r.statement || !r.signerDid) return [];
    const base = { signerDid: r.signerDid, statement: r.statement, txHash: action.txHash ?? null };
    if (kind === 'withdrawal') {
      const paid = (r.result?.stages as number[] | undefined) ?? [];
      const recipient = recipients.find((s) => s.stage === paid[0])?.recipient ?? p.terms!.recipient;
      return [
        {
          ...base,
          action: kind,
          stage: null,
          amountWei: String(r.result?.amountWei ?? '0'),
          recipient: recipient.toLowerCase(),
          approve: null,
          text: null,
          textHash: null,
          nonce: String(args[1]),
          signature: sigArg(args, 2),
        },
      ];
    }
    const stage = Number(args[1]);
    const text = String((kind === 'request' ? r.payload.message : r.payload.opinion) ?? '');
    return [
      {
        ...base,
        action: kind,
        stage,
        amountWei: stages[stage]?.amount ?? '0',
        recipient: null,
        approve: kind === 'review' ? Boolean(args[2]) : null,
        text,
        textHash: String(kind === 'request' ? args[2] : args[3]).toLowerCase(),
        nonce: String(kind === 'request' ? args[3] : args[4]),
        signature: sigArg(args, kind === 'request' ? 4 : 5),
      },
    ];
  });
}

/**
 * The DID document as published (JSON) for the archive; a resolver failure is recorded, not fatal. A signer whose
 * key the chain does not hold here (an ELIP voter of another term, a former secretary general) gets the
 * document's default key.
 */
async function signerOf(did: string, publicKey: string | undefined): Promise<ArchiveSigner> {
  try {
    const doc = await resolveDid(did);
    const key =
      publicKey ??
      (() => {
        const xy = toPublicKeyXY(doc.getDefaultPublicKey().getPublicKeyBase58());
        return compressedKeyHex(xy.qx, xy.qy);
      })();
    return {
      did,
      publicKey: key,
      didDocument: JSON.parse(doc.toString(true)) as unknown,
      resolveError: null,
    };
  } catch (err) {
    return {
      did,
      publicKey: publicKey ?? '',
      didDocument: null,
      resolveError: err instanceof Error ? err.message : String(err),
    };
  }
}

/**
 * Keys the chain holds for each signer: council members of the term, the owner who signed the suggestion, the
 * secretary general, and each new owner an applied CHANGE_OWNER set.
 */
async function signerKeys(
  db: Db,
  p: ProposalRow,
  owner: { did: string | null; publicKey: string | null } | undefined,
  related: ProposalArchive['related'],
): Promise<Map<string, string>> {
  const [members, gov] = await Promise.all([membersOfTerm(db, p.term!), getGovernanceState(db)]);
  const keys = new Map<string, string>();
  for (const m of members) keys.set(m.did, compressedKeyHex(m.qx, m.qy));
  if (gov?.secretaryDid && gov.secretaryQx && gov.secretaryQy)
    keys.set(gov.secretaryDid, compressedKeyHex(gov.secretaryQx, gov.secretaryQy));
  for (const r of related)
    if (r.kind === 'CHANGE_OWNER' && r.effect === 'applied')
      keys.set(r.terms.newDid, compressedKeyHex(r.terms.newQx, r.terms.newQy));
  const ownerDid = owner?.did ?? p.ownerDid;
  if (ownerDid && owner?.publicKey) {
    const xy = toPublicKeyXY(owner.publicKey);
    keys.set(ownerDid, compressedKeyHex(xy.qx, xy.qy));
  }
  return keys;
}

/**
 * GET /api/proposals/:id/archive — the proposal's texts, every statement as signed with its signature, the
 * signers' keys and DID documents and the transaction hashes (docs/verify.md "Archive"). Statements of votes are
 * the ones the members signed (their wallet requests), never rebuilt here: the verifier rebuilds them.
 */
/** Each archive resolves every signer's DID document: downloads are counted per client address. */
const ARCHIVE_PER_ADDRESS: RateRule = { name: 'proposal-archive-ip', limit: 30, windowSec: 60 };

export async function buildProposalArchive(
  deps: AppDeps,
  ref: string,
  clientIp: string,
): Promise<ProposalArchive> {
  await enforceRate(deps, ARCHIVE_PER_ADDRESS, clientIp);
  const db = deps.database.db;
  const c = deps.config;
  if (!c.CHAIN_ID || !c.GOVERNANCE_ADDRESS)
    throw new AppError(503, 'chain.unavailable', 'The governance chain is not configured on this server.');
  const p = await findProposal(db, ref);
  assertArchivable(p);
  const [owner, registerActions, votes, payments, vetoes] = await Promise.all([
    p.suggestionId ? suggestionSignature(db, p.suggestionId) : Promise.resolve(undefined),
    chainActionsByIds(db, p.registerActionId ? [p.registerActionId] : []),
    votesPart(db, p),
    paymentsPart(db, p),
    vetoEventsOf(db, p.draftHash),
  ]);
  const registerArgs = callArgs(governanceInterface, registerActions.get(p.registerActionId ?? ''));
  const life = await lifeParts(db, p);
  const keys = await signerKeys(db, p, owner, life.related);
  const dids = new Set<string>([
    ...(p.ownerDid ? [p.ownerDid] : []),
    ...(p.proposerDid ? [p.proposerDid] : []),
    ...votes.map((v) => v.memberDid),
    ...payments.map((x) => x.signerDid),
    ...(life.conclusion ? [life.conclusion.ownerDid, life.conclusion.secretaryDid] : []),
    ...(life.elip?.votes.map((v) => v.voterDid) ?? []),
  ]);
  const signers = await Promise.all([...dids].map((did) => signerOf(did, keys.get(did))));
  return {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    generatedAt: new Date().toISOString(),
    site: new URL(c.PUBLIC_URL).origin,
    chain: {
      chainId: c.CHAIN_ID,
      council: c.COUNCIL_ADDRESS ?? null,
      governance: c.GOVERNANCE_ADDRESS,
      treasury: c.TREASURY_ADDRESS ?? null,
    },
    proposal: {
      id: p.id,
      number: p.number,
      status: p.status,
      type: p.type,
      title: p.title,
      abstract: p.abstract,
      suggestion: owner ? { number: owner.number, content: owner.content } : null,
      draftHash: p.draftHash.toLowerCase(),
      termsHash: (p.termsHash ?? '').toLowerCase(),
      terms: p.terms,
      term: p.term,
      registerTxHash: p.registerTxHash ?? null,
    },
    owner: {
      // Who signed the suggestion (a later owner, set by a CHANGE_OWNER, is in `related`).
      did: owner?.did ?? p.ownerDid ?? '',
      statement: owner?.statement ?? '',
      signature: p.ownerSignature ? rawSig(p.ownerSignature) : '',
    },
    registration: {
      memberDid: p.proposerDid ?? '',
      nonce: registerArgs ? String(registerArgs[2]) : '',
      statement: p.registerStatement,
      signature: p.memberSignature ? rawSig(p.memberSignature) : '',
      txHash: p.registerTxHash ?? null,
    },
    votes,
    vetoes,
    payments,
    ...life,
    signers,
  };
}
