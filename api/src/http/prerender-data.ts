import { createHash } from 'node:crypto';
import type { AppDeps } from '../app-deps';
import { proposalPageKey } from '@cr/contract/page-data.contract';
import { proposalRefParamsSchema, type ProposalDetail } from '@cr/contract/proposal.contract';
import { getProposalDetail } from '../modules/proposal/proposal.service';
import { AppError } from '@cr/core/errors/app-error';
import type { PageData, PageDataSource } from './prerender-pages';

/** A proposal's first screen shows the chain's progress as of its render for at most this many blocks. */
const HEIGHT_STEP = 60;

/**
 * What changes with every block is left out of the version (the height only by steps of {@link HEIGHT_STEP}), so
 * a proposal is rendered again when it changes, not per block. The app corrects the progress once it has the
 * live head, without moving anything (the timeline keeps its size).
 */
function versionOf(p: ProposalDetail): string {
  const { currentHeight, avgBlockMs: _a, endDate: _e, window, ...rest } = p;
  const { blocksLeft: _b, endsAt: _t, ...windowRest } = window;
  const step = currentHeight === null ? null : Math.floor(currentHeight / HEIGHT_STEP);
  return createHash('sha256')
    .update(JSON.stringify({ ...rest, window: windowRest, step }))
    .digest('base64url');
}

/**
 * The data a page's first screen is rendered with (prerender-pages.ts): a proposal's page gets the proposal as a
 * visitor signed out reads it (GET /api/proposals/:id), so its title, status and windows are in the first HTML.
 * A proposal that is not there or not public gives none: that page is rendered in its loading state.
 */
export function prerenderData(deps: AppDeps): PageDataSource {
  return async (pattern, params): Promise<PageData | null> => {
    if (pattern !== '/proposals/:id') return null;
    const ref = proposalRefParamsSchema.safeParse(params);
    if (!ref.success) return null;
    try {
      const p = await getProposalDetail(deps, null, ref.data.id);
      return { key: proposalPageKey(ref.data.id), value: p, version: versionOf(p) };
    } catch (err) {
      if (err instanceof AppError && err.status === 404) return null;
      throw err;
    }
  };
}
