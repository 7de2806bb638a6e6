import { communityMessages, type CommunityMessageType } from '@cr/contract/community.contract';
import { AppError } from '@cr/core/errors/app-error';

/** A refusal from the community catalog: its stable type and its English message. */
export function communityError(status: number, type: CommunityMessageType, field?: string): AppError {
  const message = communityMessages[type];
  return new AppError(status, type, message, field ? [{ path: field, message }] : undefined);
}
