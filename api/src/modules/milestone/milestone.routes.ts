import { proposalPaymentsSchema } from '@cr/contract/milestone.contract';
import { proposalRefParamsSchema } from '@cr/contract/proposal.contract';
import { defineRoute, policy } from '../../http/route';
import { getPayments } from './milestone.service';

/**
 * Milestone payments. Reads are public; requesting, reviewing and withdrawing are wallet actions
 * (POST /api/wallet/requests with action request-payment, review-payment or withdraw).
 */
export const milestoneRoutes = [
  defineRoute({
    method: 'get',
    path: '/proposals/:id/payments',
    tag: 'proposals',
    summary:
      'A passed proposal’s milestones (status, message, opinion, live chain status), its withdrawals with the recipient’s balance before and after, and the actions open to the caller.',
    policy: policy.public,
    params: proposalRefParamsSchema,
    response: proposalPaymentsSchema,
    handler: ({ deps, user, params }) => getPayments(deps, user, params.id),
  }),
];
