import type { Role } from '@cr/contract/user.contract';

/** The signed-in user as routes and services see it: identity and role only, resolved from the api-token. */
export interface AuthUser {
  id: string;
  username: string;
  role: Role;
  did: string | null;
  tokenId: string;
}
