import { keccak256, toUtf8Bytes } from 'ethers';
import { toPublicKeyXY } from '@cr/contracts-abi/p256';
import {
  compressedKeyHex,
  ownerStatement,
  paymentRequestStatement,
  paymentReviewStatement,
  registrationStatement,
  termsHash,
  textHash,
  voteStatement,
  withdrawalStatement,
  type ProposalTerms,
} from '@cr/contracts-abi/statements';
import type { AnyProposalArchive, ArchiveTerms } from '@cr/contract/proposal-archive.contract';
import { suggestionDraftHash } from '@cr/contract/suggestion-hash';
import {
  fail,
  guarded,
  hashCheck,
  keyOf,
  pass,
  same,
  statementChecks,
  type CheckResult,
} from './check-result';
import { checkLife, checkLifeAgainstChain, currentOwner, type LifeChainFacts } from './archive-life-checks';

/**
 * The offline verifier's checks (docs/verify.md "Archive"): pure functions over a parsed archive and, for the
 * chain part, over facts already read from a node. One result per check; `item` names what was checked. The
 * parts of version 2 after the payments are checked in archive-life-checks.ts.
 */
export type { CheckResult } from './check-result';

/** keccak256 of the DID's UTF-8 bytes: the member id the contracts use. */
export const memberIdOf = (did: string) => keccak256(toUtf8Bytes(did)).toLowerCase();

export function toTerms(t: ArchiveTerms): ProposalTerms {
  return { ...t, stages: t.stages.map((s) => ({ kind: s.kind, amount: BigInt(s.amount) })) } as ProposalTerms;
}

function proposalChecks(a: AnyProposalArchive): CheckResult[] {
  const p = a.proposal;
  const terms = toTerms(p.terms);
  const out = [
    guarded('proposal terms', () => same('proposal terms', 'terms hash', termsHash(terms), p.termsHash)),
  ];
  out.push(
    p.suggestion
      ? guarded('proposal draft', () =>
          same(
            'proposal draft',
            'draft hash',
            `0x${suggestionDraftHash(p.suggestion!.number, p.suggestion!.content)}`,
            p.draftHash,
          ),
        )
      : fail('proposal draft', 'draft hash: no suggestion content archived'),
  );
  out.push(
    ...statementChecks(a, `owner signature of ${a.owner.did}`, a.owner.did, a.owner, () =>
      ownerStatement({ draftHash: p.draftHash, ownerDid: a.owner.did, terms, chainId: a.chain.chainId }),
    ),
  );
  const r = a.registration;
  out.push(
    ...statementChecks(a, `registration by ${r.memberDid}`, r.memberDid, r, () => {
      const owner = keyOf(a, a.owner.did);
      return registrationStatement({
        draftHash: p.draftHash,
        ownerDid: a.owner.did,
        ownerQx: owner.qx,
        ownerQy: owner.qy,
        terms,
        term: p.term,
        nonce: BigInt(r.nonce),
        chainId: a.chain.chainId,
      });
    }),
  );
  return out;
}

function voteChecks(a: AnyProposalArchive): CheckResult[] {
  return a.votes.flatMap((v) => {
    const item = `vote of ${v.memberDid}`;
    return [
      hashCheck(item, 'reason', v.reason, v.opinionHash),
      ...statementChecks(a, item, v.memberDid, v, () =>
        voteStatement({
          draftHash: a.proposal.draftHash,
          choice: v.choice,
          opinionHash: v.opinionHash,
          term: a.proposal.term,
          nonce: BigInt(v.nonce),
          chainId: a.chain.chainId,
        }),
      ),
    ];
  });
}

function paymentChecks(a: AnyProposalArchive): CheckResult[] {
  const stageCount = a.proposal.terms.stages.length;
  const base = { draftHash: a.proposal.draftHash, chainId: a.chain.chainId };
  return a.payments.flatMap((x, i) => {
    const item = `payment ${x.action} #${i + 1}${x.stage === null ? '' : ` (stage ${x.stage + 1})`} by ${x.signerDid}`;
    const out: CheckResult[] = [];
    if (x.text !== null && x.textHash !== null)
      out.push(hashCheck(item, x.action === 'request' ? 'message' : 'opinion', x.text, x.textHash));
    if (x.stage !== null && a.proposal.terms.stages[x.stage])
      out.push(same(item, 'amount', a.proposal.terms.stages[x.stage]!.amount, x.amountWei));
    const rebuild = () => {
      const nonce = BigInt(x.nonce);
      const amount = BigInt(x.amountWei);
      if (x.action === 'withdrawal')
        return withdrawalStatement({ ...base, amount, recipient: x.recipient ?? '', nonce });
      const stage = x.stage ?? -1;
      if (x.action === 'request')
        return paymentRequestStatement({
          ...base,
          stage,
          stageCount,
          amount,
          messageHash: x.textHash ?? '',
          nonce,
        });
      return paymentReviewStatement({
        ...base,
        approve: x.approve === true,
        stage,
        stageCount,
        amount,
        opinionHash: x.textHash ?? '',
        nonce,
      });
    };
    return [...out, ...statementChecks(a, item, x.signerDid, x, rebuild)];
  });
}

