import type { TeamMemberStatus } from '@cr/contract/team.contract';
import { statusTable } from '@cr/core/db/status-table';

/**
 * Member status moves: an application (PENDING) is approved (NORMAL) or rejected (REJECT); a rejected person may
 * apply again. Leaving and removal delete the row instead of moving it.
 */
export const TEAM_MEMBER_TRANSITIONS = statusTable<TeamMemberStatus>('team_members', {
  PENDING: ['NORMAL', 'REJECT'],
  REJECT: ['PENDING'],
  NORMAL: [],
});
