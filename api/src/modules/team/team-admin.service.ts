import type { Db } from '@cr/core/db/db-client';
import type { CommandOutcome } from '../../http/command';
import type { TeamRemove } from '@cr/contract/team.contract';
import { recordAudit } from '../audit';
import type { AuthUser } from '../session';
import { teamError } from './team-errors';
import * as repo from './team.repo';

/**
 * An admin removes a team or CRcle (spam, abuse, a dead team), with the reason; the audit entry keeps what it
 * was and is written in the same transaction. A team that still holds task applications is refused: those
 * would vanish with it.
 */
export async function removeTeam(
  tx: Db,
  actor: { user: AuthUser; requestId: string },
  id: string,
  input: TeamRemove,
): Promise<CommandOutcome<{ removed: true }>> {
  const team = await repo.findTeam(tx, id, true);
  if (!team) throw teamError(404, 'team.not_found');
  if ((await repo.countTaskCandidacies(tx, id)) > 0) throw teamError(409, 'team.has_candidacies');
  const members = await repo.listMembers(tx, id);
  await repo.deleteTeam(tx, id);
  await recordAudit(tx, {
    actorId: actor.user.id,
    action: 'team.remove',
    targetType: 'team',
    targetId: id,
    before: {
      name: team.name,
      type: team.type,
      ownerId: team.ownerId,
      members: members.filter((m) => m.member.status === 'NORMAL').length,
    },
    reason: input.reason,
    requestId: actor.requestId,
  });
  return { result: { removed: true as const } };
}
