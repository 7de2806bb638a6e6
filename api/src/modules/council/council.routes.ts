import { z } from 'zod';
import {
  candidateListSchema,
  councilMemberDetailSchema,
  councilMemberParamsSchema,
  councilOverviewSchema,
  councilTermListSchema,
  secretariatPositionSchema,
  votingRecordQuerySchema,
} from '@cr/contract/council.contract';
import { defineRoute, policy } from '../../http/route';
import {
  candidates,
  councilMemberDetail,
  councilOverview,
  councilTerms,
  secretariatPosition,
} from './council.service';

const TAG = 'council';

/** Council pages: public reads of what the chain says about terms and members, mapped to site accounts by DID. */
export const councilRoutes = [
  defineRoute({
    method: 'get',
    path: '/council',
    tag: TAG,
    summary: 'The current term (heights with ETAs) and its members from the chain, and the secretariat.',
    policy: policy.public,
    response: councilOverviewSchema,
    handler: ({ deps }) => councilOverview(deps),
  }),
  defineRoute({
    method: 'get',
    path: '/council/terms',
    tag: TAG,
    summary: 'Every council term with its members, newest first (previous terms, /council/list).',
    policy: policy.public,
    response: councilTermListSchema,
    handler: ({ deps }) => councilTerms(deps),
  }),
  defineRoute({
    method: 'get',
    path: '/council/candidates',
    tag: TAG,
    summary: 'Election candidates, or state "none" with the next election’s heights when no election runs.',
    policy: policy.public,
    response: candidateListSchema,
    handler: ({ deps }) => candidates(deps),
  }),
  defineRoute({
    method: 'get',
    path: '/council/members/:id',
    tag: TAG,
    summary: 'A council member (user id, DID or member id): profile, terms and voting record with reasons.',
    policy: policy.public,
    params: councilMemberParamsSchema,
    query: votingRecordQuerySchema,
    response: councilMemberDetailSchema,
    handler: ({ deps, params, query }) => councilMemberDetail(deps, params.id, query),
  }),
  defineRoute({
    method: 'get',
    path: '/council/secretariat/:id',
    tag: TAG,
    summary: 'A secretariat position (user id or DID): the secretary general or a secretariat member.',
    policy: policy.public,
    params: z.object({ id: z.string().min(1).max(100) }),
    response: secretariatPositionSchema,
    handler: ({ deps, params }) => secretariatPosition(deps, params.id),
  }),
];
