import {
  adminSuggestionListQuerySchema,
  adminSuggestionListSchema,
  handleAbuseSchema,
  suggestionDetailSchema,
  suggestionRefParamsSchema,
} from '@cr/contract/suggestion.contract';
import { defineCommand } from '../../http/command';
import { defineRoute, policy } from '../../http/route';
import { getSuggestionDetail } from './suggestion.service';
import * as admin from './suggestion-admin.service';

/** /admin/suggestion: every suggestion with its abuse reports, and their handling. */
export const suggestionAdminRoutes = [
  defineRoute({
    method: 'get',
    path: '/admin/suggestion',
    tag: 'suggestion-admin',
    summary: 'Admin list of suggestions by abuse state and status, with the reports.',
    policy: policy.admin,
    query: adminSuggestionListQuerySchema,
    response: adminSuggestionListSchema,
    handler: ({ deps, query }) => admin.adminListSuggestions(deps, query),
  }),
  defineCommand({
    method: 'post',
    path: '/admin/suggestion/:id/abuse',
    tag: 'suggestion-admin',
    summary: 'Admin: handle a report — hide (ABUSED) or dismiss; both mark it HANDLED.',
    policy: policy.admin,
    params: suggestionRefParamsSchema,
    body: handleAbuseSchema,
    response: suggestionDetailSchema,
    run: (tx, { user, params, body, requestId }) =>
      admin.handleAbuse(tx, user!, params.id, body.action, requestId),
    answer: (id, { deps, user }) => getSuggestionDetail(deps, user, id),
  }),
];
