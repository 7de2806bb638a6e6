import { teamMessages, type TeamMessageType } from '@cr/contract/team.contract';
import { AppError } from '@cr/core/errors/app-error';

/** A refusal from the team catalog: its stable type and its English message. */
export function teamError(status: number, type: TeamMessageType, field?: string): AppError {
  const message = teamMessages[type];
  return new AppError(status, type, message, field ? [{ path: field, message }] : undefined);
}

/** SQLSTATE raised by the trigger team_members_crcle_limit (migration 0009). */
const CRCLE_LIMIT_SQLSTATE = 'CR002';

/** Maps the database's CRcle-limit refusal to "You can only join 2 CRcles"; other errors pass through. */
export function crcleLimitError(err: unknown): unknown {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; i++) {
    if (e.code === CRCLE_LIMIT_SQLSTATE) return teamError(409, 'team.crcle_limit');
    e = e.cause as typeof e;
  }
  return err;
}
