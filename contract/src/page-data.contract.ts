/**
 * Keys of the data a page's first screen is rendered with on the server and sent with it (`#cr-boot`'s `data`),
 * which the app's first render reads to hydrate that HTML (web's page-data.ts).
 */

/** A proposal's page, by the id or number in its path: the proposal as a visitor signed out reads it. */
export const proposalPageKey = (ref: string) => `proposal:${ref}`;
