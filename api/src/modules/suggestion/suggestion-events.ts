import type { AppDeps } from '../../app-deps';
import { suggestionRoom, type SuggestionEvent } from '../../contract/suggestion.contract';

/**
 * Announces a committed change of one suggestion in its room `suggestion:<id>`. Every payload carries
 * `suggestionId`: one browser connection hears the events of every room it joined, so a page checks the
 * subject before acting on one.
 */
export async function publishSuggestionEvent(
  deps: Pick<AppDeps, 'events'>,
  id: string,
  event: SuggestionEvent,
  payload: object,
): Promise<void> {
  await deps.events.publish(suggestionRoom(id), event, { ...payload, suggestionId: id });
}
