import { suggestionRoom, type SuggestionEvent } from '@cr/contract/suggestion.contract';
import type { RoomEvent } from '@cr/core/realtime/event-bus';

/**
 * A committed change of one suggestion, announced in its room `suggestion:<id>` (after commit, among the effects a
 * command or a wallet action returns). Every payload carries `suggestionId`: one browser connection hears the
 * events of every room it joined, so a page checks the subject before acting on one.
 */
export function suggestionEvent(id: string, event: SuggestionEvent, payload: object): RoomEvent {
  return { room: suggestionRoom(id), event, payload: { ...payload, suggestionId: id } };
}
