import { z } from 'zod';
import { chainStatusSchema } from './chain.contract';
import { councilMemberRefSchema, proposalStatusSchema, voteChoiceSchema } from './proposal.contract';

/**
 * Council pages (spec §2 /council, /council/list, /council/detail/{id}, /candidates, /position/secretariat/{id}).
 * Membership comes from the chain (Council contract events), mapped to site accounts by DID. Terms last
 * `termLengthBlocks` (262,800 ≈ 1 year in production) and the election runs `electionPeriodBlocks` (21,900 ≈ 30
 * days) before the end; dev chains deploy shorter ones — the numbers below are read from the contract.
 */

/** A point in the future by block height, with an ETA from the observed block interval. */
export const heightEtaSchema = z.object({
  height: z.number().int(),
  /** Estimated time of that block (ISO), null until the interval is known; in the past when already reached. */
  at: z.string().nullable(),
  reached: z.boolean(),
});
export type HeightEta = z.infer<typeof heightEtaSchema>;

export const councilTermSchema = z.object({
  term: z.number().int(),
  /** First block of the term and the first block after it (cut short when the next term was seated early). */
  start: heightEtaSchema,
  end: heightEtaSchema,
  /** The election starts here (end − electionPeriodBlocks). */
  electionStart: heightEtaSchema,
  seats: z.number().int(),
  seated: z.number().int(),
  current: z.boolean(),
});
export type CouncilTerm = z.infer<typeof councilTermSchema>;

/** A member of a term with a summary of their voting in it. */
export const councilMemberSchema = councilMemberRefSchema.extend({
  term: z.number().int(),
  /** False once removed mid-term (impeachment, resignation). */
  seated: z.boolean(),
  /** Votes cast in this term: chained (on chain) and total (including not yet posted). */
  votesChained: z.number().int(),
  votesTotal: z.number().int(),
  /** Motto or bio line of the site account, when one exists. */
  bio: z.string().nullable(),
});
export type CouncilMember = z.infer<typeof councilMemberSchema>;

export const secretariatSchema = z.object({
  /** The secretary general's DID on chain (null until set). */
  secretaryGeneral: councilMemberRefSchema.nullable(),
  /** Site accounts with the SECRETARY role (the secretariat staff), public fields only. */
  staff: z.array(councilMemberRefSchema),
});

export const councilParamsSchema = z.object({
  termLengthBlocks: z.number().int(),
  electionPeriodBlocks: z.number().int(),
  votingPeriodBlocks: z.number().int(),
});

/** GET /api/council — the current term's members and the secretariat (tab COUNCIL and SECRETARIAT). */
export const councilOverviewSchema = z.object({
  current: councilTermSchema.nullable(),
  members: z.array(councilMemberSchema),
  secretariat: secretariatSchema,
  params: councilParamsSchema.nullable(),
  /** True during the election period (no proposals may be registered). */
  electionRunning: z.boolean(),
  height: z.number().int().nullable(),
  avgBlockMs: z.number().nullable(),
});
export type CouncilOverview = z.infer<typeof councilOverviewSchema>;

/** GET /api/council/terms — every term, newest first, with its members (tab for previous terms, /council/list). */
export const councilTermListSchema = z.object({
  terms: z.array(councilTermSchema.extend({ members: z.array(councilMemberSchema) })),
  height: z.number().int().nullable(),
  avgBlockMs: z.number().nullable(),
});

/** `:id` of a council member: site user id (uuid), DID, or on-chain member id (0x + 64 hex). */
export const councilMemberParamsSchema = z.object({
  id: z.union([
    z.uuid(),
    z.string().regex(/^did:elastos:[1-9A-HJ-NP-Za-km-z]{1,64}$/),
    z.string().regex(/^0x[0-9a-fA-F]{64}$/),
  ]),
});

export const votingRecordQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  results: z.coerce.number().int().min(1).max(50).default(20),
  term: z.coerce.number().int().min(1).optional(),
});

/** One vote in a member's voting record, with its reason. */
export const votingRecordEntrySchema = z.object({
  proposal: z.object({
    _id: z.string(),
    number: z.number().int().nullable(),
    title: z.string(),
    status: proposalStatusSchema,
  }),
  choice: voteChoiceSchema,
  reason: z.string(),
  votedAt: z.string(),
  chainStatus: chainStatusSchema,
  txHash: z.string().nullable(),
});

/** GET /api/council/members/:id — a member's profile and voting record (/council/detail/{id}). */
export const councilMemberDetailSchema = z.object({
  member: councilMemberRefSchema,
  bio: z.string().nullable(),
  /** The terms this DID held a seat in. */
  terms: z.array(z.object({ term: z.number().int(), seated: z.boolean(), current: z.boolean() })),
  record: z.object({
    list: z.array(votingRecordEntrySchema),
    total: z.number().int(),
    page: z.number().int(),
    results: z.number().int(),
  }),
  /** Counts over every vote of the record. */
  stats: z.object({ yes: z.number().int(), oppose: z.number().int(), abstain: z.number().int() }),
});
export type CouncilMemberDetail = z.infer<typeof councilMemberDetailSchema>;

/** GET /api/council/secretariat/:id — the secretariat position (/position/secretariat/{id}); id = user id or DID. */
export const secretariatPositionSchema = z.object({
  person: councilMemberRefSchema,
  isSecretaryGeneral: z.boolean(),
  bio: z.string().nullable(),
});

export const candidateSchema = z.object({
  did: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  votes: z.string(),
  /** Share of all votes, percent. */
  share: z.number(),
  rank: z.number().int(),
});

/**
 * GET /api/council/candidates — `state: 'none'` when no election is running (the page says so, with the next
 * election's start height and ETA); `running` lists candidates with their votes.
 */
export const candidateListSchema = z.object({
  state: z.enum(['none', 'running']),
  /** The next (or current) election period, from the current term. */
  election: z.object({ start: heightEtaSchema, end: heightEtaSchema }).nullable(),
  candidates: z.array(candidateSchema),
});
export type CandidateList = z.infer<typeof candidateListSchema>;
