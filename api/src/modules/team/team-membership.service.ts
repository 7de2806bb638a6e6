import { MAX_CRCLES_PER_USER } from '@cr/contract/team.contract';
import type { Db } from '@cr/core/db/db-client';
import type { CommandOutcome } from '../../http/command';
import { crclesSuspended } from '../site';
import type { AuthUser } from '../session';
import { crcleLimitError, teamError } from './team-errors';
import { ownedTeam } from './team.service';
import * as repo from './team.repo';

/**
 * Applies to a team or CRcle (status PENDING). A CRcle refuses while CRcles are suspended and when the person is
 * already in (or applied to) 2 CRcles: checked here with the person's row locked, and again by the database
 * trigger, so concurrent applications never pass the limit.
 */
export async function applyToTeam(
  tx: Db,
  user: AuthUser,
  id: string,
  message: string | undefined,
): Promise<CommandOutcome<string>> {
  /** Applies, or renews a rejected application. */
  const apply = async () => {
    const team = await repo.findTeam(tx, id);
    if (!team) throw teamError(404, 'team.not_found');
    if (team.type === 'CRCLE') {
      if (await crclesSuspended(tx)) throw teamError(409, 'team.crcles_suspended');
      if ((await repo.lockAndCountCrcles(tx, user.id)) >= MAX_CRCLES_PER_USER)
        throw teamError(409, 'team.crcle_limit');
    }
    const existing = await repo.findMembership(tx, id, user.id, true);
    if (existing?.status === 'REJECT') {
      await repo.moveMemberStatus(tx, id, user.id, 'REJECT', 'PENDING', message ?? null);
      return;
    }
    if (existing) throw teamError(409, 'team.already_member');
    await repo.insertMember(tx, {
      teamId: id,
      userId: user.id,
      role: 'MEMBER',
      status: 'PENDING',
      message: message ?? null,
    });
  };
  try {
    await apply();
  } catch (err) {
    throw crcleLimitError(err);
  }
  return { result: id };
}

/** The owner approves (NORMAL) or rejects (REJECT) a pending application. */
export async function decideApplication(
  tx: Db,
  user: AuthUser,
  id: string,
  applicantId: string,
  decision: 'approve' | 'reject',
): Promise<CommandOutcome<string>> {
  try {
    await ownedTeam(tx, user, id, true);
    const moved = await repo.moveMemberStatus(
      tx,
      id,
      applicantId,
      'PENDING',
      decision === 'approve' ? 'NORMAL' : 'REJECT',
    );
    if (!moved) throw teamError(409, 'team.not_pending');
  } catch (err) {
    throw crcleLimitError(err);
  }
  return { result: id };
}

/** A member leaves (or withdraws an application). The owner cannot leave before transferring the team. */
export async function leaveTeam(tx: Db, user: AuthUser, id: string): Promise<CommandOutcome<string>> {
  const team = await repo.findTeam(tx, id);
  if (!team) throw teamError(404, 'team.not_found');
  if (team.ownerId === user.id) throw teamError(409, 'team.owner_cannot_leave');
  if (!(await repo.deleteMember(tx, id, user.id))) throw teamError(404, 'team.not_member');
  return { result: id };
}

/** The owner removes a member (or an application). The owner's own row cannot be removed. */
export async function removeMember(
  tx: Db,
  user: AuthUser,
  id: string,
  memberId: string,
): Promise<CommandOutcome<string>> {
  await ownedTeam(tx, user, id);
  if (memberId === user.id) throw teamError(409, 'team.owner_cannot_leave');
  if (!(await repo.deleteMember(tx, id, memberId))) throw teamError(404, 'team.not_member');
  return { result: id };
}

/** The owner hands the team to one of its members (NORMAL); the former owner stays as a MEMBER. */
export async function transferOwnership(
  tx: Db,
  user: AuthUser,
  id: string,
  newOwnerId: string,
): Promise<CommandOutcome<string>> {
  try {
    await ownedTeam(tx, user, id, true);
    const target = await repo.findMembership(tx, id, newOwnerId, true);
    if (!target || target.status !== 'NORMAL' || newOwnerId === user.id)
      throw teamError(409, 'team.not_member');
    await repo.setMemberRole(tx, id, newOwnerId, 'OWNER');
    await repo.setMemberRole(tx, id, user.id, 'MEMBER');
    await repo.updateTeam(tx, id, { ownerId: newOwnerId });
  } catch (err) {
    throw crcleLimitError(err);
  }
  return { result: id };
}
