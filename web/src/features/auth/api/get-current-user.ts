import type { CurrentUser } from '@cr/contract/user.contract';
import { api } from '../../../lib/api-client';

/**
 * GET /api/user/current_user with the stored api-token (401 `auth.required` when the token is not valid). Its
 * schema is fetched alongside the call (start-up shows its skeleton without zod).
 */
export function getCurrentUser(): Promise<CurrentUser> {
  return api.get('/api/user/current_user', undefined, {
    schema: () => import('@cr/contract/user.contract').then((m) => m.currentUserSchema),
  });
}
