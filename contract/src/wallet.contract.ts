import { z } from 'zod';
import {
  requestPaymentParamsSchema,
  reviewPaymentParamsSchema,
  withdrawParamsSchema,
} from './milestone.contract';
import { coSignNominationParamsSchema } from './nomination.contract';
import { vetoRequestSchema } from './proposal.contract';
import { concludeParamsSchema } from './conclusion.contract';
import { voteElipParamsSchema } from './elip.contract';

/** The wallet actions a browser may ask for; each is a module registered on the server. */
export const walletActionNameSchema = z.enum([
  'login',
  'bind-did',
  'sign-profile-statement',
  'sign-suggestion',
  'make-proposal',
  'vote',
  'veto',
  'request-payment',
  'review-payment',
  'withdraw',
  'conclude',
  'co-sign-nomination',
  'vote-elip',
]);
export type WalletActionName = z.infer<typeof walletActionNameSchema>;

/** What each action is about, carried in the request body and validated before the action prepares anything. */
const ref = z.string().trim().min(1).max(100);
export const walletActionParamsSchemas = {
  login: z.object({}).strict(),
  'bind-did': z.object({}).strict(),
  'sign-profile-statement': z.object({}).strict(),
  /** The suggestion (id or number) its author signs. */
  'sign-suggestion': z.object({ suggestionId: ref }).strict(),
  /** A signed suggestion, or the member's DRAFT proposal that presents one (id or number). */
  'make-proposal': z.object({ ref }).strict(),
  /** The proposal whose stored vote the member posts. */
  vote: z.object({ proposalId: ref }).strict(),
  /** The proposal to oppose, the ELA to lock and the member's own Smart Chain address that sends it. */
  veto: vetoRequestSchema.extend({ proposalId: ref }).strict(),
  /** The owner requests stage `stage` (0-based) with a progress message. */
  'request-payment': requestPaymentParamsSchema,
  /** The secretary general approves or rejects the requested stage with an opinion. */
  'review-payment': reviewPaymentParamsSchema,
  /** The owner withdraws every approved, unpaid stage. */
  withdraw: withdrawParamsSchema,
  /** The owner or the secretary general signs (or co-signs) the proposal's conclusion, FINAL or INCOMPLETED. */
  conclude: concludeParamsSchema,
  /** The nominee (or, for a change of owner, the secretary general) co-signs a change suggestion. */
  'co-sign-nomination': coSignNominationParamsSchema,
  /** A seated council member signs their vote (YES, OPPOSE, ABSTAIN) and its reason on an ELIP in FINAL_REVIEW. */
  'vote-elip': voteElipParamsSchema,
} as const satisfies Record<WalletActionName, z.ZodType>;
export type WalletActionParams = {
  [A in WalletActionName]: z.infer<(typeof walletActionParamsSchemas)[A]>;
};

const requestFor = <A extends WalletActionName>(action: A) =>
  z.object({ action: z.literal(action), params: walletActionParamsSchemas[action] });

/** POST /api/wallet/requests: `{ action, params }`, one shape per action. */
export const createWalletRequestSchema = z.discriminatedUnion('action', [
  requestFor('login').extend({ params: walletActionParamsSchemas.login.default({}) }),
  requestFor('bind-did').extend({ params: walletActionParamsSchemas['bind-did'].default({}) }),
  requestFor('sign-profile-statement').extend({
    params: walletActionParamsSchemas['sign-profile-statement'].default({}),
  }),
  requestFor('sign-suggestion'),
  requestFor('make-proposal'),
  requestFor('vote'),
  requestFor('veto'),
  requestFor('request-payment'),
  requestFor('review-payment'),
  requestFor('withdraw'),
  requestFor('conclude'),
  requestFor('co-sign-nomination'),
  requestFor('vote-elip'),
]);
export type CreateWalletRequest = z.infer<typeof createWalletRequestSchema>;
/** What a page sends: the action and its params (params may be left out for the actions that have none). */
export type WalletRequestInput = z.input<typeof createWalletRequestSchema>;

export const walletIntentSchema = z.enum(['credaccess', 'didsign', 'signdigest', 'esctransaction']);

export const createdWalletRequestSchema = z.object({
  id: z.string(),
  /** The QR text (an Essentials intent URL); also the deep link on mobile. */
  url: z.string(),
  intent: walletIntentSchema,
  expiresAt: z.string(),
  /** Held by this browser only; required to read the outcome. */
  secret: z.string(),
  /** What the member is asked to sign, in words (signing actions). */
  statement: z.string().nullable(),
});
export type CreatedWalletRequest = z.infer<typeof createdWalletRequestSchema>;

/**
 * `pending`, `signed` and `failed` are the stored states; `expired` is how a pending request past its expiry reads
 * (nothing is written). A refused reply changes nothing: the request stays pending and the refusal shows in
 * `lastRefusal`. `failed` (final) is an esctransaction answered by a transaction that reverted on chain;
 * `lastRefusal` then says why, with the revert reason.
 */
export const walletRequestStatusSchema = z.enum(['pending', 'signed', 'failed', 'expired']);
export type WalletRequestStatus = z.infer<typeof walletRequestStatusSchema>;

/** GET /api/wallet/requests/:id (header x-wallet-secret) and the socket.io `wallet-request` event. */
export const walletRequestStateSchema = z.object({
  id: z.string(),
  action: walletActionNameSchema,
  status: walletRequestStatusSchema,
  /**
   * The last refused reply while the request stays open (e.g. signed by another DID); the member may retry. For a
   * `failed` request, why it failed (`wallet.transaction_reverted` and the revert reason).
   */
  lastRefusal: z.object({ type: z.string(), message: z.string() }).nullable(),
  result: z.record(z.string(), z.unknown()).nullable(),
});
export type WalletRequestState = z.infer<typeof walletRequestStateSchema>;

/** The body Essentials POSTs to the callback: `{ jwt }` for DID intents, `{ result }` for esctransaction. */
export const walletCallbackBodySchema = z.union([
  z.object({ jwt: z.string().min(10).max(20_000) }).loose(),
  z.object({ result: z.unknown() }).loose(),
]);
