import { runAfterCommit } from '../../effects/after-commit';
import { suggestionRoom, type SuggestionEvent } from '@cr/contract/suggestion.contract';
import type { RoomEvent } from '../../realtime/event-bus';

/**
 * A committed change of one suggestion, announced in its room `suggestion:<id>` (after commit, through
 * `commitThen` / `runAfterCommit`). Every payload carries `suggestionId`: one browser connection hears the events
 * of every room it joined, so a page checks the subject before acting on one.
 */
export function suggestionEvent(id: string, event: SuggestionEvent, payload: object): RoomEvent {
  return { room: suggestionRoom(id), event, payload: { ...payload, suggestionId: id } };
}

/** Announces a change that has already committed (the one after-commit policy: a lost event is logged). */
export async function publishSuggestionEvent(
  deps: Parameters<typeof runAfterCommit>[0],
  id: string,
  event: SuggestionEvent,
  payload: object,
): Promise<void> {
  await runAfterCommit(deps, { events: [suggestionEvent(id, event, payload)] });
}

/** After a commit that changes what the lists hold: cached list answers are recomputed (the `suggestions` scope). */
export async function bumpListGeneration(deps: Parameters<typeof runAfterCommit>[0]): Promise<void> {
  await runAfterCommit(deps, { cacheScopes: ['suggestions'] });
}
