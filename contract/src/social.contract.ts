import { z } from 'zod';

/**
 * Follow, block and direct messages between members. One schema per request, used by the web forms and the api
 * routes alike; every refusal has a stable key in `socialMessages` (clients translate by key).
 */
export const socialMessages = {
  'social.follow_login': 'You must login/register first to follow a member',
  'social.message_login': 'You must login/register first to send a message',
  'social.self_follow': 'You cannot follow yourself',
  'social.self_message': 'You cannot send a message to yourself',
  'social.self_block': 'You cannot block yourself',
  'social.blocked': 'This member has blocked you: you cannot follow them or send them messages.',
  'social.you_blocked': 'You have blocked this member: unblock them first to send a message.',
  'social.not_found': 'This member was not found.',
  'social.message_required': 'Please write a message.',
  'social.message_too_long': 'A message can be at most 2000 characters.',
} as const;
export type SocialMessageType = keyof typeof socialMessages;
const M = socialMessages;

export const MESSAGE_MAX_LENGTH = 2000;
export const THREAD_PAGE_SIZE = 30;

/**
 * A message as plain text: control characters other than newline and tab are removed, runs of blank lines are
 * shortened, and the ends are trimmed. It is shown as text, never as HTML.
 */
export function plainMessageText(raw: string): string {
  return (
    raw
      .replace(/\r\n?/g, '\n')
      // eslint-disable-next-line no-control-regex -- removing control characters is the point
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

export const memberParamsSchema = z.object({ userId: z.uuid({ error: M['social.not_found'] }) });

/** POST /api/social/messages/:userId */
export const sendMessageSchema = z.object({
  content: z
    .string()
    .transform(plainMessageText)
    .pipe(
      z.string().min(1, M['social.message_required']).max(MESSAGE_MAX_LENGTH, M['social.message_too_long']),
    ),
});
export type SendMessageInput = z.input<typeof sendMessageSchema>;

/** GET /api/social/messages/:userId?before=<iso> — older pages of a conversation. */
export const threadQuerySchema = z.object({ before: z.iso.datetime({ offset: true }).optional() });

export const socialPersonSchema = z.object({
  _id: z.string(),
  username: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
});
export type SocialPerson = z.infer<typeof socialPersonSchema>;

/** GET /api/social/users/:userId — the member page's follow panel. */
export const followStateSchema = z.object({
  followers: z.number().int(),
  following: z.number().int(),
  /** Only for a signed-in viewer (false otherwise). */
  iFollow: z.boolean(),
  iBlocked: z.boolean(),
  blockedMe: z.boolean(),
});
export type FollowState = z.infer<typeof followStateSchema>;

export const directMessageSchema = z.object({
  _id: z.string(),
  senderId: z.string(),
  recipientId: z.string(),
  content: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type DirectMessage = z.infer<typeof directMessageSchema>;

export const conversationSchema = z.object({
  with: socialPersonSchema,
  last: directMessageSchema,
  unread: z.number().int(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** GET /api/social/messages */
export const conversationListSchema = z.object({
  list: z.array(conversationSchema),
  unread: z.number().int(),
});
export type ConversationList = z.infer<typeof conversationListSchema>;

/** GET /api/social/messages/:userId — newest page first, `list` in time order. */
export const threadSchema = z.object({
  with: socialPersonSchema,
  list: z.array(directMessageSchema),
  hasMore: z.boolean(),
  iBlocked: z.boolean(),
  blockedMe: z.boolean(),
});
export type Thread = z.infer<typeof threadSchema>;

export const unreadCountSchema = z.object({ unread: z.number().int() });

/** The live event on the recipient's personal room `user:<id>`. */
export const MESSAGE_EVENT = 'message';
export const userRoom = (userId: string) => `user:${userId}`;
