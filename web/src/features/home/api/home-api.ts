import { councilOverviewSchema } from '@cr/api/contract/council.contract';
import { proposalListSchema } from '@cr/api/contract/proposal.contract';
import { suggestionListSchema } from '@cr/api/contract/suggestion.contract';
import { treasuryOverviewSchema } from '@cr/api/contract/treasury.contract';
import { api } from '../../../lib/api-client';

/** The public reads the home page shows (council, proposals in their windows, signed suggestions, treasury). */
export const homeApi = {
  council: (signal?: AbortSignal) =>
    api.get('/api/council', undefined, { schema: councilOverviewSchema, signal }),
  proposals: (status: 'PROPOSED' | 'NOTIFICATION', signal?: AbortSignal) =>
    api.get(
      '/api/proposals',
      { status, results: 10, sortBy: 'newest' },
      { schema: proposalListSchema, signal },
    ),
  signedSuggestions: (signal?: AbortSignal) =>
    api.get(
      '/api/suggestion',
      { filter: 'signed', results: 10, sortBy: 'newest' },
      { schema: suggestionListSchema, signal },
    ),
  treasury: (signal?: AbortSignal) =>
    api.get('/api/treasury', undefined, { schema: treasuryOverviewSchema, signal }),
};
