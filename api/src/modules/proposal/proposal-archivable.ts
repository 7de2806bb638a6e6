import type { ProposalRow } from '@cr/core/db/schema/proposal.schema';

/** A proposal signed into a registration: what its archive is made of. */
export type ArchivableProposal = ProposalRow & {
  number: number;
  draftHash: string;
  terms: NonNullable<ProposalRow['terms']>;
  term: number;
  registerStatement: string;
};

/**
 * Whether a proposal has an archive to download: published and signed into a registration (its number, draft
 * hash, terms, term and the registration statement). The archive route answers 409 for any other, and the detail
 * page offers the download only for these.
 */
export function isArchivable(p: ProposalRow): p is ArchivableProposal {
  return (
    p.status !== 'DRAFT' &&
    p.number !== null &&
    !!p.draftHash &&
    !!p.terms &&
    p.term !== null &&
    !!p.registerStatement
  );
}
