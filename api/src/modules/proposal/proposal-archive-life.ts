import { textHash } from '@cr/contracts-abi/statements';
import { toContractSig } from '@cr/contracts-abi/p256';
import type {
  ArchiveConclusion,
  ArchiveElipVote,
  ArchiveRelated,
  ArchiveTracking,
  ProposalArchive,
} from '@cr/contract/proposal-archive.contract';
import type { Db } from '@cr/core/db/db-client';
import type { ProposalRow } from '@cr/core/db/schema/proposal.schema';
import {
  concludedTxOf,
  elipWithVotes,
  publishedTrackingOf,
  relatedProposalsOf,
  signedConclusionOf,
} from './proposal-archive.repo';

/**
 * The parts of the archive (version 2) after the votes and payments: the conclusion, the published tracking
 * messages and summary with their reviews, the CHANGE_OWNER / TERMINATE proposals that targeted this one, and the
 * ELIP it came from with its council votes (docs/verify.md "Archive").
 */

/** r‖s as 0x + 128 lowercase hex (s in the lower half, as relayed), from any form a wallet reply holds. */
export function rawSig(sig: string | { r: string; s: string }): string {
  const s = typeof sig === 'string' ? toContractSig(sig) : sig;
  return `0x${s.r.slice(2)}${s.s.slice(2)}`.toLowerCase();
}

async function conclusionPart(db: Db, p: ProposalRow): Promise<ArchiveConclusion | null> {
  const row = await signedConclusionOf(db, p.id);
  const c = row?.c;
  if (!row || !c?.ownerSig || !c.secretarySig) return null;
  return {
    outcome: c.outcome,
    text: c.note,
    summaryHash: c.summaryHash.toLowerCase(),
    nonce: c.nonce,
    statement: c.statement,
    ownerDid: c.ownerDid,
    ownerSignature: rawSig(c.ownerSig),
    secretaryDid: c.secretaryDid,
    secretarySignature: rawSig(c.secretarySig),
    txHash: row.txHash ?? (await concludedTxOf(db, p.draftHash!)),
  };
}

async function trackingPart(db: Db, p: ProposalRow): Promise<ArchiveTracking[]> {
  const rows = await publishedTrackingOf(db, p.id);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    content: r.content,
    // Stored when published; the texts are read as they are now, so an edit since then shows as a mismatch.
    contentHash: r.contentHash ?? textHash(r.content),
    reviewComment: r.reviewComment ?? '',
    reviewHash: r.reviewHash ?? textHash(r.reviewComment ?? ''),
    reviewerDid: r.reviewerDid ?? null,
    publishedAt: r.reviewedAt?.toISOString() ?? '',
  }));
}

async function relatedPart(db: Db, p: ProposalRow): Promise<ArchiveRelated[]> {
  const rows = await relatedProposalsOf(db, p.draftHash!);
  return rows.flatMap((r) =>
    r.number !== null && r.draftHash && r.terms && (r.kind === 'CHANGE_OWNER' || r.kind === 'TERMINATE')
      ? [
          {
            number: r.number,
            kind: r.kind,
            status: r.status,
            draftHash: r.draftHash.toLowerCase(),
            termsHash: (r.termsHash ?? '').toLowerCase(),
            terms: r.terms,
            registerTxHash: r.registerTxHash ?? null,
            effectTxHash: r.effectTxHash ?? null,
            effect: r.effectTxHash ? (r.skipped ? ('skipped' as const) : ('applied' as const)) : null,
          },
        ]
      : [],
  );
}

async function elipPart(db: Db, p: ProposalRow): Promise<ProposalArchive['elip']> {
  if (!p.elipId) return null;
  const found = await elipWithVotes(db, p.elipId);
  if (!found) return null;
  return {
    ...found.elip,
    votes: found.votes.map((v): ArchiveElipVote => ({
      voterDid: v.voterDid,
      term: v.term,
      value: v.value as ArchiveElipVote['value'],
      reason: v.reason,
      elipUpdatedAt: v.elipUpdatedAt,
      statement: v.statement,
      signature: rawSig(v.signature),
    })),
  };
}

/** The four parts, read together. */
export async function lifeParts(db: Db, p: ProposalRow) {
  const [conclusion, tracking, related, elip] = await Promise.all([
    conclusionPart(db, p),
    trackingPart(db, p),
    relatedPart(db, p),
    elipPart(db, p),
  ]);
  return { conclusion, tracking, related, elip };
}
