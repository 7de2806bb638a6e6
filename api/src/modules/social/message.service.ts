import type { AppDeps } from '../../app-deps';
import {
  MESSAGE_EVENT,
  THREAD_PAGE_SIZE,
  userRoom,
  type ConversationList,
  type DirectMessage,
  type Thread,
} from '@cr/contract/social.contract';
import type { Db } from '@cr/core/db/db-client';
import type { CommandOutcome } from '../../http/command';
import type { AuthUser } from '../session';
import { socialError } from './social-errors';
import { toMessage, toSocialPerson } from './social-view';
import * as repo from './social.repo';
import { enforceRate, type RateRule } from '../../http/rate-limit';

/** Messages one member may send per 10 minutes. */
export const MESSAGE_SEND_LIMIT: RateRule = { name: 'message-send', limit: 120, windowSec: 600 };

/**
 * Direct messages. Every read is scoped to the signed-in member: a conversation is always "mine with X", so
 * nobody can read or mark read the messages of two other members.
 */

export async function listConversations(deps: AppDeps, user: AuthUser): Promise<ConversationList> {
  const db = deps.database.db;
  const rows = await repo.listConversations(db, user.id);
  const people = new Map(
    (
      await repo.findPeople(
        db,
        rows.map((r) => r.otherId),
      )
    ).map((p) => [p.id, p]),
  );
  const list = rows.flatMap((r) => {
    const p = people.get(r.otherId);
    return p ? [{ with: toSocialPerson(p), last: toMessage(r.last), unread: r.unread }] : [];
  });
  return { list, unread: list.reduce((n, c) => n + c.unread, 0) };
}

export async function unreadCount(deps: AppDeps, user: AuthUser): Promise<{ unread: number }> {
  return { unread: await repo.countUnread(deps.database.db, user.id) };
}

export async function getThread(
  deps: AppDeps,
  user: AuthUser,
  otherId: string,
  before?: string,
): Promise<Thread> {
  const db = deps.database.db;
  const other = await repo.findPerson(db, otherId);
  if (!other) throw socialError(404, 'social.not_found');
  const rows = await repo.listThread(
    db,
    user.id,
    otherId,
    THREAD_PAGE_SIZE,
    before ? new Date(before) : undefined,
  );
  const [iBlocked, blockedMe] = await Promise.all([
    repo.isBlocking(db, user.id, otherId),
    repo.isBlocking(db, otherId, user.id),
  ]);
  return {
    with: toSocialPerson(other),
    list: rows.slice(0, THREAD_PAGE_SIZE).reverse().map(toMessage),
    hasMore: rows.length > THREAD_PAGE_SIZE,
    iBlocked,
    blockedMe,
  };
}

/**
 * Sends a message: stored first, then announced after commit to the recipient's personal room only (and to the
 * sender's, for their other tabs). Refused signed out, to yourself, to a member who blocked you or whom you block.
 */
export async function sendMessage(
  tx: Db,
  deps: Pick<AppDeps, 'redis' | 'config'>,
  user: AuthUser | null | undefined,
  otherId: string,
  content: string,
): Promise<CommandOutcome<DirectMessage>> {
  if (!user) throw socialError(401, 'social.message_login');
  if (user.id === otherId) throw socialError(400, 'social.self_message');
  if (!(await repo.findPerson(tx, otherId))) throw socialError(404, 'social.not_found');
  if (await repo.isBlocking(tx, otherId, user.id)) throw socialError(403, 'social.blocked');
  if (await repo.isBlocking(tx, user.id, otherId)) throw socialError(403, 'social.you_blocked');
  // A person types messages; a sweep of sends (spam, a stuck client) is refused with Retry-After.
  await enforceRate(deps, MESSAGE_SEND_LIMIT, user.id);
  const message = toMessage(
    await repo.insertMessage(tx, { senderId: user.id, recipientId: otherId, content }),
  );
  return {
    result: message,
    events: [
      { room: userRoom(otherId), event: MESSAGE_EVENT, payload: message },
      { room: userRoom(user.id), event: MESSAGE_EVENT, payload: message },
    ],
  };
}

/** Marks read what the other member sent me; only my own incoming messages can change. */
export async function markRead(
  tx: Db,
  user: AuthUser,
  otherId: string,
): Promise<CommandOutcome<{ unread: number }>> {
  const changed = await repo.markRead(tx, user.id, otherId);
  const unread = await repo.countUnread(tx, user.id);
  return {
    result: { unread },
    events:
      changed > 0
        ? [{ room: userRoom(user.id), event: 'messages-read', payload: { with: otherId, unread } }]
        : [],
  };
}
