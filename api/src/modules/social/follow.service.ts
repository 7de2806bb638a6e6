import type { AppDeps } from '../../app-deps';
import type { FollowState } from '@cr/contract/social.contract';
import type { Db } from '@cr/core/db/db-client';
import type { CommandOutcome } from '../../http/command';
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
  tx: Db,
  user: AuthUser | null | undefined,
  userId: string,
): Promise<CommandOutcome<string>> {
  if (!user) throw socialError(401, 'social.follow_login');
  if (user.id === userId) throw socialError(400, 'social.self_follow');
  if (!(await repo.findPerson(tx, userId))) throw socialError(404, 'social.not_found');
  if (await repo.isBlocking(tx, userId, user.id)) throw socialError(403, 'social.blocked');
  await repo.insertFollow(tx, user.id, userId);
  return { result: userId };
}

/** Unfollow (idempotent). */
export async function unfollow(
  tx: Db,
  user: AuthUser | null | undefined,
  userId: string,
): Promise<CommandOutcome<string>> {
  if (!user) throw socialError(401, 'social.follow_login');
  await repo.deleteFollow(tx, user.id, userId);
  return { result: userId };
}

/** Block (idempotent): the blocked member stops following you and can no longer follow or message you. */
export async function block(
  tx: Db,
  user: AuthUser | null | undefined,
  userId: string,
): Promise<CommandOutcome<string>> {
  if (!user) throw socialError(401, 'social.follow_login');
  if (user.id === userId) throw socialError(400, 'social.self_block');
  if (!(await repo.findPerson(tx, userId))) throw socialError(404, 'social.not_found');
  await repo.insertBlock(tx, user.id, userId);
  await repo.deleteFollow(tx, userId, user.id);
  return { result: userId };
}

export async function unblock(
  tx: Db,
  user: AuthUser | null | undefined,
  userId: string,
): Promise<CommandOutcome<string>> {
  if (!user) throw socialError(401, 'social.follow_login');
  await repo.deleteBlock(tx, user.id, userId);
  return { result: userId };
}