/** The keys a DID document publishes (publicKeyBase58 of every entry), as compressed SEC1 hex. */
export function documentKeys(doc: unknown): { id: string; key: string }[] {
  const entries = (doc as { publicKey?: unknown[] } | null)?.publicKey;
  if (!Array.isArray(entries)) return [];
  return entries.flatMap((e) => {
    const entry = e as { id?: unknown; publicKeyBase58?: unknown };
    if (typeof entry.publicKeyBase58 !== 'string') return [];
    try {
      const xy = toPublicKeyXY(entry.publicKeyBase58);
      return [{ id: String(entry.id ?? ''), key: compressedKeyHex(xy.qx, xy.qy) }];
    } catch {
      return [];
    }
  });
}

function signerChecks(a: AnyProposalArchive): CheckResult[] {
  return a.signers.map((s) => {
    const item = `DID document of ${s.did}`;
    if (!s.didDocument) return fail(item, `not archived (${s.resolveError ?? 'no document'})`);
    const id = (s.didDocument as { id?: unknown }).id;
    if (id !== s.did) return fail(item, `document id ${String(id)} is not the signer's DID`);
    return guarded(item, () => {
      const archived = toPublicKeyXY(s.publicKey);
      const key = compressedKeyHex(archived.qx, archived.qy);
      const found = documentKeys(s.didDocument).find((k) => k.key === key);
      return found
        ? pass(item, `public key ok (${found.id || 'key'})`)
        : fail(item, `public key mismatch: ${key} is not a key of the document`);
    });
  });
}

/** Every check that needs only the file: hashes, statements, signatures, keys against DID documents. */
export function checkArchive(a: AnyProposalArchive): CheckResult[] {
  return [...proposalChecks(a), ...voteChecks(a), ...paymentChecks(a), ...checkLife(a), ...signerChecks(a)];
}

/** What was read from a node for the archive's proposal (chain-read.ts reads it). */
export interface ChainFacts extends LifeChainFacts {
  chainId: number;
  /** Governance.proposal(draftHash), or null when the node knows no such proposal. */
  proposal: {
    term: number;
    proposer: string;
    ownerDid: string;
    ownerQx: string;
    ownerQy: string;
  } | null;
  /**
   * Per vote transaction hash: the VoteCast events of the Governance address in its receipt (several when the
   * relayer batched votes in one transaction; none: empty).
   */
  voteLogs: Map<string, { draftHash: string; memberId: string; opinionHash: string }[]>;
  /** Per payment transaction hash: its Treasury events (PaymentRequested / PaymentReviewed / Withdrawn). */
  paymentLogs: Map<string, PaymentLog[]>;
}

/** A Treasury payment event, lower-case hex; fields the event lacks are null. */
export interface PaymentLog {
  event: string;
  draftHash: string;
  stage: number | null;
  amountWei: string | null;
  /** messageHash (PaymentRequested) or opinionHash (PaymentReviewed). */
  hash: string | null;
  approved: boolean | null;
  recipient: string | null;
}

const PAYMENT_EVENT = {
  request: 'PaymentRequested',
  review: 'PaymentReviewed',
  withdrawal: 'Withdrawn',
} as const;

