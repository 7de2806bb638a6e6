import {
  communityCountriesSchema,
  communityMembersSchema,
  communitySchema,
  myCommunitiesSchema,
  type SubCommunityInput,
} from '@cr/contract/community.contract';
import { z } from 'zod';
import { api } from '../../../lib/api-client';
import { fetchCountryCommunities } from '../../../lib/community-tree';

const one = (id: string) => `/api/community/${encodeURIComponent(id)}`;

/** The community routes of api/src/modules/community (organizer and admin rights are checked by the server). */
export const communityApi = {
  tree: fetchCountryCommunities,
  countries: (signal?: AbortSignal) =>
    api.get('/api/community/countries', undefined, { schema: communityCountriesSchema, signal }),
  mine: (signal?: AbortSignal) =>
    api.get('/api/community/mine', undefined, { schema: myCommunitiesSchema, signal }),
  members: (id: string, signal?: AbortSignal) =>
    api.get(`${one(id)}/members`, undefined, { schema: communityMembersSchema, signal }),
  addCountry: (country: string) =>
    api.post('/api/community/country', { country }, { schema: communitySchema }),
  addSub: (body: SubCommunityInput) => api.post('/api/community', body, { schema: communitySchema }),
  rename: (id: string, name: string) => api.put(one(id), { name }, { schema: communitySchema }),
  remove: (id: string) => api.delete(one(id), undefined, { schema: z.object({ deleted: z.literal(true) }) }),
  join: (id: string) => api.post(`${one(id)}/join`, {}, { schema: communitySchema }),
  leave: (id: string) => api.post(`${one(id)}/leave`, {}, { schema: communitySchema }),
  addOrganizer: (id: string, userId: string) =>
    api.post(`${one(id)}/organizers`, { userId }, { schema: communitySchema }),
  removeOrganizer: (id: string, userId: string) =>
    api.delete(`${one(id)}/organizers/${encodeURIComponent(userId)}`, undefined, { schema: communitySchema }),
};
