import fs from 'node:fs';
import path from 'node:path';

/** The web app's page routes, from the build's `.vite/routes.json` (written by web/vite-route-table.ts). */
export interface PageRoutes {
  /** True when some page of the app matches the path (so the page is served with 200, else 404). */
  matches(pathname: string): boolean;
  /** The pattern the client router will pick for the path (static segments before parameters), or null. */
  match(pathname: string): string | null;
  /** The paths of pages without parameters, for the sitemap. */
  staticPaths: string[];
}

/** React Router's ranking, simplified: a static segment outranks a parameter. */
const rank = (pattern: string) =>
  pattern.split('/').reduce((score, part) => score + (part.startsWith(':') ? 3 : part ? 10 : 1), 0);

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
  const patterns = routes
    .map((route) => ({ route, re: toRegExp(route), score: rank(route) }))
    .sort((a, b) => b.score - a.score);
  return {
    matches: (pathname) => patterns.some(({ re }) => re.test(pathname)),
    match: (pathname) => patterns.find(({ re }) => re.test(pathname))?.route ?? null,
    staticPaths: routes.filter((r) => !r.includes(':')),
  };
}
