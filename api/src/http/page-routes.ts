import fs from 'node:fs';
import path from 'node:path';

/** The web app's page routes, from the build's `.vite/routes.json` (written by web/vite-route-table.ts). */
export interface PageRoutes {
  /** True when some page of the app matches the path (so the page is served with 200, else 404). */
  matches(pathname: string): boolean;
  /** The paths of pages without parameters, for the sitemap. */
  staticPaths: string[];
}

const toRegExp = (pattern: string) =>
  new RegExp(
    `^${pattern
      .split('/')
      .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/')}/?$`,
  );

export function loadPageRoutes(dist: string): PageRoutes | null {
  const file = path.join(dist, '.vite/routes.json');
  if (!fs.existsSync(file)) return null;
  const { routes } = JSON.parse(fs.readFileSync(file, 'utf8')) as { routes: string[] };
  const patterns = routes.map(toRegExp);
  return {
    matches: (pathname) => patterns.some((re) => re.test(pathname)),
    staticPaths: routes.filter((r) => !r.includes(':')),
  };
}
