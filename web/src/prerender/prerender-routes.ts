import { ROUTES } from '../lib/paths';

/**
 * The pages whose first screen the server sends as HTML (the page's top and loading state, as a first visit
 * signed out sees it), so a phone paints it before the app's code arrives. Public pages only; a parameter is
 * rendered as {@link paramMarker} and replaced by the request's value when the page is served.
 */
export const PRERENDERED_ROUTES: readonly string[] = [
  ROUTES.home,
  ROUTES.suggestions,
  ROUTES.proposals,
  ROUTES.proposal,
  ROUTES.elips,
  ROUTES.whitepaper,
  ROUTES.funding,
];

/** What a route parameter is rendered as; letters and underscores only, so HTML and URLs leave it as it is. */
export function paramMarker(name: string): string {
  return `__CR_PARAM_${name}__`;
}

/** The path a pattern is rendered at: each `:name` becomes its marker. */
export function markedPath(pattern: string): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_m, name: string) => paramMarker(name));
}
