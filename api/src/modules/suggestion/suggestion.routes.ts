import { z } from 'zod';
import { suggestionContentSchema } from '@cr/contract/suggestion-content.contract';
import {
  createSuggestionQuerySchema,
  draftParamsSchema,
  revertSuggestionSchema,
  saveSuggestionDraftSchema,
  suggestionDetailSchema,
  suggestionDraftListSchema,
  suggestionDraftSchema,
  suggestionListQuerySchema,
  suggestionListSchema,
  suggestionRefParamsSchema,
  suggestionVersionListSchema,
  updateSuggestionQuerySchema,
  type SuggestionListQuery,
} from '@cr/contract/suggestion.contract';
import { defineCommand } from '../../http/command';
import { defineRoute, policy, type AnyRoute } from '../../http/route';
import { suggestionAdminRoutes } from './suggestion-admin.routes';
import * as drafts from './suggestion-draft.service';
import { suggestionEngagementRoutes } from './suggestion-engagement.routes';
import { exportRows, isPersonalQuery, listSuggestions } from './suggestion-list.service';
import * as service from './suggestion.service';

const TAG = 'suggestion';

/** Lists, create, drafts (static paths first: `/suggestion/:id` must not catch them). */
const collectionRoutes = [
  defineRoute({
    method: 'get',
    path: '/suggestion',
    tag: TAG,
    summary:
      'Suggestion list: filter, search (title, number, abstract, author name, author e-mail), sort, page.',
    policy: policy.public,
    query: suggestionListQuerySchema,
    response: suggestionListSchema,
    cache: {
      scope: 'suggestions',
      sharedByMembers: (query) => !isPersonalQuery(query as SuggestionListQuery),
    },
    handler: ({ deps, user, query }) => listSuggestions(deps, user, query),
  }),
  defineRoute({
    method: 'get',
    path: '/suggestion/export.csv',
    tag: TAG,
    summary: 'The filtered list as CSV (text/csv, at most 10,000 rows, no e-mails).',
    policy: policy.public,
    query: suggestionListQuerySchema,
    raw: true,
    handler: async ({ deps, user, query, res }) => {
      const rows = exportRows(deps.database.db, user, query);
      // Pull the first chunk before any header goes out, so a refused filter still gets its JSON error.
      const first = await rows.next();
      res.status(200);
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', 'attachment; filename="suggestions.csv"');
      res.write('\ufeff'); // lets spreadsheet programs read the Chinese text as UTF-8
      if (!first.done) res.write(first.value);
      for await (const chunk of rows) res.write(chunk);
      res.end();
    },
  }),
  defineCommand({
    method: 'post',
    path: '/suggestion',
    tag: TAG,
    summary:
      'Save and post a suggestion (refused while suggestions are suspended); ?draftId removes its draft.',
    policy: policy.member,
    query: createSuggestionQuerySchema,
    body: suggestionContentSchema,
    response: suggestionDetailSchema,
    run: (tx, { deps, user, query, body }) =>
      service.createSuggestion(tx, deps.config.DEV_TOOLS, user!, body, query.draftId),
    answer: (id, { deps, user }) => service.getSuggestionDetail(deps, user, id),
  }),
  defineRoute({
    method: 'get',
    path: '/suggestion/drafts',
    tag: TAG,
    summary: 'My drafts (new suggestions and pending edits), newest first.',
    policy: policy.member,
    response: suggestionDraftListSchema,
    handler: ({ deps, user }) => drafts.listDrafts(deps, user!),
  }),
  defineCommand({
    method: 'post',
    path: '/suggestion/drafts',
    tag: TAG,
    summary: 'Save a new suggestion as a draft (any part of the form).',
    policy: policy.member,
    body: saveSuggestionDraftSchema,
    response: suggestionDraftSchema,
    run: (tx, { deps, user, body }) => drafts.createDraft(tx, deps.config.DEV_TOOLS, user!, body),
  }),
  defineRoute({
    method: 'get',
    path: '/suggestion/drafts/:draftId',
    tag: TAG,
    summary: 'One of my drafts, to resume it.',
    policy: policy.member,
    params: draftParamsSchema,
    response: suggestionDraftSchema,
    handler: ({ deps, user, params }) => drafts.getDraft(deps, user!, params.draftId),
  }),
  defineCommand({
    method: 'put',
    path: '/suggestion/drafts/:draftId',
    tag: TAG,
    summary: 'Replace one of my drafts.',
    policy: policy.member,
    params: draftParamsSchema,
    body: saveSuggestionDraftSchema,
    response: suggestionDraftSchema,
    run: (tx, { user, params, body }) => drafts.updateDraft(tx, user!, params.draftId, body),
  }),
  defineCommand({
    method: 'delete',
    path: '/suggestion/drafts/:draftId',
    tag: TAG,
    summary: 'Discard one of my drafts.',
    policy: policy.member,
    params: draftParamsSchema,
    response: z.object({ deleted: z.boolean() }),
    run: (tx, { user, params }) => drafts.deleteDraft(tx, user!, params.draftId),
  }),
];

