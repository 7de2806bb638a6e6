import { personName } from '@cr/contract/person-name';
import type { DirectMessage, SocialPerson } from '@cr/contract/social.contract';
import type { DirectMessageRow } from '@cr/core/db/schema';
import type { SocialPersonRow } from './social.repo';

export const toSocialPerson = (p: SocialPersonRow): SocialPerson => ({
  _id: p.id,
  username: p.username,
  name: personName(p),
  avatar: p.avatar || null,
});

export const toMessage = (m: DirectMessageRow): DirectMessage => ({
  _id: m.id,
  senderId: m.senderId,
  recipientId: m.recipientId,
  content: m.content,
  createdAt: m.createdAt.toISOString(),
  readAt: m.readAt?.toISOString() ?? null,
});
