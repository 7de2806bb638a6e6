import { z } from 'zod';
import {
  createWalletRequestSchema,
  createdWalletRequestSchema,
  walletRequestStateSchema,
} from '@cr/contract/wallet.contract';
import { clientAddress } from '../../http/rate-limit';
import { defineRoute, policy } from '../../http/route';
import type { WalletActions } from './wallet-action';
import { createWalletRequest, getWalletRequestState, handleWalletCallback } from './wallet-request.service';

/** The wallet's routes, dispatching on `actions` (every area's wallet actions: api/src/wallet-actions.ts). */
export const walletRoutes = (actions: WalletActions) => [
  defineRoute({
    method: 'post',
    path: '/wallet/requests',
    tag: 'wallet',
    summary:
      'Ask for a QR-code wallet request (sign in, bind DID, sign an action). Each action has its own policy.',
    // Public at the route: the action's own policy is enforced by the service (login needs no session).
    policy: policy.public,
    body: createWalletRequestSchema,
    response: createdWalletRequestSchema,
    handler: ({ deps, req, user, body }) =>
      createWalletRequest(deps, actions, user, body, clientAddress(req)),
  }),
  defineRoute({
    method: 'get',
    path: '/wallet/requests/:id',
    tag: 'wallet',
    summary: 'The outcome of a wallet request, for the browser holding its secret (header x-wallet-secret).',
    policy: policy.public,
    params: z.object({ id: z.uuid() }),
    response: walletRequestStateSchema,
    handler: ({ deps, req, params }) =>
      getWalletRequestState(deps, actions, params.id, req.header('x-wallet-secret')),
  }),
  defineRoute({
    method: 'post',
    path: '/wallet/callback',
    tag: 'wallet',
    summary:
      'Where the wallet POSTs its reply ({ jwt } or { result }); the one-time token is the query parameter t.',
    policy: policy.public,
    query: z.object({ t: z.string().max(200).optional() }),
    response: z.object({ ok: z.literal(true) }),
    handler: async ({ deps, query, req }) => {
      await handleWalletCallback(deps, actions, query.t, req.body);
      return { ok: true as const };
    },
  }),
];
