import { treasuryOverviewSchema } from '@cr/contract/treasury.contract';
import { api } from '../../../lib/api-client';

/** The treasury page's one call (api/src/modules/treasury/treasury.routes.ts). */
export const treasuryApi = {
  overview: (signal?: AbortSignal) =>
    api.get('/api/treasury', undefined, { schema: treasuryOverviewSchema, signal }),
};
