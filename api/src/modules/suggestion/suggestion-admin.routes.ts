import {
  adminSuggestionListQuerySchema,
  adminSuggestionListSchema,
  handleAbuseSchema,
  suggestionDetailSchema,
  suggestionRefParamsSchema,
} from '@cr/contract/suggestion.contract';
import { defineRoute, policy } from '../../http/route';
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
  defineRoute({
    method: 'post',
    path: '/admin/suggestion/:id/abuse',
    tag: 'suggestion-admin',
    summary: 'Admin: handle a report — hide (ABUSED) or dismiss; both mark it HANDLED.',
    policy: policy.admin,
    params: suggestionRefParamsSchema,
    body: handleAbuseSchema,
    response: suggestionDetailSchema,
    handler: ({ deps, req, user, params, body }) =>
      admin.handleAbuse(deps, user!, params.id, body.action, req.id),
  }),
];
