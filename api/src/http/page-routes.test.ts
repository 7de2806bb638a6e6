import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadPageRoutes } from './page-routes';

const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cr-routes-'));
fs.mkdirSync(path.join(dist, '.vite'));
fs.writeFileSync(
  path.join(dist, '.vite/routes.json'),
  JSON.stringify({
    routes: ['/', '/suggestion/:id', '/suggestion/create', '/suggestion/:id/edit', '/suggestion/history/:id'],
  }),
);
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

describe('page routes', () => {
  it('pick the pattern the client router picks: a static segment before a parameter', () => {
    const pages = loadPageRoutes(dist)!;
    expect(pages.match('/')).toBe('/');
    expect(pages.match('/suggestion/create')).toBe('/suggestion/create');
    expect(pages.match('/suggestion/12')).toBe('/suggestion/:id');
    expect(pages.match('/suggestion/12/')).toBe('/suggestion/:id');
    expect(pages.match('/suggestion/12/edit')).toBe('/suggestion/:id/edit');
    expect(pages.match('/suggestion/history/3')).toBe('/suggestion/history/:id');
    expect(pages.match('/nothing')).toBeNull();
    expect(pages.matches('/suggestion/history/3')).toBe(true);
    expect(pages.staticPaths).toEqual(['/', '/suggestion/create']);
  });
});
