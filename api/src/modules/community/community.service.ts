import type { AppDeps } from '../../app-deps';
import type { Db } from '@cr/core/db/db-client';
import type {
  Community,
  CommunityCountries,
  CommunityMembers,
  CommunityRole,
  CommunityTree,
  MyCommunities,
  SubCommunityInput,
} from '@cr/contract/community.contract';
import type { CommandOutcome } from '../../http/command';
import type { AuthUser } from '../session';
import { isAdmin, managedCommunity, managesChain } from './community-access';
import { communityError } from './community-errors';
import { toCommunity, toPerson } from './community-view';
import * as repo from './community.repo';

/** Communities shaped for a caller: organizers, leader, the caller's role and whether they manage each. */
async function present(db: Db, viewer: AuthUser | null, rows: repo.CommunityListRow[]): Promise<Community[]> {
  const ids = rows.map((r) => r.community.id);
  const organizers = await repo.membersOf(db, ids, 'ORGANIZER');
  const leaders = await repo.peopleByIds(db, [
    ...new Set(rows.flatMap((r) => (r.community.leaderId ? [r.community.leaderId] : []))),
  ]);
  const roles = viewer ? await repo.rolesOf(db, viewer.id) : new Map<string, CommunityRole>();
  // Ancestors of every listed community, to tell whether an organizer above manages it.
  const byId = new Map(rows.map((r) => [r.community.id, r.community]));
  const chainOf = async (id: string) => {
    const chain = [];
    for (let c = byId.get(id); c;) {
      chain.push(c);
      if (!c.parentId) break;
      const parent = byId.get(c.parentId) ?? (await repo.findCommunity(db, c.parentId));
      if (parent) byId.set(parent.id, parent);
      c = parent;
    }
    return chain;
  };
  const out: Community[] = [];
  for (const row of rows) {
    const c = row.community;
    out.push(
      toCommunity(row, {
        organizers,
        leader: leaders.find((l) => l.id === c.leaderId),
        myRole: roles.get(c.id),
        canManage: managesChain(viewer, await chainOf(c.id), roles),
      }),
    );
  }
  return out;
}

async function one(db: Db, viewer: AuthUser | null, id: string): Promise<Community> {
  const rows = await repo.listByIds(db, [id]);
  if (rows.length === 0) throw communityError(404, 'community.not_found');
  return (await present(db, viewer, rows))[0]!;
}

export async function countryTree(
  deps: AppDeps,
  viewer: AuthUser | null,
  country: string,
): Promise<CommunityTree> {
  const db = deps.database.db;
  return { country, list: await present(db, viewer, await repo.listByCountry(db, country)) };
}

export async function countriesWithCommunities(deps: AppDeps): Promise<CommunityCountries> {
  return { list: await repo.countries(deps.database.db) };
}

export async function getCommunity(deps: AppDeps, viewer: AuthUser | null, id: string): Promise<Community> {
  return one(deps.database.db, viewer, id);
}

/** The members of a community (signed-in callers). */
export async function listMembers(deps: AppDeps, id: string): Promise<CommunityMembers> {
  const db = deps.database.db;
  if (!(await repo.findCommunity(db, id))) throw communityError(404, 'community.not_found');
  const rows = await repo.membersOf(db, [id]);
  return {
    list: rows.map((m) => ({
      user: toPerson(m.user),
      role: m.role as CommunityRole,
      joinedAt: m.createdAt.toISOString(),
    })),
  };
}

/** "My communities": the communities I belong to or organize. */
export async function myCommunities(deps: AppDeps, user: AuthUser): Promise<MyCommunities> {
  const db = deps.database.db;
  const roles = await repo.rolesOf(db, user.id);
  return { list: await present(db, user, await repo.listByIds(db, [...roles.keys()])) };
}

/** Admin only: the COUNTRY community, the root of a country's tree (one per country). */
export async function addCountry(tx: Db, user: AuthUser, country: string): Promise<CommandOutcome<string>> {
  if (!isAdmin(user)) throw communityError(403, 'community.admin_only');
  if ((await repo.listByCountry(tx, country)).some((r) => r.community.type === 'COUNTRY'))
    throw communityError(409, 'community.country_exists');
  const row = await repo.insertCommunity(tx, {
    type: 'COUNTRY',
    name: country,
    country,
    createdBy: user.id,
  });
  return { result: row.id };
}

