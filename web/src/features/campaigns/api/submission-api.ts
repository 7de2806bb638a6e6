import {
  programStateSchema,
  submissionListSchema,
  submissionSchema,
  type AdminSubmissionsQuery,
  type CampaignFormInput,
  type IssueInput,
  type SubmissionDecisionInput,
} from '@cr/contract/submission.contract';
import { siteSettingsSchema, type UpdateSiteSettings } from '@cr/contract/site.contract';
import { uploadResultSchema } from '@cr/contract/upload.contract';
import { api } from '../../../lib/api-client';

/** The submission routes of api/src/modules/submission (authors and admins only, checked by the server). */
export const submissionApi = {
  programs: (signal?: AbortSignal) =>
    api.get('/api/submission/programs', undefined, { schema: programStateSchema, signal }),
  fileIssue: (body: IssueInput) => api.post('/api/submission/issue', body, { schema: submissionSchema }),
  submitForm: (body: CampaignFormInput) =>
    api.post('/api/submission/form', body, { schema: submissionSchema }),
  mine: (kind: 'issues' | 'forms', signal?: AbortSignal) =>
    api.get('/api/submission/mine', { kind }, { schema: submissionListSchema, signal }),
  adminList: (query: AdminSubmissionsQuery, signal?: AbortSignal) =>
    api.get('/api/admin/submissions', query as Record<string, string | number | undefined>, {
      schema: submissionListSchema,
      signal,
    }),
  decide: (id: string, body: SubmissionDecisionInput) =>
    api.put(`/api/admin/submissions/${encodeURIComponent(id)}`, body, { schema: submissionSchema }),
  uploadImage: (file: File) => api.upload('/api/upload/file', file, { schema: uploadResultSchema }),
  updateSettings: (body: UpdateSiteSettings) =>
    api.put('/api/admin/site/settings', body, { schema: siteSettingsSchema }),
};
