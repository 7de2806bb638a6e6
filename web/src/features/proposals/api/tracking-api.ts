import { z } from 'zod';
import {
  proposalNotesSchema,
  trackingEntrySchema,
  trackingListSchema,
  type TrackingKind,
} from '@cr/contract/proposal-tracking.contract';
import { api } from '../../../lib/api-client';

const item = (id: string) => `/api/proposals/${encodeURIComponent(id)}`;
const written = z.object({ entry: trackingEntrySchema, mailFailed: z.boolean() });

/** Tracking messages, summary and secretariat notes (api/src/modules/proposal-tracking/tracking.routes.ts). */
export const trackingApi = {
  list: (proposalId: string, signal?: AbortSignal) =>
    api.get(`${item(proposalId)}/tracking`, undefined, { schema: trackingListSchema, signal }),
  create: (proposalId: string, kind: TrackingKind, content: string, submit: boolean) =>
    api.post(`${item(proposalId)}/tracking`, { kind, content, submit }, { schema: written }),
  update: (proposalId: string, entryId: string, content: string, submit: boolean) =>
    api.put(`${item(proposalId)}/tracking/${entryId}`, { content, submit }, { schema: written }),
  submit: (proposalId: string, entryId: string) =>
    api.post(`${item(proposalId)}/tracking/${entryId}/submit`, undefined, { schema: written }),
  review: (proposalId: string, entryId: string, decision: 'approve' | 'reject', comment: string) =>
    api.post(`${item(proposalId)}/tracking/${entryId}/review`, { decision, comment }, { schema: written }),
  notes: (proposalId: string, signal?: AbortSignal) =>
    api.get(`${item(proposalId)}/notes`, undefined, { schema: proposalNotesSchema, signal }),
  saveNotes: (proposalId: string, content: string) =>
    api.put(`${item(proposalId)}/notes`, { content }, { schema: proposalNotesSchema }),
};
