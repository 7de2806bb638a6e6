import { trackingListSchema } from '@cr/contract/proposal-tracking.contract';
import type { ServedTracking } from './archive-life-checks';

/**
 * The published tracking messages and summary as the site serves them now (GET /api/proposals/:id/tracking,
 * public): what checkTrackingServed compares with the hashes in the archive. `site` is the archive's own `site`
 * or the reader's --api.
 */
export async function readServedTracking(site: string, proposalId: string): Promise<ServedTracking[]> {
  const url = new URL(`/api/proposals/${encodeURIComponent(proposalId)}/tracking`, site);
  const res = await fetch(url, { signal: AbortSignal.timeout(15_000) });
  if (!res.ok) throw new Error(`${url.href} answered HTTP ${res.status}`);
  const body = (await res.json()) as { data?: unknown };
  const list = trackingListSchema.parse(body.data);
  return [...list.messages, ...(list.summary ? [list.summary] : [])]
    .filter((e) => e.status === 'PUBLISHED')
    .map((e) => ({ id: e._id, content: e.content, reviewComment: e.review?.comment ?? '' }));
}
