import {
  ownProfileSchema,
  type BasicProfileInput,
  type FullProfileInput,
} from '@cr/contract/profile.contract';
import { uploadResultSchema } from '@cr/contract/upload.contract';
import { api } from '../../../lib/api-client';

/** The profile routes of docs/accounts.md (own profile, basic and full edit) and the image upload. */
export const profileApi = {
  getOwn: () => api.get('/api/user/profile', undefined, { schema: ownProfileSchema }),
  updateBasic: (body: BasicProfileInput) =>
    api.put('/api/user/profile/basic', body, { schema: ownProfileSchema }),
  updateFull: (body: FullProfileInput) =>
    api.put('/api/user/profile/full', body, { schema: ownProfileSchema }),
  /** POST /api/upload/file: images only, at most 200 KB (the server checks the bytes). */
  uploadImage: (file: File) => api.upload('/api/upload/file', file, { schema: uploadResultSchema }),
};
