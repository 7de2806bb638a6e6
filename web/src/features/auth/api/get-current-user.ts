import { currentUserSchema, type CurrentUser } from '@cr/api/contract/user.contract';
import { api } from '../../../lib/api-client';

/** GET /api/user/current_user with the stored api-token (401 `auth.required` when the token is not valid). */
export function getCurrentUser(): Promise<CurrentUser> {
  return api.get('/api/user/current_user', undefined, { schema: currentUserSchema });
}
