/** The home page's response schemas, in their own chunk: loaded alongside its first reads (see `home-api.ts`). */
export { councilOverviewSchema } from '@cr/api/contract/council.contract';
export { proposalListSchema } from '@cr/api/contract/proposal.contract';
export { suggestionListSchema } from '@cr/api/contract/suggestion.contract';
export { treasuryOverviewSchema } from '@cr/api/contract/treasury.contract';