const params = suggestionRefParamsSchema;

/** One suggestion: detail, edit, history, state changes. */
const itemRoutes = [
  defineRoute({
    method: 'get',
    path: '/suggestion/:id',
    tag: TAG,
    summary: 'Suggestion detail by id or number (public; no private author fields).',
    policy: policy.public,
    params,
    response: suggestionDetailSchema,
    handler: ({ deps, user, params: p }) => service.getSuggestionDetail(deps, user, p.id),
  }),
  defineCommand({
    method: 'put',
    path: '/suggestion/:id',
    tag: TAG,
    summary: 'Edit (author only, before signing): stores a new version; ?baseVersion refuses a stale edit.',
    policy: policy.member,
    params,
    query: updateSuggestionQuerySchema,
    body: suggestionContentSchema,
    response: suggestionDetailSchema,
    run: (tx, { user, params: p, query, body }) =>
      service.updateSuggestion(tx, user!, p.id, body, query.baseVersion),
    answer: (id, { deps, user }) => service.getSuggestionDetail(deps, user, id),
  }),
  defineRoute({
    method: 'get',
    path: '/suggestion/:id/versions',
    tag: TAG,
    summary: 'Version history: every version with its content, newest first.',
    policy: policy.public,
    params,
    response: suggestionVersionListSchema,
    handler: ({ deps, user, params: p }) => service.getVersions(deps, user, p.id),
  }),
  defineCommand({
    method: 'post',
    path: '/suggestion/:id/revert',
    tag: TAG,
    summary: 'Revert to an earlier version (author, before signing): it becomes a new version.',
    policy: policy.member,
    params,
    body: revertSuggestionSchema,
    response: suggestionDetailSchema,
    run: (tx, { user, params: p, body }) => service.revertSuggestion(tx, user!, p.id, body.version),
    answer: (id, { deps, user }) => service.getSuggestionDetail(deps, user, id),
  }),
  defineCommand({
    method: 'post',
    path: '/suggestion/:id/cancel',
    tag: TAG,
    summary: 'Cancel (author): "Failed to cancel the suggestion" once made into a proposal or closed.',
    policy: policy.member,
    params,
    response: suggestionDetailSchema,
    run: (tx, { user, params: p }) => service.cancelSuggestion(tx, user!, p.id),
    answer: (id, { deps, user }) => service.getSuggestionDetail(deps, user, id),
  }),
  defineCommand({
    method: 'post',
    path: '/suggestion/:id/archive',
    tag: TAG,
    summary: 'Archive (author or admin).',
    policy: policy.member,
    params,
    response: suggestionDetailSchema,
    run: (tx, { user, params: p }) => service.setArchived(tx, user!, p.id, true),
    answer: (id, { deps, user }) => service.getSuggestionDetail(deps, user, id),
  }),
  defineCommand({
    method: 'post',
    path: '/suggestion/:id/unarchive',
    tag: TAG,
    summary: 'Unarchive (author or admin).',
    policy: policy.member,
    params,
    response: suggestionDetailSchema,
    run: (tx, { user, params: p }) => service.setArchived(tx, user!, p.id, false),
    answer: (id, { deps, user }) => service.getSuggestionDetail(deps, user, id),
  }),
  defineRoute({
    method: 'get',
    path: '/suggestion/:id/draft',
    tag: TAG,
    summary: 'My pending edits of this suggestion, or null (author).',
    policy: policy.member,
    params,
    response: suggestionDraftSchema.nullable(),
    handler: ({ deps, user, params: p }) => drafts.getEditDraft(deps, user!, p.id),
  }),
  defineCommand({
    method: 'put',
    path: '/suggestion/:id/draft',
    tag: TAG,
    summary: 'Save pending edits of this suggestion as a draft (author, before signing).',
    policy: policy.member,
    params,
    body: saveSuggestionDraftSchema,
    response: suggestionDraftSchema,
    run: (tx, { user, params: p, body }) => drafts.saveEditDraft(tx, user!, p.id, body),
  }),
];

/** Every suggestion route, in matching order. */
export const suggestionRoutes: AnyRoute[] = [
  ...collectionRoutes,
  ...suggestionAdminRoutes,
  ...itemRoutes,
  ...suggestionEngagementRoutes,
];
