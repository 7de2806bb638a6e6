import type { AppDeps } from '../../app-deps';
import type { Db } from '@cr/core/db/db-client';
import type { CommandOutcome } from '../../http/command';
import type { TeamPost } from '@cr/contract/team.contract';
import type { AuthUser } from '../session';
import { teamError } from './team-errors';
import { toPerson } from './team-view';
import * as repo from './team.repo';

const POSTS_SHOWN = 100;

/** A CRcle's posts, newest first: everyone reads. */
export async function listPosts(deps: AppDeps, id: string): Promise<{ list: TeamPost[] }> {
  const db = deps.database.db;
  const team = await repo.findTeam(db, id);
  if (!team) throw teamError(404, 'team.not_found');
  if (team.type !== 'CRCLE') throw teamError(400, 'team.posts_crcle_only');
  const rows = await repo.listPosts(db, id, POSTS_SHOWN);
  return {
    list: rows.map((r) => ({
      _id: r.post.id,
      author: toPerson(r.author),
      content: r.post.content,
      createdAt: r.post.createdAt.toISOString(),
    })),
  };
}

/** Posting in a CRcle requires membership (status NORMAL, owner included). */
export async function createPost(
  tx: Db,
  user: AuthUser,
  id: string,
  content: string,
): Promise<CommandOutcome<string>> {
  const team = await repo.findTeam(tx, id);
  if (!team) throw teamError(404, 'team.not_found');
  if (team.type !== 'CRCLE') throw teamError(400, 'team.posts_crcle_only');
  const member = await repo.findMembership(tx, id, user.id);
  if (member?.status !== 'NORMAL') throw teamError(403, 'team.post_members_only');
  await repo.insertPost(tx, { teamId: id, authorId: user.id, content });
  return { result: id };
}
