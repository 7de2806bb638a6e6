import { adminMessages, type AdminMessageType } from '@cr/contract/admin.contract';
import { AppError } from '@cr/core/errors/app-error';

/** A refusal from the admin area: its stable type and its English message. */
export function adminError(status: number, type: AdminMessageType, field?: string): AppError {
  const message = adminMessages[type];
  return new AppError(status, type, message, field ? [{ path: field, message }] : undefined);
}
