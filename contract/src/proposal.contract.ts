import { z } from 'zod';
import { ESC_ADDRESS_SHAPE } from './address';
import { chainActionViewSchema, chainStatusSchema } from './chain.contract';
import { publicAuthorSchema } from './public-author.contract';
import { suggestionTypeSchema } from './suggestion-type.contract';

/**
 * Proposals (spec §3 CVote, §4 statuses, §9 council constants). A proposal is a signed suggestion registered on
 * chain by a council member (wallet action `make-proposal`), or a DRAFT a council member is preparing from one.
 * State table: docs/proposal-states.md.
 */

// ---------- statuses, kinds, choices ----------

/** Stored status (spec §4). PROPOSED is shown as voting, ACTIVE as PASSED, REJECT as REJECTED, DEFERRED as expired. */
export const PROPOSAL_STATUSES = [
  'DRAFT',
  'PROPOSED',
  'NOTIFICATION',
  'ACTIVE',
  'REJECT',
  'FINAL',
  'INCOMPLETED',
  'DEFERRED',
  'VETOED',
  'TERMINATED',
] as const;
export const proposalStatusSchema = z.enum(PROPOSAL_STATUSES);
export type ProposalStatus = z.infer<typeof proposalStatusSchema>;

/** English labels of the statuses (the original's `cvoteStatus.*`). */
export const PROPOSAL_STATUS_LABELS: Record<ProposalStatus, string> = {
  DRAFT: 'DRAFT',
  PROPOSED: 'PROPOSED',
  NOTIFICATION: 'NOTIFICATION',
  ACTIVE: 'PASSED',
  REJECT: 'REJECTED',
  FINAL: 'FINAL',
  INCOMPLETED: 'INCOMPLETED',
  DEFERRED: 'DEFERRED',
  VETOED: 'VETOED',
  TERMINATED: 'TERMINATED',
};

/** What the proposal does once ACTIVE (the contract's ProposalKind), derived from the suggestion type. */
export const proposalKindSchema = z.enum(['NORMAL', 'CHANGE_OWNER', 'CHANGE_SECRETARY', 'TERMINATE']);
export type ProposalKind = z.infer<typeof proposalKindSchema>;

/** A council member's choice (spec §4): yes, oppose, abstain. A reason is required for each. */
export const voteChoiceSchema = z.enum(['yes', 'oppose', 'abstain']);
export type VoteChoice = z.infer<typeof voteChoiceSchema>;

/** A member's vote result as shown (spec §4): support, reject, abstention, undecided. */
export const voteResultSchema = z.enum(['support', 'reject', 'abstention', 'undecided']);
export type VoteResult = z.infer<typeof voteResultSchema>;
export const VOTE_RESULT_OF_CHOICE: Record<VoteChoice, VoteResult> = {
  yes: 'support',
  oppose: 'reject',
  abstain: 'abstention',
};
/** The original site's colours (CVOTE_RESULT_COLOR). */
export const VOTE_RESULT_COLORS: Record<VoteResult, string> = {
  support: '#1DE9B6',
  reject: '#BE1313',
  abstention: '#0F2631',
  undecided: '#CED6E3',
};

/** Content of a proposal body: MARKDOWN, or HTML that the page sanitizes before display. */
export const contentFormatSchema = z.enum(['MARKDOWN', 'HTML']);

/**
 * Spec §9: 12 seats, 8 of 12 (2/3) yes votes to pass (the rule: vote-tally.ts). The seat count of the term comes
 * from the chain.
 */
export const COUNCIL_SEATS = 12;

export const VOTE_REASON_MAX = 4000;
export const PROPOSAL_MESSAGES = {
  reasonRequired: 'Please input the reason for your vote.',
  voteRecorded: 'Update successfully, please post your vote to the chain',
  alreadyProposed: 'This suggestion had been made into proposal by other council member',
  notCouncil: 'Only council members seated on chain in the current term may do this.',
  votingClosed: 'The council voting window of this proposal is closed.',
  notInVetoWindow: 'The community veto window of this proposal is not open.',
} as const;

