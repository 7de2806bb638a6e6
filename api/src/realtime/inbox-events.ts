import { INBOX_EVENT } from '@cr/contract/inbox.contract';
import { userRoom } from '@cr/contract/social.contract';
import type { RoomEvent } from '@cr/core/realtime/event-bus';

/**
 * "Your inbox changed" on each member's personal room `user:<id>` (joined only with their session token). The
 * payload names nothing: the page reads the inbox again, and the server decides what that member sees.
 */
export const inboxEvents = (userIds: Iterable<string | null | undefined>): RoomEvent[] =>
  [...new Set([...userIds].filter((id): id is string => !!id))].map((id) => ({
    room: userRoom(id),
    event: INBOX_EVENT,
    payload: {},
  }));