/** An organizer of the parent (or above), or an admin, adds a sub-community in the parent's country. */
export async function addSubCommunity(
  tx: Db,
  user: AuthUser,
  input: Required<SubCommunityInput>,
): Promise<CommandOutcome<string>> {
  const parent = await managedCommunity(tx, user, input.parentId);
  const row = await repo.insertCommunity(tx, {
    type: input.type,
    name: input.name,
    country: parent.country,
    parentId: parent.id,
    createdBy: user.id,
  });
  return { result: row.id };
}

export async function renameCommunity(
  tx: Db,
  user: AuthUser,
  id: string,
  name: string,
): Promise<CommandOutcome<string>> {
  await managedCommunity(tx, user, id);
  await repo.updateCommunity(tx, id, { name });
  return { result: id };
}

/** Admin only; a community with sub-communities is kept until they are deleted. */
export async function deleteCommunity(
  tx: Db,
  user: AuthUser,
  id: string,
): Promise<CommandOutcome<{ deleted: true }>> {
  if (!isAdmin(user)) throw communityError(403, 'community.admin_only');
  if (!(await repo.findCommunity(tx, id))) throw communityError(404, 'community.not_found');
  if (await repo.hasChildren(tx, id)) throw communityError(409, 'community.has_children');
  await repo.deleteCommunity(tx, id);
  return { result: { deleted: true } };
}

export async function joinCommunity(tx: Db, user: AuthUser, id: string): Promise<CommandOutcome<string>> {
  if (!(await repo.findCommunity(tx, id))) throw communityError(404, 'community.not_found');
  if (!(await repo.insertMember(tx, id, user.id))) throw communityError(409, 'community.already_member');
  return { result: id };
}

/** Leaving deletes the row (an organizer stops organizing); a leader leaving leaves the community leaderless. */
export async function leaveCommunity(tx: Db, user: AuthUser, id: string): Promise<CommandOutcome<string>> {
  const c = await repo.findCommunity(tx, id);
  if (!c) throw communityError(404, 'community.not_found');
  if (!(await repo.deleteMember(tx, id, user.id))) throw communityError(409, 'community.not_member');
  if (c.leaderId === user.id) await repo.updateCommunity(tx, id, { leaderId: null });
  return { result: id };
}

/**
 * Makes a person an organizer of the community (joining it if needed): the first organizer becomes its leader,
 * and a MEMBER is raised to LEADER (shown as organizer). Used by organizers, admins and organizer approvals;
 * run it inside the caller's transaction (it locks the community row).
 */
export async function grantOrganizer(db: Db, communityId: string, userId: string): Promise<boolean> {
  const target = await repo.userExists(db, userId);
  if (!target) throw communityError(404, 'community.user_not_found');
  const c = await repo.findCommunity(db, communityId, true);
  if (!c) throw communityError(404, 'community.not_found');
  const added = await repo.upsertOrganizer(db, communityId, userId);
  if (!c.leaderId) await repo.updateCommunity(db, communityId, { leaderId: userId });
  await repo.raiseToLeader(db, userId);
  return added;
}

export async function addOrganizer(
  tx: Db,
  user: AuthUser,
  id: string,
  userId: string,
): Promise<CommandOutcome<string>> {
  await managedCommunity(tx, user, id);
  await grantOrganizer(tx, id, userId);
  return { result: id };
}

/** Admin, or an organizer above this community, removes an organizer (they stay a member). */
export async function removeOrganizer(
  tx: Db,
  user: AuthUser,
  id: string,
  userId: string,
): Promise<CommandOutcome<string>> {
  const c = await repo.findCommunity(tx, id);
  if (!c) throw communityError(404, 'community.not_found');
  const above = c.parentId ? await repo.lineage(tx, c.parentId) : [];
  if (
    !managesChain(user, above, isAdmin(user) ? new Map() : await repo.rolesOf(tx, user.id)) &&
    !isAdmin(user)
  )
    throw communityError(403, 'community.not_organizer');
  if (!(await repo.demoteOrganizer(tx, id, userId))) throw communityError(404, 'community.user_not_found');
  if (c.leaderId === userId) await repo.updateCommunity(tx, id, { leaderId: null });
  return { result: id };
}
