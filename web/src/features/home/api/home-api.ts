import { api } from '../../../lib/api-client';

/**
 * The schemas come with the first read rather than with the page: the page (and the header around it) shows
 * before zod and the contracts arrive, and each read is checked against its contract schema all the same.
 */
const schemas = () => import('./home-schemas');

/** The public reads the home page shows (council, proposals in their windows, signed suggestions, treasury). */
export const homeApi = {
  council: (signal?: AbortSignal) =>
    api.get('/api/council', undefined, {
      schema: () => schemas().then((m) => m.councilOverviewSchema),
      signal,
    }),
  proposals: (status: 'PROPOSED' | 'NOTIFICATION', signal?: AbortSignal) =>
    api.get(
      '/api/proposals',
      { status, results: 10, sortBy: 'newest' },
      { schema: () => schemas().then((m) => m.proposalListSchema), signal },
    ),
  signedSuggestions: (signal?: AbortSignal) =>
    api.get(
      '/api/suggestion',
      { filter: 'signed', results: 10, sortBy: 'newest' },
      { schema: () => schemas().then((m) => m.suggestionListSchema), signal },
    ),
  treasury: (signal?: AbortSignal) =>
    api.get('/api/treasury', undefined, {
      schema: () => schemas().then((m) => m.treasuryOverviewSchema),
      signal,
    }),
};
