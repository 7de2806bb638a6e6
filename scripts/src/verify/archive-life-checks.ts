import { ProposalKind, ProposalStatus } from '@cr/contracts-abi/governance-enums';
import type { PublicKeyXY } from '@cr/contracts-abi/p256';
import { conclusionStatement, termsHash, textHash } from '@cr/contracts-abi/statements';
import { elipVoteStatement } from '@cr/contract/elip-vote-statement';
import type {
  AnyProposalArchive,
  ArchiveRelated,
  ArchiveTerms,
  ProposalArchive,
} from '@cr/contract/proposal-archive.contract';
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

/**
 * The checks of the parts a version 2 archive adds (docs/verify.md "Archive"): the conclusion, the published
 * tracking messages and summary with their reviews, the CHANGE_OWNER / TERMINATE proposals that targeted this one
 * and the ELIP with its council votes; from the file, against the chain, and against what the site serves now.
 */

const termsOf = (t: ArchiveTerms) =>
  ({ ...t, stages: t.stages.map((s) => ({ kind: s.kind, amount: BigInt(s.amount) })) }) as Parameters<
    typeof termsHash
  >[0];

/** CHANGE_OWNER proposals whose effect applied, oldest first. */
const ownerChanges = (a: ProposalArchive) =>
  a.related.filter((r) => r.kind === 'CHANGE_OWNER' && r.effect === 'applied');

/**
 * The owner the chain should name now: the new owner of the last CHANGE_OWNER that applied, else the owner who
 * signed the suggestion. Version 1 files know only the latter.
 */
export function currentOwner(a: AnyProposalArchive): { did: string; key: PublicKeyXY } {
  const changes = a.version === 1 ? [] : ownerChanges(a);
  const last = changes[changes.length - 1];
  if (last)
    return {
      did: last.terms.newDid,
      key: { qx: last.terms.newQx.toLowerCase(), qy: last.terms.newQy.toLowerCase() } as PublicKeyXY,
    };
  return { did: a.owner.did, key: keyOf(a, a.owner.did) };
}

const ENDED = ['FINAL', 'INCOMPLETED'];

function conclusionChecks(a: ProposalArchive): CheckResult[] {
  const c = a.conclusion;
  const item = 'conclusion';
  if (!c)
    return ENDED.includes(a.proposal.status)
      ? [fail(item, `the proposal is ${a.proposal.status} but no conclusion is archived`)]
      : [];
  const out: CheckResult[] = [hashCheck(item, 'summary', c.text, c.summaryHash)];
  if (c.outcome === 'FINAL') {
    const summary = a.tracking.find((t) => t.kind === 'SUMMARY');
    out.push(
      summary
        ? same(item, 'summary concluded (the published final summary)', summary.contentHash, c.summaryHash)
        : fail(item, 'FINAL without a published final summary in the file'),
    );
  }
  out.push(
    guarded(item, () => {
      const owner = currentOwner(a).did;
      return owner === c.ownerDid
        ? pass(item, `signed by the owner ${owner}`)
        : fail(item, `signed by ${c.ownerDid}, but the owner is ${owner}`);
    }),
  );
  const rebuild = () =>
    conclusionStatement({
      draftHash: a.proposal.draftHash,
      outcome: c.outcome,
      summaryHash: c.summaryHash,
      nonce: BigInt(c.nonce),
      chainId: a.chain.chainId,
    });
  const [statement, ownerSig] = statementChecks(
    a,
    `${item} by the owner ${c.ownerDid}`,
    c.ownerDid,
    {
      statement: c.statement,
      signature: c.ownerSignature,
    },
    rebuild,
  );
  const [, secretarySig] = statementChecks(
    a,
    `${item} by the secretary general ${c.secretaryDid}`,
    c.secretaryDid,
    { statement: c.statement, signature: c.secretarySignature },
    rebuild,
  );
  return [...out, statement!, ownerSig!, secretarySig!];
}

/** How a tracking entry is named in the results: the summary, or the message's place and id. */
export function trackingItem(a: ProposalArchive, id: string): string {
  const t = a.tracking.find((x) => x.id === id)!;
  if (t.kind === 'SUMMARY') return `final summary ${t.id}`;
  const n = a.tracking.filter((x) => x.kind === 'TRACKING').findIndex((x) => x.id === id) + 1;
  return `tracking message #${n} ${t.id}`;
}

