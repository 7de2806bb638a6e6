import { z } from 'zod';

/**
 * The per-proposal archive (GET /api/proposals/:id/archive, docs/verify.md "Archive"): one JSON file with the
 * texts as registered, every statement as signed with its DID signature, the signers' keys and DID documents and
 * the transaction hashes, so a third party can re-check every signature and hash without this server
 * (`npm run verify -- <file> [--rpc URL]`). Bump ARCHIVE_VERSION on any change a verifier would notice, and keep
 * reading the older versions (`anyProposalArchiveSchema`).
 *
 * Version 2 adds the life after the votes: the conclusion, the published tracking messages and summary with the
 * secretary general's reviews, the CHANGE_OWNER / TERMINATE proposals that targeted this one, and the ELIP it came
 * from with its council votes. Version 1 files lack those parts and are still verified for what they hold.
 */
export const ARCHIVE_FORMAT = 'cyber-republic-proposal-archive';
export const ARCHIVE_VERSION = 2;

const hash = z.string().describe('0x + 64 hex');
/** Raw r‖s of the P-256 signature, 0x + 128 hex (s may be normalised to the lower half as relayed). */
const signature = z.string().describe('0x + 128 hex: r‖s');
const txHash = hash.nullable().describe('the transaction that carried it, null while not on chain');

export const archiveTermsSchema = z.object({
  kind: z.enum(['NORMAL', 'CHANGE_OWNER', 'CHANGE_SECRETARY', 'TERMINATE']),
  recipient: z.string(),
  /** Amounts in wei as decimal strings. */
  stages: z.array(z.object({ kind: z.enum(['ADVANCE', 'CONDITIONED', 'COMPLETION']), amount: z.string() })),
  target: z.string(),
  newDid: z.string(),
  newQx: z.string(),
  newQy: z.string(),
  newRecipient: z.string(),
});
export type ArchiveTerms = z.infer<typeof archiveTermsSchema>;

export const archiveVoteSchema = z.object({
  memberDid: z.string(),
  choice: z.enum(['YES', 'OPPOSE', 'ABSTAIN']),
  reason: z.string(),
  opinionHash: hash,
  /** The vote's nonce (decimal). */
  nonce: z.string(),
  statement: z.string(),
  signature,
  txHash,
});
export type ArchiveVote = z.infer<typeof archiveVoteSchema>;

export const archivePaymentSchema = z.object({
  action: z.enum(['request', 'review', 'withdrawal']),
  signerDid: z.string(),
  /** 0-based stage (the statement counts from 1); null for a withdrawal. */
  stage: z.number().int().nullable(),
  /** Wei: the stage amount, or the withdrawn total. */
  amountWei: z.string(),
  /** Withdrawal only: the address paid. */
  recipient: z.string().nullable(),
  /** Review only. */
  approve: z.boolean().nullable(),
  /** The request's message or the review's opinion (null for a withdrawal). */
  text: z.string().nullable(),
  textHash: hash.nullable(),
  nonce: z.string(),
  statement: z.string(),
  signature,
  txHash,
});
export type ArchivePayment = z.infer<typeof archivePaymentSchema>;

export const archiveSignerSchema = z.object({
  did: z.string(),
  /** SEC1 compressed P-256 key, 0x02/0x03 + x: the key the contracts hold for this signer. */
  publicKey: z.string(),
  /** The DID document as resolved when the archive was made (JSON as published), or null. */
  didDocument: z.unknown().nullable(),
  /** Why the document could not be resolved, when it could not. */
  resolveError: z.string().nullable(),
});
export type ArchiveSigner = z.infer<typeof archiveSignerSchema>;

/** The conclusion on chain (Governance.conclude): the one statement the owner and the secretary general co-signed. */
export const archiveConclusionSchema = z.object({
  outcome: z.enum(['FINAL', 'INCOMPLETED']),
  /** The text hashed into summaryHash: the approved final summary, or the reason of an incomplete close. */
  text: z.string(),
  summaryHash: hash,
  nonce: z.string(),
  statement: z.string(),
  ownerDid: z.string(),
  ownerSignature: signature,
  secretaryDid: z.string(),
  secretarySignature: signature,
  txHash,
});
export type ArchiveConclusion = z.infer<typeof archiveConclusionSchema>;

/**
 * A published tracking message or final summary with the secretary general's review, each text beside the hash
 * stored when it was published (`proposal_tracking.content_hash` / `review_hash`). Not on chain: with --rpc the
 * verifier compares them with what the site serves now.
 */
