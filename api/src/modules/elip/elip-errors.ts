import { elipMessages, type ElipMessageType } from '@cr/contract/elip.contract';
import { AppError } from '@cr/core/errors/app-error';
import type { Role } from '@cr/contract/user.contract';

/** A refusal from the ELIP catalog: its stable type and its English message. */
export function elipError(status: number, type: ElipMessageType, field?: string): AppError {
  const message = elipMessages[type];
  return new AppError(status, type, message, field ? [{ path: field, message }] : undefined);
}

/** The secretariat reviews ELIPs: the secretary general and the site's admins (spec §4 ELIP actions). */
export const isSecretariat = (role: Role) =>
  role === 'SECRETARY' || role === 'ADMIN' || role === 'SUPER_ADMIN';