function trackingChecks(a: ProposalArchive): CheckResult[] {
  return a.tracking.flatMap((t) => {
    const item = trackingItem(a, t.id);
    return [
      hashCheck(item, 'message', t.content, t.contentHash),
      hashCheck(item, 'review', t.reviewComment, t.reviewHash),
    ];
  });
}

const relatedItem = (r: ArchiveRelated) => `${r.kind} proposal #${r.number}`;

function relatedChecks(a: ProposalArchive): CheckResult[] {
  return a.related.flatMap((r) => {
    const item = relatedItem(r);
    return [
      guarded(item, () => same(item, 'terms hash', termsHash(termsOf(r.terms)), r.termsHash)),
      same(item, 'target', a.proposal.draftHash, r.terms.target),
      r.terms.kind === r.kind ? pass(item, 'kind ok') : fail(item, `kind mismatch (terms ${r.terms.kind})`),
    ];
  });
}

function elipChecks(a: ProposalArchive): CheckResult[] {
  const e = a.elip;
  if (!e) return [];
  return e.votes.flatMap((v) =>
    statementChecks(
      a,
      `ELIP #${e.number} vote of ${v.voterDid}`,
      v.voterDid,
      v,
      () =>
        elipVoteStatement({
          did: v.voterDid,
          number: e.number,
          title: e.title,
          elipId: e.id,
          updatedAt: v.elipUpdatedAt,
          value: v.value,
          reason: v.reason,
          term: v.term,
        }).statement,
    ),
  );
}

/** Every check of the version 2 parts that needs only the file; a version 1 file says what it lacks. */
export function checkLife(a: AnyProposalArchive): CheckResult[] {
  if (a.version === 1)
    return [
      pass(
        'archive version',
        'version 1: the file holds no conclusion, tracking messages, summary, ownership changes, terminations or ELIP; those are not checked',
      ),
    ];
  return [...conclusionChecks(a), ...trackingChecks(a), ...relatedChecks(a), ...elipChecks(a)];
}

/** A Governance event read from a receipt: its name and its arguments as lower-case strings. */
export interface GovernanceLog {
  name: string;
  args: Record<string, string>;
}

/** What was read from a node for the version 2 parts (chain-read.ts). */
export interface LifeChainFacts {
  /** Per transaction hash (the conclusion's, each related proposal's effect): its Governance events. */
  governanceLogs: Map<string, GovernanceLog[]>;
  /** Per related draft hash: Governance.proposal(draftHash), or null when the node knows none. */
  related: Map<string, { kind: number; status: number; target: string } | null>;
}

/** The transactions whose Governance events the version 2 checks read. */
export function lifeTransactions(a: AnyProposalArchive): string[] {
  if (a.version === 1) return [];
  return [
    ...(a.conclusion?.txHash ? [a.conclusion.txHash] : []),
    ...a.related.flatMap((r) => (r.effectTxHash ? [r.effectTxHash] : [])),
  ].map((h) => h.toLowerCase());
}

const logsOf = (facts: LifeChainFacts, tx: string | null) =>
  (tx ? facts.governanceLogs.get(tx.toLowerCase()) : undefined) ?? [];

function conclusionOnChain(a: ProposalArchive, facts: LifeChainFacts): CheckResult[] {
  const c = a.conclusion;
  if (!c) return [];
  const item = 'conclusion on chain';
  const draftHash = a.proposal.draftHash.toLowerCase();
  const log = logsOf(facts, c.txHash).find((l) => l.name === 'Concluded' && l.args.draftHash === draftHash);
  if (!log) return [fail(item, `transaction ${c.txHash ?? '(none)'} carries no Concluded of this proposal`)];
  const diffs = [
    log.args.outcome === String(ProposalStatus[c.outcome])
      ? null
      : `outcome ${log.args.outcome} ≠ ${c.outcome}`,
    log.args.summaryHash === textHash(c.text)
      ? null
      : `summary: hash mismatch (chain ${log.args.summaryHash}, text ${textHash(c.text)})`,
  ].filter(Boolean);
  return [diffs.length === 0 ? pass(item, `Concluded ${c.outcome} ok`) : fail(item, diffs.join(', '))];
}

