/** The home page's response schemas, in their own chunk: loaded alongside its first reads (see `home-api.ts`). */
export { councilOverviewSchema } from '@cr/contract/council.contract';
export { proposalListSchema } from '@cr/contract/proposal.contract';
export { suggestionListSchema } from '@cr/contract/suggestion.contract';
export { treasuryOverviewSchema } from '@cr/contract/treasury.contract';
