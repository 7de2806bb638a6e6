import { z } from 'zod';
import {
  castVoteResultSchema,
  proposalDetailSchema,
  proposalListSchema,
  type ProposalDraftInput,
  type ProposalListQuery,
} from '@cr/contract/proposal.contract';
import { proposalPaymentsSchema } from '@cr/contract/milestone.contract';
import { conclusionViewSchema } from '@cr/contract/conclusion.contract';
import { api, downloadBlob } from '../../../lib/api-client';

export type ListQuery = Partial<Omit<ProposalListQuery, 'status'>> & { status?: string };

const base = '/api/proposals';
const item = (id: string | number) => `${base}/${encodeURIComponent(String(id))}`;
type Q = Record<string, string | number | boolean | undefined>;
const deleted = z.object({ deleted: z.boolean() }).loose();

/** Every call of the proposals feature (routes in api/src/modules/proposal/*.routes.ts). */
export const proposalApi = {
  list: (query: ListQuery, signal?: AbortSignal) =>
    api.get(base, query as Q, { schema: proposalListSchema, signal }),
  /** The filtered list as CSV. */
  exportCsv: (query: ListQuery) => downloadBlob(`${base}/export.csv`, query as Q),
  /** The archive file for the offline verifier (a plain link: the answer is a JSON attachment). */
  archiveUrl: (id: string | number) => `${item(id)}/archive`,
  /** By uuid or proposal number. */
  detail: (id: string | number, signal?: AbortSignal) =>
    api.get(item(id), undefined, { schema: proposalDetailSchema, signal }),
  /** Saves (or replaces) the member's vote off chain; it is then posted with the wallet action `vote`. */
  vote: (id: string, choice: string, reason: string) =>
    api.put(`${item(id)}/vote`, { choice, reason }, { schema: castVoteResultSchema }),
  /** Opens the wallet request in which the member's own wallet locks `amount` ELA against the proposal. */
  updateDraft: (id: string, body: ProposalDraftInput) =>
    api.put(item(id), body, { schema: proposalDetailSchema }),
  deleteDraft: (id: string) => api.delete(item(id), undefined, { schema: deleted }),
  /** Milestones, withdrawals and the actions open to the caller (api/src/modules/milestone). */
  payments: (id: string, signal?: AbortSignal) =>
    api.get(`${item(id)}/payments`, undefined, { schema: proposalPaymentsSchema, signal }),
  /** The conclusion being co-signed and the actions open to the caller (api/src/modules/conclusion). */
  conclusion: (id: string, signal?: AbortSignal) =>
    api.get(`${item(id)}/conclusion`, undefined, { schema: conclusionViewSchema, signal }),
  /** The owner or the secretary general withdraws a conclusion not yet co-signed. */
  cancelConclusion: (id: string) =>
    api.post(`${item(id)}/conclusion/cancel`, undefined, { schema: conclusionViewSchema }),
};
