import { useSyncExternalStore } from 'react';
import { DATE_FORMAT, formatDate } from './dates';

const never = () => () => {};

/**
 * False on the server and while the app takes over the server's HTML (hydrates it), true right after and in
 * every render that does not hydrate: what only the browser knows (its time zone) waits for true.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/**
 * A date (spec §9 format) in the reader's time zone; the server renders in UTC, so a first screen shows the UTC
 * date until the app has taken it over, then the reader's (the same but near midnight).
 */
export function useDateText(value: string | number | Date): string {
  return useHydrated() ? formatDate(value) : formatUtcDate(value);
}

function formatUtcDate(value: string | number | Date): string {
  const iso = new Date(value).toISOString();
  return DATE_FORMAT.replace('YYYY', iso.slice(0, 4))
    .replace('MM', iso.slice(5, 7))
    .replace('DD', iso.slice(8, 10));
}