export const archiveTrackingSchema = z.object({
  id: z.string(),
  kind: z.enum(['TRACKING', 'SUMMARY']),
  content: z.string(),
  contentHash: hash,
  reviewComment: z.string(),
  reviewHash: hash,
  reviewerDid: z.string().nullable(),
  publishedAt: z.string(),
});
export type ArchiveTracking = z.infer<typeof archiveTrackingSchema>;

/** A CHANGE_OWNER or TERMINATE proposal whose target is this proposal, with its chain evidence. */
export const archiveRelatedSchema = z.object({
  number: z.number().int(),
  kind: z.enum(['CHANGE_OWNER', 'TERMINATE']),
  status: z.string(),
  draftHash: hash,
  termsHash: hash,
  terms: archiveTermsSchema,
  registerTxHash: txHash,
  /**
   * The transaction in which it became ACTIVE, whose effects (OwnerChanged, or this proposal's StatusChanged to
   * TERMINATED, or EffectSkipped) are in the same receipt; null while it is not ACTIVE.
   */
  effectTxHash: txHash,
  /** Whether its effect changed this proposal (`applied`) or found it no longer ACTIVE (`skipped`); null before. */
  effect: z.enum(['applied', 'skipped']).nullable(),
});
export type ArchiveRelated = z.infer<typeof archiveRelatedSchema>;

/** A council member's signed vote on the ELIP (wallet action vote-elip; elipVoteStatement). Not on chain. */
export const archiveElipVoteSchema = z.object({
  voterDid: z.string(),
  term: z.number().int(),
  value: z.enum(['YES', 'OPPOSE', 'ABSTAIN']),
  reason: z.string(),
  /** The ELIP's last change when the vote was signed (part of the signed digest). */
  elipUpdatedAt: z.string(),
  statement: z.string(),
  signature,
});
export type ArchiveElipVote = z.infer<typeof archiveElipVoteSchema>;

const archiveCore = {
  format: z.literal(ARCHIVE_FORMAT),
  generatedAt: z.string(),
  chain: z.object({
    chainId: z.number().int(),
    council: z.string().nullable(),
    governance: z.string(),
    treasury: z.string().nullable(),
  }),
  proposal: z.object({
    id: z.string(),
    number: z.number().int(),
    status: z.string(),
    type: z.string(),
    title: z.string(),
    abstract: z.string(),
    /** The signed suggestion as hashed: draftHash = suggestionDraftHash(number, content) (suggestion-hash.ts). */
    suggestion: z.object({ number: z.number().int(), content: z.unknown() }).nullable(),
    /** The suggestion's draft hash: the proposal's id on chain. */
    draftHash: hash,
    termsHash: hash,
    terms: archiveTermsSchema,
    /** The council term it was registered in. */
    term: z.number().int(),
    registerTxHash: txHash,
  }),
  /** The owner's signature of the suggestion (ownerStatement). */
  owner: z.object({ did: z.string(), statement: z.string(), signature }),
  /** The council member's registration (registrationStatement). */
  registration: z.object({
    memberDid: z.string(),
    nonce: z.string(),
    statement: z.string(),
    signature,
    txHash,
  }),
  votes: z.array(archiveVoteSchema),
  /** Veto stakes (EVM transactions of holders, no DID signature). */
  vetoes: z.array(z.object({ holder: z.string(), amountWei: z.string(), txHash: hash })),
  payments: z.array(archivePaymentSchema),
  signers: z.array(archiveSignerSchema),
};

/** A version 1 file: the proposal up to its payments. */
export const proposalArchiveV1Schema = z.object({ ...archiveCore, version: z.literal(1) });
export type ProposalArchiveV1 = z.infer<typeof proposalArchiveV1Schema>;

export const proposalArchiveSchema = z.object({
  ...archiveCore,
  version: z.literal(ARCHIVE_VERSION),
  /** The site the file came from (PUBLIC_URL): where --rpc reads the tracking messages it serves now. */
  site: z.string(),
  /** The latest conclusion signed by both parties, or null (none yet). */
  conclusion: archiveConclusionSchema.nullable(),
  tracking: z.array(archiveTrackingSchema),
  related: z.array(archiveRelatedSchema),
  /** The ELIP submitted as this proposal, or null. */
  elip: z
    .object({
      id: z.string(),
      number: z.number().int(),
      title: z.string(),
      votes: z.array(archiveElipVoteSchema),
    })
    .nullable(),
});
export type ProposalArchive = z.infer<typeof proposalArchiveSchema>;

/** What the verifier reads: the current version or an older one. */
export const anyProposalArchiveSchema = z.discriminatedUnion('version', [
  proposalArchiveV1Schema,
  proposalArchiveSchema,
]);
export type AnyProposalArchive = z.infer<typeof anyProposalArchiveSchema>;
