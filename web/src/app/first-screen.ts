import { matchRoutes } from 'react-router-dom';
import { preloadPage } from '../components/lazy-page';
import { BASE_NAMESPACES, i18nReady, loadNamespaces } from '../lib/i18n';
import { boot, type BootOutcome } from './boot';
import { PAGE_ROUTES } from './routes';

/**
 * For a page the server sent with its first screen (`data-prerendered` on #root): start-up, the shared texts and
 * the page's code and texts, all before the app's first render. Until then the server's HTML stays on screen;
 * then the app draws the same page over it in one pass, never a loading state in between.
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