function relatedOnChain(a: ProposalArchive, facts: LifeChainFacts): CheckResult[] {
  const target = a.proposal.draftHash.toLowerCase();
  return a.related.map((r) => {
    const item = `${relatedItem(r)} on chain`;
    const p = facts.related.get(r.draftHash.toLowerCase());
    if (!p) return fail(item, 'not registered on chain');
    const diffs = [
      p.kind === ProposalKind[r.kind] ? null : `kind ${p.kind}`,
      p.target.toLowerCase() === target ? null : `target ${p.target}`,
    ];
    if (r.effectTxHash) {
      const logs = logsOf(facts, r.effectTxHash);
      const activated = logs.some(
        (l) =>
          l.name === 'StatusChanged' &&
          l.args.draftHash === r.draftHash.toLowerCase() &&
          l.args.to === String(ProposalStatus.ACTIVE),
      );
      const skipped = logs.some(
        (l) =>
          l.name === 'EffectSkipped' &&
          l.args.draftHash === r.draftHash.toLowerCase() &&
          l.args.target === target,
      );
      const applied =
        r.kind === 'CHANGE_OWNER'
          ? logs.some(
              (l) =>
                l.name === 'OwnerChanged' &&
                l.args.draftHash === target &&
                l.args.byProposal === r.draftHash.toLowerCase() &&
                l.args.ownerDid === r.terms.newDid.toLowerCase(),
            )
          : logs.some(
              (l) =>
                l.name === 'StatusChanged' &&
                l.args.draftHash === target &&
                l.args.to === String(ProposalStatus.TERMINATED),
            );
      diffs.push(activated ? null : `transaction ${r.effectTxHash} does not make it ACTIVE`);
      // The effect the file states must be the one the receipt holds.
      const effectOk = r.effect === 'skipped' ? skipped && !applied : applied && !skipped;
      diffs.push(
        effectOk
          ? null
          : `transaction ${r.effectTxHash} carries no ${r.effect === 'skipped' ? 'EffectSkipped' : `${r.kind} effect`} on this proposal`,
      );
    }
    const found = diffs.filter(Boolean);
    return found.length === 0
      ? pass(item, r.effectTxHash ? `record and effect ok (${r.effect})` : 'record ok (not ACTIVE)')
      : fail(item, found.join(', '));
  });
}

/** The version 2 parts against the chain: the Concluded event, each related proposal and its effect. */
export function checkLifeAgainstChain(a: AnyProposalArchive, facts: LifeChainFacts): CheckResult[] {
  if (a.version === 1) return [];
  return [...conclusionOnChain(a, facts), ...relatedOnChain(a, facts)];
}

/** A tracking entry as the site serves it now (GET /api/proposals/:id/tracking). */
export interface ServedTracking {
  id: string;
  content: string;
  reviewComment: string;
}

/**
 * Each archived tracking message and summary against what the site serves now: the hash of the served text and
 * review must be the one stored when it was published (and archived), so an edit in the database since is named.
 */
export function checkTrackingServed(a: AnyProposalArchive, served: ServedTracking[]): CheckResult[] {
  if (a.version === 1) return [];
  const byId = new Map(served.map((s) => [s.id, s]));
  return a.tracking.map((t) => {
    const item = `${trackingItem(a, t.id)} on the site`;
    const s = byId.get(t.id);
    if (!s) return fail(item, 'not served as published');
    const diffs = [
      textHash(s.content) === t.contentHash.toLowerCase()
        ? null
        : `message: hash mismatch (site ${textHash(s.content)}, archived ${t.contentHash})`,
      textHash(s.reviewComment) === t.reviewHash.toLowerCase()
        ? null
        : `review: hash mismatch (site ${textHash(s.reviewComment)}, archived ${t.reviewHash})`,
    ].filter(Boolean);
    return diffs.length === 0 ? pass(item, 'message and review hash ok') : fail(item, diffs.join(', '));
  });
}
