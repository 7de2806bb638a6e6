import type { Plugin } from 'vite';
import { ROUTES } from './src/lib/paths';

/** Where the build writes the page routes (beside Vite's manifest, not served to browsers). */
export const ROUTE_TABLE_FILE = '.vite/routes.json';

/**
 * Writes the client router's path patterns into the build, so the server answers a path no page matches with
 * the app's 404 page and HTTP status 404 (crawlers and link checkers see the truth), and lists the public
 * pages in its sitemap.
 */
export function routeTable(): Plugin {
  return {
    name: 'cr-route-table',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_TABLE_FILE,
        source: `${JSON.stringify({ routes: Object.values(ROUTES) }, null, 2)}\n`,
      });
    },
  };
}
