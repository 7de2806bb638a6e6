import type { AppDeps } from '../../app-deps';
import type { FollowState } from '@cr/contract/social.contract';
import type { AuthUser } from '../session';
import { socialError } from './social-errors';
import * as repo from './social.repo';

/** The member page's follow panel: counts for everyone, the viewer's own relation when signed in. */
export async function followState(
  deps: AppDeps,
  viewer: AuthUser | null | undefined,
  userId: string,
): Promise<FollowState> {
  const db = deps.database.db;
  if (!(await repo.findPerson(db, userId))) throw socialError(404, 'social.not_found');
  const counts = await repo.followCounts(db, userId);
  if (!viewer || viewer.id === userId)
    return { ...counts, iFollow: false, iBlocked: false, blockedMe: false };
  const [iFollow, iBlocked, blockedMe] = await Promise.all([
    repo.isFollowing(db, viewer.id, userId),
    repo.isBlocking(db, viewer.id, userId),
    repo.isBlocking(db, userId, viewer.id),
  ]);
  return { ...counts, iFollow, iBlocked, blockedMe };
}

/** Follow (idempotent). Refused signed out, for yourself, and when the member blocked you. */
export async function follow(
  deps: AppDeps,
  user: AuthUser | null | undefined,
  userId: string,
): Promise<FollowState> {
  if (!user) throw socialError(401, 'social.follow_login');
  if (user.id === userId) throw socialError(400, 'social.self_follow');
  const db = deps.database.db;
  if (!(await repo.findPerson(db, userId))) throw socialError(404, 'social.not_found');
  if (await repo.isBlocking(db, userId, user.id)) throw socialError(403, 'social.blocked');
  await repo.insertFollow(db, user.id, userId);
  return followState(deps, user, userId);
}

/** Unfollow (idempotent). */
export async function unfollow(
  deps: AppDeps,
  user: AuthUser | null | undefined,
  userId: string,
): Promise<FollowState> {
  if (!user) throw socialError(401, 'social.follow_login');
  await repo.deleteFollow(deps.database.db, user.id, userId);
  return followState(deps, user, userId);
}

/** Block (idempotent): the blocked member stops following you and can no longer follow or message you. */
export async function block(
  deps: AppDeps,
  user: AuthUser | null | undefined,
  userId: string,
): Promise<FollowState> {
  if (!user) throw socialError(401, 'social.follow_login');
  if (user.id === userId) throw socialError(400, 'social.self_block');
  const db = deps.database.db;
  if (!(await repo.findPerson(db, userId))) throw socialError(404, 'social.not_found');
  await db.transaction(async (tx) => {
    await repo.insertBlock(tx, user.id, userId);
    await repo.deleteFollow(tx, userId, user.id);
  });
  return followState(deps, user, userId);
}

export async function unblock(
  deps: AppDeps,
  user: AuthUser | null | undefined,
  userId: string,
): Promise<FollowState> {
  if (!user) throw socialError(401, 'social.follow_login');
  await repo.deleteBlock(deps.database.db, user.id, userId);
  return followState(deps, user, userId);
}
