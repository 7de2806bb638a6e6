import { communityTreeSchema, type CommunityTree } from '@cr/contract/community.contract';
import { api } from './api-client';

/** GET /api/community?country=XX: a country's communities (shared: the communities page and community pickers). */
export function fetchCountryCommunities(country: string, signal?: AbortSignal): Promise<CommunityTree> {
  return api.get('/api/community', { country }, { schema: communityTreeSchema, signal });
}
