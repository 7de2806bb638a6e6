import type { AppDeps } from '../../app-deps';
import {
  releaseMessages,
  type Release,
  type ReleaseList,
  type ReleaseValues,
} from '@cr/contract/release.contract';
import type { Db } from '@cr/core/db/db-client';
import type { ReleaseRow } from '@cr/core/db/schema';
import { AppError } from '@cr/core/errors/app-error';
import type { CommandOutcome } from '../../http/command';
import type { AuthUser } from '../session';
import * as repo from './release.repo';

const notFound = () => new AppError(404, 'release.not_found', releaseMessages['release.not_found']);
const adminOnly = () => new AppError(403, 'release.admin_only', releaseMessages['release.admin_only']);

/** Admins (and super admins) write the release notes; nobody else, whatever their rank. */
function checkAdmin(user: AuthUser) {
  if (user.role !== 'ADMIN' && user.role !== 'SUPER_ADMIN') throw adminOnly();
}

const toRelease = (r: ReleaseRow): Release => ({
  _id: r.id,
  name: r.name,
  description: r.description,
  date: r.releasedOn,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

export async function listReleases(deps: AppDeps): Promise<ReleaseList> {
  return { list: (await repo.listReleases(deps.database.db)).map(toRelease) };
}

export async function createRelease(
  tx: Db,
  user: AuthUser,
  v: ReleaseValues,
): Promise<CommandOutcome<Release>> {
  checkAdmin(user);
  const row = await repo.insertRelease(tx, {
    name: v.name,
    description: v.description,
    releasedOn: v.date,
    createdById: user.id,
  });
  return { result: toRelease(row) };
}

export async function editRelease(
  tx: Db,
  user: AuthUser,
  id: string,
  v: ReleaseValues,
): Promise<CommandOutcome<Release>> {
  checkAdmin(user);
  const row = await repo.updateRelease(tx, id, {
    name: v.name,
    description: v.description,
    releasedOn: v.date,
  });
  if (!row) throw notFound();
  return { result: toRelease(row) };
}

export async function removeRelease(
  tx: Db,
  user: AuthUser,
  id: string,
): Promise<CommandOutcome<{ deleted: true }>> {
  checkAdmin(user);
  if (!(await repo.deleteRelease(tx, id))) throw notFound();
  return { result: { deleted: true } };
}
