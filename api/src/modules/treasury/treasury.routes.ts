import { treasuryOverviewSchema } from '@cr/contract/treasury.contract';
import { defineRoute, policy } from '../../http/route';
import { treasuryOverview } from './treasury.service';

/** The public treasury page: the contract's state and what its indexed events add up to. */
export const treasuryRoutes = [
  defineRoute({
    method: 'get',
    path: '/treasury',
    tag: 'treasury',
    summary:
      'The treasury: balance, reserved budgets, available, the per-proposal cap, payouts per term, runway and series, each with its transactions.',
    policy: policy.public,
    response: treasuryOverviewSchema,
    handler: ({ deps }) => treasuryOverview(deps),
  }),
];
