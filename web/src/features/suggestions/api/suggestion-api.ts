import { z } from 'zod';
import type { SuggestionContentInput } from '@cr/contract/suggestion-content.contract';
import {
  abuseReportResultSchema,
  councilActionResultSchema,
  reactionResultSchema,
  subscriptionResultSchema,
  suggestionDetailSchema,
  suggestionDraftListSchema,
  suggestionDraftSchema,
  suggestionListSchema,
  suggestionVersionListSchema,
  viewResultSchema,
  type SuggestionListQuery,
} from '@cr/contract/suggestion.contract';
import { commentResultSchema, suggestionCommentListSchema } from '@cr/contract/suggestion-comment.contract';
import { uploadResultSchema } from '@cr/contract/upload.contract';
import { nominationStateSchema } from '@cr/contract/nomination.contract';
import { api, apiRequest, downloadBlob } from '../../../lib/api-client';

export type SuggestionDetail = z.infer<typeof suggestionDetailSchema>;
export type SuggestionDraft = z.infer<typeof suggestionDraftSchema>;
export type SuggestionVersion = z.infer<typeof suggestionVersionListSchema>['versions'][number];
export type SuggestionComment = z.infer<typeof suggestionCommentListSchema>['list'][number];
export type ListQuery = Partial<SuggestionListQuery>;

const base = '/api/suggestion';
const item = (id: string | number) => `${base}/${encodeURIComponent(String(id))}`;
const deleted = z.object({ deleted: z.boolean() });

/** Every call of the suggestions feature (routes in api/src/modules/suggestion/*.routes.ts). */
export const suggestionApi = {
  list: (query: ListQuery, signal?: AbortSignal) =>
    api.get(base, query as Record<string, string | number>, { schema: suggestionListSchema, signal }),
  /** The filtered list as CSV (at most 10,000 rows, never e-mails). */
  exportCsv: (query: ListQuery) =>
    downloadBlob(`${base}/export.csv`, query as Record<string, string | number>),
  detail: (id: string | number) => api.get(item(id), undefined, { schema: suggestionDetailSchema }),
  create: (content: SuggestionContentInput, draftId?: string) =>
    apiRequest(`${base}${draftId ? `?draftId=${encodeURIComponent(draftId)}` : ''}`, {
      method: 'POST',
      data: content as Record<string, unknown>,
      schema: suggestionDetailSchema,
    }),
  /** Edit; a stale `baseVersion` is refused with `suggestion.version_conflict` instead of overwriting. */
  update: (id: string, content: SuggestionContentInput, baseVersion?: number) =>
    apiRequest(`${item(id)}${baseVersion ? `?baseVersion=${baseVersion}` : ''}`, {
      method: 'PUT',
      data: content as Record<string, unknown>,
      schema: suggestionDetailSchema,
    }),
  /** Co-signatures a change suggestion needs before it can become a proposal (nominee, secretary general). */
  nominations: (id: string | number) =>
    api.get(`${item(id)}/nominations`, undefined, { schema: nominationStateSchema }),
  versions: (id: string | number) =>
    api.get(`${item(id)}/versions`, undefined, { schema: suggestionVersionListSchema }),
  revert: (id: string, version: number) =>
    api.post(`${item(id)}/revert`, { version }, { schema: suggestionDetailSchema }),
  cancel: (id: string) => api.post(`${item(id)}/cancel`, undefined, { schema: suggestionDetailSchema }),
  archive: (id: string) => api.post(`${item(id)}/archive`, undefined, { schema: suggestionDetailSchema }),
  unarchive: (id: string) => api.post(`${item(id)}/unarchive`, undefined, { schema: suggestionDetailSchema }),

  drafts: () => api.get(`${base}/drafts`, undefined, { schema: suggestionDraftListSchema }),
  draft: (draftId: string) =>
    api.get(`${base}/drafts/${draftId}`, undefined, { schema: suggestionDraftSchema }),
  createDraft: (content: SuggestionContentInput) =>
    api.post(`${base}/drafts`, content, { schema: suggestionDraftSchema }),
  updateDraft: (draftId: string, content: SuggestionContentInput) =>
    api.put(`${base}/drafts/${draftId}`, content, { schema: suggestionDraftSchema }),
  deleteDraft: (draftId: string) => api.delete(`${base}/drafts/${draftId}`, undefined, { schema: deleted }),
  editDraft: (id: string) =>
    api.get(`${item(id)}/draft`, undefined, { schema: suggestionDraftSchema.nullable() }),
  saveEditDraft: (id: string, content: SuggestionContentInput) =>
    api.put(`${item(id)}/draft`, content, { schema: suggestionDraftSchema }),

  comments: (id: string) =>
    api.get(`${item(id)}/comments`, undefined, { schema: suggestionCommentListSchema }),
  addComment: (id: string, body: string, parentId?: string) =>
    api.post(`${item(id)}/comments`, { body, parentId }, { schema: commentResultSchema }),
  editComment: (id: string, commentId: string, body: string) =>
    api.put(`${item(id)}/comments/${commentId}`, { body }, { schema: commentResultSchema }),
  deleteComment: (id: string, commentId: string) =>
    api.delete(`${item(id)}/comments/${commentId}`, undefined, { schema: deleted }),

  like: (id: string) => api.post(`${item(id)}/like`, undefined, { schema: reactionResultSchema }),
  dislike: (id: string) => api.post(`${item(id)}/dislike`, undefined, { schema: reactionResultSchema }),
  view: (id: string) => api.post(`${item(id)}/view`, undefined, { schema: viewResultSchema }),
  subscribe: (id: string, on: boolean) =>
    api.post(`${item(id)}/${on ? 'subscribe' : 'unsubscribe'}`, undefined, {
      schema: subscriptionResultSchema,
    }),
  reportAbuse: (id: string, reason?: string) =>
    api.post(
      `${item(id)}/report-abuse`,
      { reason: reason || undefined },
      { schema: abuseReportResultSchema },
    ),
  markUnderConsideration: (id: string) =>
    api.post(`${item(id)}/under-consideration`, undefined, { schema: councilActionResultSchema }),
  requestMoreInfo: (id: string, comment: string) =>
    api.post(`${item(id)}/request-info`, { comment }, { schema: councilActionResultSchema }),

  /** POST /api/upload/file: an image of at most 200 KB; answers its public URL. */
  uploadImage: (file: File) => api.upload('/api/upload/file', file, { schema: uploadResultSchema }),
};