function paymentOnChain(a: AnyProposalArchive, chain: ChainFacts): CheckResult[] {
  return a.payments.map((x, i) => {
    const item = `payment ${x.action} #${i + 1} by ${x.signerDid} on chain`;
    const logs = (x.txHash ? chain.paymentLogs.get(x.txHash.toLowerCase()) : undefined) ?? [];
    const ofKind = logs.filter((l) => l.event === PAYMENT_EVENT[x.action]);
    // This proposal's (and stage's) event when the transaction carries several; else the first, to name the diff.
    const log =
      ofKind.find(
        (l) =>
          l.draftHash === a.proposal.draftHash.toLowerCase() && (x.stage === null || l.stage === x.stage),
      ) ?? ofKind[0];
    if (!log)
      return fail(
        item,
        `transaction ${x.txHash ?? '(none)'} carries no ${PAYMENT_EVENT[x.action]} of the Treasury`,
      );
    const textHashNow = x.text !== null ? textHash(x.text) : x.textHash;
    const diffs = [
      log.draftHash === a.proposal.draftHash.toLowerCase() ? null : 'draft hash',
      x.stage === null || log.stage === x.stage ? null : `stage ${log.stage} ≠ ${x.stage}`,
      log.amountWei === null || log.amountWei === x.amountWei
        ? null
        : `amount ${log.amountWei} ≠ ${x.amountWei}`,
      log.hash === null || log.hash === textHashNow
        ? null
        : `${x.action === 'request' ? 'message' : 'opinion'}: hash mismatch (chain ${log.hash}, text ${textHashNow})`,
      log.approved === null || log.approved === x.approve ? null : 'approval',
      log.recipient === null || log.recipient === x.recipient?.toLowerCase() ? null : 'recipient',
    ].filter(Boolean);
    return diffs.length === 0 ? pass(item, `${log.event} ok`) : fail(item, diffs.join(', '));
  });
}

/**
 * The archive against the chain: chain id, the proposal record, each vote's VoteCast, each payment's event, and
 * (version 2) the Concluded event and each ownership change or termination with its effect.
 */
export function checkAgainstChain(a: AnyProposalArchive, chain: ChainFacts): CheckResult[] {
  const out: CheckResult[] = [
    chain.chainId === a.chain.chainId
      ? pass('chain', `chain id ${chain.chainId} ok`)
      : fail('chain', `chain id mismatch (node ${chain.chainId}, archived ${a.chain.chainId})`),
  ];
  const item = `proposal ${a.proposal.draftHash} on chain`;
  const p = chain.proposal;
  if (!p) out.push(fail(item, 'not registered on chain'));
  else
    out.push(
      guarded(item, () => {
        // The owner now: the last CHANGE_OWNER that applied, else the one who signed the suggestion.
        const { did: ownerDid, key: owner } = currentOwner(a);
        const diffs = [
          p.term === a.proposal.term ? null : `term ${p.term} ≠ ${a.proposal.term}`,
          p.proposer.toLowerCase() === memberIdOf(a.registration.memberDid) ? null : 'proposer',
          p.ownerDid === ownerDid ? null : `owner ${p.ownerDid} ≠ ${ownerDid}`,
          p.ownerQx.toLowerCase() === owner.qx && p.ownerQy.toLowerCase() === owner.qy ? null : 'owner key',
        ].filter(Boolean);
        return diffs.length === 0
          ? pass(item, 'record ok')
          : fail(item, `record mismatch: ${diffs.join(', ')}`);
      }),
    );
  for (const v of a.votes) {
    const voteItem = `vote of ${v.memberDid} on chain`;
    if (!v.txHash) {
      out.push(fail(voteItem, 'no transaction archived'));
      continue;
    }
    const logs = chain.voteLogs.get(v.txHash.toLowerCase()) ?? [];
    // This proposal's vote by this member when the transaction carries several; else the first, to name the diff.
    const log =
      logs.find(
        (l) => l.draftHash === a.proposal.draftHash.toLowerCase() && l.memberId === memberIdOf(v.memberDid),
      ) ?? logs[0];
    if (!log) {
      out.push(fail(voteItem, `transaction ${v.txHash} carries no VoteCast of the Governance contract`));
      continue;
    }
    const reasonHash = textHash(v.reason);
    const diffs = [
      log.draftHash === a.proposal.draftHash.toLowerCase() ? null : 'draft hash',
      log.memberId === memberIdOf(v.memberDid) ? null : 'member',
      log.opinionHash === reasonHash
        ? null
        : `reason: hash mismatch (chain ${log.opinionHash}, text ${reasonHash})`,
    ].filter(Boolean);
    out.push(diffs.length === 0 ? pass(voteItem, 'reason hash ok') : fail(voteItem, diffs.join(', ')));
  }
  return [...out, ...paymentOnChain(a, chain), ...checkLifeAgainstChain(a, chain)];
}

/** One line per check: `ok       <item>: <detail>` or `MISMATCH <item>: <detail>`. */
export function formatResults(results: CheckResult[]): string {
  return results.map((r) => `${r.ok ? 'ok      ' : 'MISMATCH'} ${r.item}: ${r.detail}`).join('\n');
}
