import type { Db } from '@cr/core/db/db-client';
import type { CommunityRow } from '@cr/core/db/schema';
import { hasRole } from '@cr/contract/roles.contract';
import type { AuthUser } from '../session';
import { communityError } from './community-errors';
import * as repo from './community.repo';

export const isAdmin = (user: AuthUser | null) => !!user && hasRole(user.role, 'ADMIN');

/**
 * Whether the caller manages a community: an admin manages all; an ORGANIZER manages their community and every
 * community below it. `chain` is the community and its ancestors; `roles` the caller's roles by community id.
 */
export function managesChain(
  user: AuthUser | null,
  chain: Pick<CommunityRow, 'id'>[],
  roles: Map<string, string>,
): boolean {
  if (!user) return false;
  if (isAdmin(user)) return true;
  return chain.some((c) => roles.get(c.id) === 'ORGANIZER');
}

/** The community, refused (404 missing, 403 not managed) unless the caller manages it. */
export async function managedCommunity(db: Db, user: AuthUser, id: string): Promise<CommunityRow> {
  const chain = await repo.lineage(db, id);
  if (chain.length === 0) throw communityError(404, 'community.not_found');
  if (!managesChain(user, chain, isAdmin(user) ? new Map() : await repo.rolesOf(db, user.id)))
    throw communityError(403, 'community.not_organizer');
  return chain[0]!;
}
