import {
  conversationListSchema,
  directMessageSchema,
  followStateSchema,
  memberParamsSchema,
  sendMessageSchema,
  threadQuerySchema,
  threadSchema,
  unreadCountSchema,
} from '@cr/contract/social.contract';
import { defineCommand } from '../../http/command';
import { defineRoute, policy } from '../../http/route';
import { block, follow, followState, unblock, unfollow } from './follow.service';
import { getThread, listConversations, markRead, sendMessage, unreadCount } from './message.service';

/**
 * Follow, block and direct messages. Follow and send are public routes that refuse a signed-out caller with their
 * own message ("You must login/register first to send a message"); everything else needs a session. The
 * conversation routes take only the other member's id: the signed-in member is always one side.
 */
export const socialRoutes = [
  defineRoute({
    method: 'get',
    path: '/social/users/:userId',
    tag: 'social',
    summary:
      'Followers and following counts of a member; for a signed-in viewer also follow and block state.',
    policy: policy.public,
    params: memberParamsSchema,
    response: followStateSchema,
    handler: ({ deps, user, params }) => followState(deps, user, params.userId),
  }),
  defineCommand({
    method: 'post',
    path: '/social/users/:userId/follow',
    tag: 'social',
    summary: 'Follow a member (idempotent). Not yourself, not a member who blocked you.',
    policy: policy.public,
    params: memberParamsSchema,
    response: followStateSchema,
    run: (tx, { user, params }) => follow(tx, user, params.userId),
    answer: (userId, { deps, user }) => followState(deps, user, userId),
  }),
  defineCommand({
    method: 'delete',
    path: '/social/users/:userId/follow',
    tag: 'social',
    summary: 'Unfollow a member (idempotent).',
    policy: policy.member,
    params: memberParamsSchema,
    response: followStateSchema,
    run: (tx, { user, params }) => unfollow(tx, user, params.userId),
    answer: (userId, { deps, user }) => followState(deps, user, userId),
  }),
  defineCommand({
    method: 'post',
    path: '/social/users/:userId/block',
    tag: 'social',
    summary: 'Block a member: they stop following you and can no longer follow or message you.',
    policy: policy.member,
    params: memberParamsSchema,
    response: followStateSchema,
    run: (tx, { user, params }) => block(tx, user, params.userId),
    answer: (userId, { deps, user }) => followState(deps, user, userId),
  }),
  defineCommand({
    method: 'delete',
    path: '/social/users/:userId/block',
    tag: 'social',
    summary: 'Unblock a member.',
    policy: policy.member,
    params: memberParamsSchema,
    response: followStateSchema,
    run: (tx, { user, params }) => unblock(tx, user, params.userId),
    answer: (userId, { deps, user }) => followState(deps, user, userId),
  }),
  defineRoute({
    method: 'get',
    path: '/social/messages',
    tag: 'social',
    summary: 'My conversations, most recent first, each with its last message and my unread count.',
    policy: policy.member,
    response: conversationListSchema,
    handler: ({ deps, user }) => listConversations(deps, user!),
  }),
  defineRoute({
    method: 'get',
    path: '/social/messages/unread',
    tag: 'social',
    summary: 'How many messages to me are unread (the header badge).',
    policy: policy.member,
    response: unreadCountSchema,
    handler: ({ deps, user }) => unreadCount(deps, user!),
  }),
  defineRoute({
    method: 'get',
    path: '/social/messages/:userId',
    tag: 'social',
    summary: 'My conversation with a member, 30 a page (before = older page), in time order.',
    policy: policy.member,
    params: memberParamsSchema,
    query: threadQuerySchema,
    response: threadSchema,
    handler: ({ deps, user, params, query }) => getThread(deps, user!, params.userId, query.before),
  }),
  defineCommand({
    method: 'post',
    path: '/social/messages/:userId',
    tag: 'social',
    summary:
      'Send a plain-text message (at most 2000 characters); delivered live to the recipient only, kept for when they are offline.',
    policy: policy.public,
    params: memberParamsSchema,
    body: sendMessageSchema,
    response: directMessageSchema,
    run: (tx, { deps, user, params, body }) => sendMessage(tx, deps, user, params.userId, body.content),
  }),
  defineCommand({
    method: 'post',
    path: '/social/messages/:userId/read',
    tag: 'social',
    summary: 'Mark read the messages this member sent me; answers my unread count.',
    policy: policy.member,
    params: memberParamsSchema,
    response: unreadCountSchema,
    run: (tx, { user, params }) => markRead(tx, user!, params.userId),
  }),
];
