import { matchRoutes } from 'react-router-dom';
import { preloadPage } from '../components/lazy-page';
import { BASE_NAMESPACES, currentLanguage, i18nReady, loadNamespaces } from '../lib/i18n';
import { useAuthStore } from '../lib/auth-store';
import { boot, type BootOutcome } from './boot';
import { PAGE_ROUTES } from './routes';

/**
 * For a page the server sent with its first screen (`data-prerendered` on #root): start-up, the shared texts and
 * the page's code and texts, all before the app's first render. Until then the server's HTML stays on screen;
 * then the app takes it over (or draws the same page over it) in one pass, never a loading state in between.
 */
export async function prepareFirstScreen(pathname: string): Promise<BootOutcome> {
  // i18next starts first: asked before it knows its language, it would report namespaces loaded before they are.
  await i18nReady();
  const [outcome] = await Promise.all([boot(), loadNamespaces(BASE_NAMESPACES), preloadPublicPage(pathname)]);
  return outcome;
}

/** Loads the code and texts of the public page at `pathname` (none for a member's or admin's page). */
export async function preloadPublicPage(pathname: string): Promise<void> {
  const match = matchRoutes(
    PAGE_ROUTES.map((route) => ({ path: route.path, route })),
    pathname,
  )?.at(-1)?.route;
  if (match && !match.route.access) await preloadPage(match.route.load);
}

/**
 * Whether the app's first render is what the server rendered in `container`, so the app can take those nodes
 * over as they are (hydrate): the server renders a visitor signed out, in the language it names on the root. A
 * member signed in, or a language chosen in this browser that the server did not see, is drawn anew.
 */
export function canTakeOverFirstScreen(container: HTMLElement): boolean {
  return useAuthStore.getState().user === null && container.dataset.prerendered === currentLanguage();
}
