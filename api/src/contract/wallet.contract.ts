import { z } from 'zod';

/** The wallet actions a browser may ask for; each is a module registered on the server. */
export const walletActionNameSchema = z.enum([
  'login',
  'bind-did',
  'sign-profile-statement',
  'sign-suggestion',
  'make-proposal',
  'vote',
  'veto',
]);
export type WalletActionName = z.infer<typeof walletActionNameSchema>;

/** POST /api/wallet/requests */
export const createWalletRequestSchema = z.object({
  action: walletActionNameSchema,
  subjectId: z.string().min(1).max(100).optional(),
});
export type CreateWalletRequest = z.infer<typeof createWalletRequestSchema>;

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

export const walletRequestStatusSchema = z.enum(['pending', 'signed', 'failed', 'expired']);
export type WalletRequestStatus = z.infer<typeof walletRequestStatusSchema>;

/** GET /api/wallet/requests/:id (header x-wallet-secret) and the socket.io `wallet-request` event. */
export const walletRequestStateSchema = z.object({
  id: z.string(),
  action: walletActionNameSchema,
  status: walletRequestStatusSchema,
  error: z.object({ type: z.string(), message: z.string() }).nullable(),
  /** The last refused reply while the request stays open (e.g. signed by another DID); the member may retry. */
  lastRefusal: z.object({ type: z.string(), message: z.string() }).nullable(),
  result: z.record(z.string(), z.unknown()).nullable(),
});
export type WalletRequestState = z.infer<typeof walletRequestStateSchema>;

/** The body Essentials POSTs to the callback: `{ jwt }` for DID intents, `{ result }` for esctransaction. */
export const walletCallbackBodySchema = z.union([
  z.object({ jwt: z.string().min(10).max(20_000) }).loose(),
  z.object({ result: z.unknown() }).loose(),
]);
