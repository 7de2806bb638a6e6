import { z } from 'zod';

/**
 * The per-proposal archive (GET /api/proposals/:id/archive, docs/verify.md "Archive"): one JSON file with the
 * texts as registered, every statement as signed with its DID signature, the signers' keys and DID documents and
 * the transaction hashes, so a third party can re-check every signature and hash without this server
 * (`npm run verify -- <file> [--rpc URL]`). Bump ARCHIVE_VERSION on any change a verifier would notice.
 */
export const ARCHIVE_FORMAT = 'cyber-republic-proposal-archive';
export const ARCHIVE_VERSION = 1;

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

export const proposalArchiveSchema = z.object({
  format: z.literal(ARCHIVE_FORMAT),
  version: z.literal(ARCHIVE_VERSION),
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
});
export type ProposalArchive = z.infer<typeof proposalArchiveSchema>;
