import { z } from 'zod';
import { proposalStatusSchema } from './proposal.contract';

/**
 * "Verify it yourself" (GET /api/verify, /verify): what a reader needs to check the site against the chain
 * without trusting our server — the chain, the contracts and their ABIs, whether the code deployed at each
 * address is the code compiled from this repository, and, per proposal, what the site shows next to what the
 * contract holds.
 */

export const VERIFY_CONTRACTS = ['Council', 'Governance', 'Treasury', 'RelayBatch'] as const;
export const verifyContractNameSchema = z.enum(VERIFY_CONTRACTS);
export type VerifyContractName = z.infer<typeof verifyContractNameSchema>;

/** The deployed runtime code compared with the compiled artifact, immutables masked out. */
export const codeCheckSchema = z.enum(['match', 'mismatch', 'no_code', 'unavailable']);
export type CodeCheck = z.infer<typeof codeCheckSchema>;

export const verifyContractSchema = z.object({
  name: verifyContractNameSchema,
  address: z.string(),
  /** Solidity source unit of the artifact, e.g. contracts/Governance.sol. */
  source: z.string(),
  /** SHA-256 of the artifact's { abi, bytecode, deployedBytecode }. */
  artifactHash: z.string(),
  /** keccak256 of the code at the address, as read (null when it could not be read). */
  codeHash: z.string().nullable(),
  code: codeCheckSchema,
});
export type VerifyContract = z.infer<typeof verifyContractSchema>;

export const verifyInfoSchema = z.object({
  /** False when this server runs without a governance chain: nothing below can be checked. */
  configured: z.boolean(),
  chainId: z.number().int().nullable(),
  /** A public JSON-RPC address of the same chain, when the operator publishes one. */
  publicRpcUrl: z.string().nullable(),
  confirmations: z.number().int(),
  /** The block the contracts were deployed in (events are indexed from there). */
  deploymentBlock: z.number().int().nullable(),
  /** The chain head as read now (null when the node did not answer). */
  headBlock: z.number().int().nullable(),
  compiler: z.string(),
  /** SHA-256 of compiler version, settings and every source unit (contracts-abi/src/solc-build.ts). */
  sourceHash: z.string(),
  contracts: z.array(verifyContractSchema),
});
export type VerifyInfo = z.infer<typeof verifyInfoSchema>;

export const VERIFY_PAGE_SIZE = 20;
export const verifyProposalsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/** One side of the comparison: the status and council tally. */
export const proposalRecordSchema = z.object({
  status: proposalStatusSchema.or(z.literal('NONE')),
  yes: z.number().int(),
  oppose: z.number().int(),
  abstain: z.number().int(),
});

export const verifyProposalSchema = z.object({
  number: z.number().int(),
  title: z.string(),
  /** The proposal's id on chain (the suggestion's draft hash). */
  draftHash: z.string(),
  registrationTx: z.string().nullable(),
  site: proposalRecordSchema,
  /** Governance.proposal(draftHash) at `block`; null when the chain could not be read. */
  chain: proposalRecordSchema.nullable(),
  /** Site and chain agree on status and tally (null when the chain could not be read). */
  matches: z.boolean().nullable(),
});
export type VerifyProposal = z.infer<typeof verifyProposalSchema>;

export const verifyProposalsSchema = z.object({
  block: z.number().int().nullable(),
  page: z.number().int(),
  total: z.number().int(),
  list: z.array(verifyProposalSchema),
});
export type VerifyProposals = z.infer<typeof verifyProposalsSchema>;
