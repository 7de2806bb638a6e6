import { socialMessages, type SocialMessageType } from '@cr/contract/social.contract';
import { AppError } from '@cr/core/errors/app-error';

/** A refusal from the social catalog: its stable type and its English message. */
export function socialError(status: number, type: SocialMessageType): AppError {
  return new AppError(status, type, socialMessages[type]);
}
