import type { AppDeps } from '../../app-deps';
import type { Db } from '@cr/core/db/db-client';
import type { CommandOutcome } from '../../http/command';
import { hasRole } from '@cr/contract/roles.contract';
import {
  TEAM_PAGE_SIZE,
  type MyTeams,
  type TeamDetail,
  type TeamList,
  type TeamValues,
  type TeamListQuery,
} from '@cr/contract/team.contract';
import type { z } from 'zod';
import type { teamEditSchema, teamListQuerySchema } from '@cr/contract/team.contract';
import { crclesSuspended } from '../site';
import type { AuthUser } from '../session';
import { ownsUploads } from '../upload';
import { teamError } from './team-errors';
import { toMember, toSummary } from './team-view';
import * as repo from './team.repo';
import { listTeams as listTeamPage } from './team-list.repo';

type TeamEditValues = z.output<typeof teamEditSchema>;
type ListQuery = z.output<typeof teamListQuerySchema> & Partial<TeamListQuery>;

/** Pictures must be images this member uploaded (≤ 200 KB, sniffed by the upload module) or already on the team. */
async function checkPictures(db: Db, userId: string, pictures: string[], kept: string[] = []) {
  for (const [i, url] of pictures.entries()) {
    if (kept.includes(url)) continue;
    if (!(await ownsUploads(db, [url], userId)))
      throw teamError(400, 'team.picture_invalid', `pictures.${i}`);
  }
}

/** A team the caller must own (deny by default: a missing team is 404, someone else's is 403). */
export async function ownedTeam(db: Db, user: AuthUser, id: string, lock = false) {
  const team = await repo.findTeam(db, id, lock);
  if (!team) throw teamError(404, 'team.not_found');
  if (team.ownerId !== user.id) throw teamError(403, 'team.not_owner');
  return team;
}

/** Any member creates a team; only an admin creates a CRcle. The creator is its OWNER. */
export async function createTeam(tx: Db, user: AuthUser, input: TeamValues): Promise<CommandOutcome<string>> {
  if (input.type === 'CRCLE' && !hasRole(user.role, 'ADMIN')) throw teamError(403, 'team.crcle_admin_only');
  await checkPictures(tx, user.id, input.pictures);
  const team = await repo.insertTeam(tx, { ...input, ownerId: user.id });
  await repo.insertMember(tx, { teamId: team.id, userId: user.id, role: 'OWNER', status: 'NORMAL' });
  return { result: team.id };
}

/** Only the owner edits a team (a CRcle too); the type never changes. */
export async function editTeam(
  tx: Db,
  user: AuthUser,
  id: string,
  input: TeamEditValues,
): Promise<CommandOutcome<string>> {
  const team = await ownedTeam(tx, user, id);
  await checkPictures(tx, user.id, input.pictures, team.pictures);
  await repo.updateTeam(tx, id, input);
  return { result: id };
}

/** A team with its members; applications (PENDING, REJECT) only for its owner, and the caller's own row. */
export async function getTeam(deps: AppDeps, viewer: AuthUser | null, id: string): Promise<TeamDetail> {
  const db = deps.database.db;
  const row = await repo.findTeamSummary(db, id);
  if (!row) throw teamError(404, 'team.not_found');
  const all = await repo.listMembers(db, id);
  const mine = viewer ? all.find((m) => m.member.userId === viewer.id)?.member : undefined;
  const isOwner = viewer?.id === row.team.ownerId;
  return {
    ...toSummary(row, mine),
    members: all.filter((m) => m.member.status === 'NORMAL').map(toMember),
    applications: all
      .filter((m) => m.member.status !== 'NORMAL' && (isOwner || m.member.userId === viewer?.id))
      .map(toMember),
    crclesSuspended: await crclesSuspended(db),
  };
}

export async function listTeams(deps: AppDeps, viewer: AuthUser | null, query: ListQuery): Promise<TeamList> {
  const db = deps.database.db;
  const { rows, total } = await listTeamPage(db, {
    type: query.type,
    q: query.q || undefined,
    subcategory: query.subcategory,
    viewerId: viewer?.id,
    limit: TEAM_PAGE_SIZE,
    offset: (query.page - 1) * TEAM_PAGE_SIZE,
  });
  return {
    list: rows.map((r) => toSummary(r, r.mine ?? undefined)),
    total,
    page: query.page,
    pageSize: TEAM_PAGE_SIZE,
  };
}

/** "My teams": the teams and CRcles I own, belong to (NORMAL member), and applied to (PENDING or REJECT). */
export async function myTeams(deps: AppDeps, user: AuthUser): Promise<MyTeams> {
  const db = deps.database.db;
  const rows = await repo.membershipsOf(db, user.id);
  const summaries = await repo.teamSummariesByIds(
    db,
    rows.map((r) => r.teamId),
  );
  const pick = (test: (m: repo.MembershipRow) => boolean) =>
    summaries.flatMap((s) => {
      const m = rows.find((r) => r.teamId === s.team.id);
      return m && test(m) ? [toSummary(s, m)] : [];
    });
  return {
    owned: pick((m) => m.role === 'OWNER'),
    belongs: pick((m) => m.role === 'MEMBER' && m.status === 'NORMAL'),
    applied: pick((m) => m.status !== 'NORMAL'),
  };
}
