/**
 * The data a page's first screen was rendered with on the server (sent in `#cr-boot` with the settings, see
 * api's prerender-pages.ts), keyed by what the page reads, e.g. `proposal:12`. The app's first render takes the
 * same data, so it hydrates the server's HTML as it is; the page then reads its data afresh as usual.
 */
let sent: Record<string, unknown> = {};

export function setPageData(data: Record<string, unknown> | null | undefined): void {
  sent = data && typeof data === 'object' ? data : {};
}

/** The data sent for `key`, if any (the page still reads its own: this one is as old as the render). */
export function sentPageData<T>(key: string): T | undefined {
  return sent[key] as T | undefined;
}

/** Forgets the data sent for `key` (once shown), or all of it (a first render that does not hydrate). */
export function dropPageData(key?: string): void {
  if (key === undefined) sent = {};
  else delete sent[key];
}
