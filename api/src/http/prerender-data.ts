import { createHash } from 'node:crypto';
import type { AppDeps } from '../app-deps';
import { proposalPageKey } from '../contract/page-data.contract';
import { proposalRefParamsSchema, type ProposalDetail } from '../contract/proposal.contract';
import { getProposalDetail } from '../modules/proposal/proposal.service';
import { AppError } from './app-error';
import type { PageData, PageDataSource } from './prerender-pages';

/**
 * What changes with every block and does not show in a proposal's first screen (the app's first render has no
 * chain head yet either): left out of the version, so a proposal is rendered again when it changes, not per block.
 */
function versionOf(p: ProposalDetail): string {
  const { currentHeight: _h, avgBlockMs: _a, endDate: _e, window, ...rest } = p;
  const { blocksLeft: _b, endsAt: _t, ...windowRest } = window;
  return createHash('sha256')
    .update(JSON.stringify({ ...rest, window: windowRest }))
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