// ---------- ids and paging ----------

/** `:id` of a proposal: its uuid or its proposal number. */
export const proposalRefParamsSchema = z.object({
  id: z.union([z.uuid(), z.string().regex(/^[1-9][0-9]{0,15}$/)]),
});

export const PROPOSAL_PAGE_SIZES = [10, 20, 50] as const;
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD.');

// ---------- list ----------

/** newest (default), oldest, number (high first), endingSoon (open windows first, by end height). */
export const proposalSortSchema = z.enum(['newest', 'oldest', 'number', 'endingSoon']);
/** What a search matches: any (number when numeric, else title and proposer name), or one of them. */
export const proposalSearchBySchema = z.enum(['any', 'title', 'number', 'proposer']);

/** GET /api/proposals and GET /api/proposals/export.csv — parsed, never spread into a query. */
export const proposalListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  results: z.coerce
    .number()
    .int()
    .refine((n) => (PROPOSAL_PAGE_SIZES as readonly number[]).includes(n), 'Page size is 10, 20 or 50.')
    .default(10),
  /** One status or several separated by commas; DRAFT lists only the caller's own drafts. */
  status: z
    .string()
    .trim()
    .max(200)
    .transform((s, ctx) => {
      const parts = s.split(',').filter((p) => p !== '');
      for (const p of parts)
        if (!(PROPOSAL_STATUSES as readonly string[]).includes(p)) {
          ctx.addIssue({ code: 'custom', message: `Unknown status ${p}.` });
          return z.NEVER;
        }
      return parts as ProposalStatus[];
    })
    .optional(),
  type: suggestionTypeSchema.optional(),
  /** Creation date range, inclusive, YYYY-MM-DD (UTC days). */
  createdFrom: isoDate.optional(),
  createdTo: isoDate.optional(),
  search: z.string().trim().max(200).optional(),
  searchBy: proposalSearchBySchema.default('any'),
  /** Council members: only proposals in their voting window they have not voted on. */
  unvotedByMe: flag.optional(),
  sortBy: proposalSortSchema.default('newest'),
});
export type ProposalListQuery = z.infer<typeof proposalListQuerySchema>;

/** Vote counts of a proposal, by result (only votes confirmed on chain count as cast; the rest is undecided). */
export const voteTallySchema = z.object({
  support: z.number().int(),
  reject: z.number().int(),
  abstention: z.number().int(),
  undecided: z.number().int(),
});
export type VoteTally = z.infer<typeof voteTallySchema>;

/** The proposal's windows by block height, with ETAs from the observed block interval (never a fixed 2 min). */
export const proposalWindowSchema = z.object({
  /** R: the registration block (null until the registration is in a block). */
  registeredHeight: z.number().int().nullable(),
  /** R+V: first block after the council voting window. */
  votingEndHeight: z.number().int().nullable(),
  /** R+2V: first block after the community veto window. */
  vetoEndHeight: z.number().int().nullable(),
  /** The end height of the window open now (voting while PROPOSED, veto while NOTIFICATION), else null. */
  currentEndHeight: z.number().int().nullable(),
  /** Blocks left in the open window (0 when closed and not finalized yet). */
  blocksLeft: z.number().int().nullable(),
  /** Estimated end time of the open window (ISO), from the observed average block interval. */
  endsAt: z.string().nullable(),
  votingOpen: z.boolean(),
  vetoOpen: z.boolean(),
});
export type ProposalWindow = z.infer<typeof proposalWindowSchema>;

