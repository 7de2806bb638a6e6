import { conclusionViewSchema } from '@cr/contract/conclusion.contract';
import { proposalRefParamsSchema } from '@cr/contract/proposal.contract';
import { defineCommand } from '../../http/command';
import { defineRoute, policy } from '../../http/route';
import { cancelConclusion, getConclusion } from './conclusion.service';

/**
 * The conclusion of a passed proposal. Reading is public; signing is the wallet action `conclude`
 * (POST /api/wallet/requests); the owner or the secretary general may cancel a conclusion not yet co-signed.
 */
export const conclusionRoutes = [
  defineRoute({
    method: 'get',
    path: '/proposals/:id/conclusion',
    tag: 'proposals',
    summary:
      'Whether the proposal may be concluded, the conclusion being co-signed (outcome, who signed, live chain status) and the actions open to the caller.',
    policy: policy.public,
    params: proposalRefParamsSchema,
    response: conclusionViewSchema,
    handler: ({ deps, user, params }) => getConclusion(deps, user, params.id),
  }),
  defineCommand({
    method: 'post',
    path: '/proposals/:id/conclusion/cancel',
    tag: 'proposals',
    summary: 'The owner or the secretary general cancels a conclusion that is not yet co-signed.',
    policy: policy.member,
    params: proposalRefParamsSchema,
    response: conclusionViewSchema,
    run: (tx, { user, params }) => cancelConclusion(tx, user, params.id),
    answer: (_cancelled, { deps, user, params }) => getConclusion(deps, user, params.id),
  }),
];
