import { nominationStateSchema } from '@cr/contract/nomination.contract';
import { suggestionRefParamsSchema } from '@cr/contract/suggestion.contract';
import { defineRoute, policy } from '../../http/route';
import { getNominationState } from './nomination-view.service';

/** Co-signatures of change suggestions. Signing is the wallet action `co-sign-nomination`. */
export const nominationRoutes = [
  defineRoute({
    method: 'get',
    path: '/suggestion/:id/nominations',
    tag: 'suggestions',
    summary:
      'The co-signatures a CHANGE_PROPOSAL / CHANGE_SECRETARY suggestion needs before it can become a proposal (the nominee; for a change of owner also the secretary general), who has signed this version, and what the caller may sign.',
    policy: policy.public,
    params: suggestionRefParamsSchema,
    response: nominationStateSchema,
    handler: ({ deps, user, params }) => getNominationState(deps, user, params.id),
  }),
];