export const proposalSummarySchema = z.object({
  _id: z.string(),
  /** Display number from a sequence, assigned when published (null for a DRAFT). */
  number: z.number().int().nullable(),
  title: z.string(),
  type: suggestionTypeSchema,
  kind: proposalKindSchema,
  status: proposalStatusSchema,
  /** The council member who made it a proposal (the spec's proposer). */
  proposer: publicAuthorSchema,
  /** The suggestion's author, the proposal's owner. */
  owner: publicAuthorSchema.nullable(),
  /** Total budget requested in ELA (exact decimal string), null without budget. */
  budgetRequested: z.string().nullable(),
  votes: voteTallySchema,
  /** Seats of the proposal's council term and the yes votes needed (8 of 12). */
  seats: z.number().int(),
  passThreshold: z.number().int(),
  window: proposalWindowSchema,
  /** Registration on chain: the `proposal.register` chain action's status. */
  chainStatus: chainStatusSchema.nullable(),
  /** Veto stake as a percentage of the threshold's base (circulating supply), e.g. 12.5 — VETOED lists show it. */
  vetoPercent: z.number().nullable(),
  /** Council members: true when the voting window is open and they have not voted; null for others. */
  unvotedByMe: z.boolean().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ProposalSummary = z.infer<typeof proposalSummarySchema>;

export const proposalListSchema = z.object({
  list: z.array(proposalSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  results: z.number().int(),
  /** Chain head when answered, for the "Current Block Height" card and ETAs. */
  height: z.number().int().nullable(),
  avgBlockMs: z.number().nullable(),
});
export type ProposalList = z.infer<typeof proposalListSchema>;

// ---------- detail ----------

/** A council member as shown on a proposal (never an e-mail). `user` is null when no site account has the DID. */
export const councilMemberRefSchema = z.object({
  did: z.string(),
  /** keccak256(did): the member id on chain. */
  memberId: z.string(),
  userId: z.string().nullable(),
  name: z.string(),
  avatar: z.string().nullable(),
});
export type CouncilMemberRef = z.infer<typeof councilMemberRefSchema>;

/** One member's row in the vote results table. */
export const memberVoteSchema = z.object({
  member: councilMemberRefSchema,
  /** The member's latest choice (null: not voted). */
  choice: voteChoiceSchema.nullable(),
  reason: z.string().nullable(),
  votedAt: z.string().nullable(),
  /** The latest vote's chain status (null: not voted). `failed` can be retried. */
  chainStatus: chainStatusSchema.nullable(),
  chainActionId: z.string().nullable(),
  txHash: z.string().nullable(),
  /** The choice confirmed on chain (what counts); may lag `choice` until the newer vote is chained. */
  chainedChoice: voteChoiceSchema.nullable(),
  /** How the row counts in the results: from `chainedChoice`; undecided when nothing is chained. */
  result: voteResultSchema,
});
export type MemberVote = z.infer<typeof memberVoteSchema>;

/** Results with the "decided" marker: 8 yes (passes) or 5 non-yes (cannot pass) make the outcome certain. */
export const voteOutcomeSchema = z.object({
  tally: voteTallySchema,
  seats: z.number().int(),
  passThreshold: z.number().int(),
  decided: z.boolean(),
  /** pass: enough yes; fail: too many non-yes to reach the threshold; null: open. */
  decidedOutcome: z.enum(['pass', 'fail']).nullable(),
});
export type VoteOutcome = z.infer<typeof voteOutcomeSchema>;

/** Community veto: the locked total against the threshold (10% of circulating supply), from indexed events. */
export const vetoStateSchema = z.object({
  /** Wei as a decimal string, and the same in ELA. */
  totalWei: z.string(),
  totalEla: z.string(),
  thresholdWei: z.string().nullable(),
  thresholdEla: z.string().nullable(),
  /** totalWei / thresholdWei × 100 (VETOED needs more than 100). */
  percentOfThreshold: z.number().nullable(),
  thresholdBps: z.number().int().nullable(),
  stakes: z.number().int(),
});
export type VetoState = z.infer<typeof vetoStateSchema>;

export const proposalBudgetPaymentSchema = z.object({
  type: z.enum(['ADVANCE', 'COMPLETION', 'CONDITIONED']),
  amount: z.string(),
  milestone: z.number().int(),
  criteria: z.string(),
  reasons: z.string().optional(),
});
export const proposalBudgetSchema = z.object({
  total: z.string(),
  elaAddress: z.string(),
  payments: z.array(proposalBudgetPaymentSchema),
  statement: z.string().optional(),
});

/** A proposal another one points at (the target of a change, or the proposal that changed this one). */
export const proposalLinkSchema = z.object({
  _id: z.string(),
  number: z.number().int().nullable(),
  title: z.string(),
});

/**
 * What an ACTIVE CHANGE_OWNER / CHANGE_SECRETARY / TERMINATE proposal does: `pending` until it becomes ACTIVE,
 * `applied` then, `skipped` when the target was no longer active (the contract's EffectSkipped), `void` when the
 * proposal ended without passing.
 */
export const proposalEffectSchema = z.object({
  kind: z.enum(['CHANGE_OWNER', 'CHANGE_SECRETARY', 'TERMINATE']),
  target: proposalLinkSchema.nullable(),
  newDid: z.string().nullable(),
  /** The nominee's account name on this site, when there is one. */
  newName: z.string().nullable(),
  newUserId: z.string().nullable(),
  status: z.enum(['pending', 'applied', 'skipped', 'void']),
});
export type ProposalEffect = z.infer<typeof proposalEffectSchema>;

/** A change or termination aimed at this proposal ("Owner changed by #M", "Terminated by #M"). */
export const proposalChangedBySchema = proposalLinkSchema.extend({
  kind: z.enum(['CHANGE_OWNER', 'TERMINATE']),
  status: proposalEffectSchema.shape.status,
});
export type ProposalChangedBy = z.infer<typeof proposalChangedBySchema>;

/** GET /api/proposals/:id (uuid or number) — public except drafts (their council author only). */
export const proposalDetailSchema = proposalSummarySchema.extend({
  contentFormat: contentFormatSchema,
  /** Body text (MARKDOWN or HTML — sanitize HTML before display). */
  content: z.string().nullable(),
  abstract: z.string(),
  goal: z.string().nullable(),
  motivation: z.string().nullable(),
  relevance: z.array(
    z.object({
      proposalNumber: z.number().int().optional(),
      title: z.string().optional(),
      detail: z.string(),
    }),
  ),
  budget: proposalBudgetSchema.nullable(),
  plan: z
    .object({
      milestones: z.array(
        z.object({ date: z.string(), introduction: z.string(), goal: z.string().optional() }),
      ),
      statement: z.string().optional(),
    })
    .nullable(),
  /** Council member declares a conflict of interest. */
  conflict: z.boolean(),
  /** Motion reference number (another proposal's number). */
  motionReference: z.number().int().nullable(),
  // Type-specific fields (CHANGE_PROPOSAL, CHANGE_SECRETARY, TERMINATE_PROPOSAL).
  targetProposalNumber: z.number().int().nullable(),
  newOwnerDid: z.string().nullable(),
  newAddress: z.string().nullable(),
  newSecretaryDid: z.string().nullable(),
  /** What this proposal changes when it becomes ACTIVE (change and termination kinds), and whether it did. */
  effect: proposalEffectSchema.nullable(),
  /** The changes and terminations aimed at this proposal. */
  changedBy: z.array(proposalChangedBySchema),
  /** The suggestion it was made from. */
  suggestion: z.object({ _id: z.string(), number: z.number().int(), title: z.string() }).nullable(),
  /** The ELIP a council member submitted as this proposal (docs/elips.md), if any. */
  elip: z.object({ number: z.number().int(), title: z.string() }).nullable(),
  /** The council member who created it (referee). */
  referee: councilMemberRefSchema.nullable(),
  /** The suggestion's draft hash: the proposal's id on chain. */
  hash: z.string().nullable(),
  /** The registration transaction. */
  txHash: z.string().nullable(),
  /** Whether it has an archive to download (GET /api/proposals/:id/archive): signed into a registration. */
  archivable: z.boolean(),
  term: z.number().int().nullable(),
  /** Estimated end date of the open window (the spec's end date), ISO. */
  endDate: z.string().nullable(),
  currentHeight: z.number().int().nullable(),
  avgBlockMs: z.number().nullable(),
  votes: z.array(memberVoteSchema),
  outcome: voteOutcomeSchema,
  veto: vetoStateSchema,
  /** Every chain action of this proposal (registration, votes, finalize, vetoes), newest first. */
  transactions: z.array(chainActionViewSchema),
  /** What the caller may do now. */
  my: z.object({
    isCouncilMember: z.boolean(),
    canVote: z.boolean(),
    canEdit: z.boolean(),
    canPublish: z.boolean(),
    canVeto: z.boolean(),
    vote: memberVoteSchema.nullable(),
  }),
  publishedAt: z.string().nullable(),
});
export type ProposalDetail = z.infer<typeof proposalDetailSchema>;

// ---------- drafts ----------

const text = (max: number) => z.string().trim().max(max, 'This field is too long.');

/**
 * POST /api/proposals (create a DRAFT) and PUT /api/proposals/:id (edit a DRAFT): council members only.
 * The budget, payment address and type-specific terms are the signed suggestion's and cannot be edited here.
 */
export const proposalDraftInputSchema = z.object({
  /** The signed suggestion the draft will register (required to publish). */
  suggestionId: z.string().min(1).max(64).nullish(),
  title: text(200).min(1, 'This field is required.'),
  contentFormat: contentFormatSchema.default('MARKDOWN'),
  content: text(100_000).nullish(),
  abstract: text(4000).nullish(),
  goal: text(20_000).nullish(),
  motivation: text(20_000).nullish(),
  plan: text(20_000).nullish(),
  relevance: text(20_000).nullish(),
  budgetStatement: text(20_000).nullish(),
  conflict: z.boolean().default(false),
  motionReference: z.number().int().min(1).nullish(),
});
export type ProposalDraftInput = z.infer<typeof proposalDraftInputSchema>;

// ---------- voting ----------

/** PUT /api/proposals/:id/vote — a seated council member, inside the voting window; a later vote replaces. */
export const castVoteSchema = z.object({
  choice: voteChoiceSchema,
  reason: z
    .string()
    .trim()
    .min(1, PROPOSAL_MESSAGES.reasonRequired)
    .max(VOTE_REASON_MAX, 'This field is too long.'),
});
export type CastVote = z.infer<typeof castVoteSchema>;

/** The vote stored off chain; post it with the wallet action `vote` (subjectId = the proposal id). */
export const castVoteResultSchema = z.object({
  vote: memberVoteSchema,
  message: z.string(),
});

// ---------- veto ----------

/**
 * POST /api/proposals/:id/veto — opens a wallet request (intent esctransaction) in which the member's own EVM
 * wallet sends `Governance.veto(draftHash)` with `amount` ELA. Answers like POST /api/wallet/requests.
 */
export const vetoRequestSchema = z.object({
  /** ELA to lock, up to 18 decimals. */
  amount: z
    .string()
    .trim()
    .regex(/^(?:0|[1-9]\d{0,17})(?:\.\d{1,18})?$/, 'Please input valid amount.'),
  /** The member's Elastos Smart Chain address the wallet sends from (0x…). */
  from: z.string().trim().regex(ESC_ADDRESS_SHAPE, 'Use an Elastos Smart Chain address (0x…).'),
});
export type VetoRequest = z.infer<typeof vetoRequestSchema>;

// ---------- socket ----------

/**
 * Socket.io: room `proposal:<id>` (public) gets `chain:action` (any chain action of the proposal: registration,
 * votes, finalize, vetoes) and `proposal:update` ({ id, status, reason }) when its status, votes or veto total
 * change; room `chain` gets `chain:height` for heights and ETAs. Room `proposal:list` gets `proposal:update` for
 * every proposal (lists refresh their rows).
 */
export const PROPOSAL_UPDATE_EVENT = 'proposal:update';
export const PROPOSAL_LIST_ROOM = 'proposal:list';
export const proposalRoom = (id: string) => `proposal:${id}`;
export const proposalUpdateSchema = z.object({
  id: z.string(),
  status: proposalStatusSchema,
  /** What changed: status, vote, veto, registration, payment (a milestone moved), conclusion (a signature). */
  reason: z.enum(['status', 'vote', 'veto', 'registration', 'edit', 'payment', 'conclusion']),
});
