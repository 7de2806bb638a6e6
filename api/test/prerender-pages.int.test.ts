import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposals } from '@cr/core/db/schema';
import { makeProposal, makeUser } from './factories';
import { startTestApi, type TestApi } from './test-api';

/**
 * The api's side of the server-rendered first screens (src/http/prerender-pages.ts), with a render module of the
 * build's shape written here; the real render is checked against the real build in web/e2e/first-screen.e2e.ts.
 */
let t: TestApi;
let dist: string;
const index = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<meta name="description" content="Site." /><title>Cyber Republic</title>
<script type="module" crossorigin src="/assets/app-1.js"></script>
<link rel="modulepreload" crossorigin href="/assets/react-1.js">
<link rel="stylesheet" crossorigin href="/assets/index-1.css"></head><body><div id="root"></div></body></html>`;

// Renders `<h1>` with the path and language (and the title of the data it is given); a path containing "boom"
// fails, one containing "slow" never ends, "late" takes 4 s (longer than a request waits).
const renderModule = `
export const PRERENDERED_ROUTES = ['/', '/proposals/:id', '/boom', '/slow', '/late'];
export const paramMarker = (name) => '__CR_PARAM_' + name + '__';
export const markedPath = (p) => p.replace(/:([A-Za-z]+)/g, (_m, n) => paramMarker(n));
export async function renderPage(url, lang, settings, data) {
  if (url.includes('boom')) throw new Error('boom');
  if (url.includes('slow')) return new Promise(() => {});
  if (url.includes('late')) await new Promise((resolve) => setTimeout(resolve, 4000));
  globalThis.__crRenders = (globalThis.__crRenders ?? 0) + 1;
  return {
    html:
      '<main><h1>' + lang + ' ' + url + (data ? ' ' + encodeURIComponent(Object.values(data)[0].title) : '') +
      '</h1><p>suspended ' + settings.suggestionsSuspended + '</p></main>',
    styles: '<style>.ant{color:red}</style>',
    title: 'Page ' + url + ' · Cyber Republic',
    description: 'About <' + url + '>',
  };
}
`;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cr-dist-'));
  for (const dir of ['assets', '.vite', '.ssr']) fs.mkdirSync(path.join(dist, dir));
  fs.writeFileSync(path.join(dist, 'index.html'), index);
  fs.writeFileSync(path.join(dist, 'assets/app-1.js'), 'export{}');
  fs.writeFileSync(path.join(dist, 'assets/index-1.css'), 'body{margin:0}');
  fs.writeFileSync(path.join(dist, 'assets/page-1.css'), '.cr-page{color:blue}');
  fs.writeFileSync(path.join(dist, '.ssr/render-page.js'), renderModule);
  fs.writeFileSync(
    path.join(dist, '.vite/routes.json'),
    JSON.stringify({ routes: ['/', '/proposals/:id', '/boom', '/slow', '/late', '/terms', '/unsubscribe'] }),
  );
  t = await startTestApi({ WEB_DIST_DIR: dist });
}, 60_000);
afterAll(async () => {
  await t?.stop();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (p: string, headers: Record<string, string> = {}) => fetch(`${t.url}${p}`, { headers });
const renders = () => (globalThis as { __crRenders?: number }).__crRenders;
const bootOf = (doc: string) =>
  JSON.parse(/<script type="application\/json" id="cr-boot">([^<]*)<\/script>/.exec(doc)![1]!) as {
    settings: unknown;
    data?: Record<string, { number: number; title: string; status: string }>;
  };

async function proposalOf(status: 'DRAFT' | 'PROPOSED', title: string) {
  const owner = (await makeUser(t.deps.database.db)).user;
  return makeProposal(t.deps.database.db, owner.id, status, title);
}

describe('pages sent with their first screen', () => {
  it('puts the rendered page, its styles, head and settings into the app, in the reader language', async () => {
    const res = await get('/', { 'accept-language': 'zh-CN,zh;q=0.9', 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('vary')).toMatch(/Accept-Encoding.*Accept-Language.*Cookie/);
    const doc = await res.text();
    expect(doc).toContain('<html lang="zh-CN">');
    expect(doc).toContain('<div id="root" data-prerendered="zh" inert><main><h1>zh /</h1>');
    expect(doc).toContain('<title>Page / · Cyber Republic</title><style>.ant{color:red}</style>');
    expect(doc).toContain('<meta name="description" content="About &#60;/&#62;" />');
    // The pages' own styles after the app's; the app's code after the first screen.
    expect(doc).toMatch(/index-1\.css">[\s\S]*<style>\.cr-page\{color:blue\}<\/style><\/head>/);
    // The app's files are asked for once the first screen is painted (web/public/start-app.js).
    expect(doc).toContain(
      '<script defer src="/start-app.js" data-src="/assets/app-1.js" data-preload="/assets/react-1.js"></script>',
    );
    expect(doc).not.toMatch(/type="module"|rel="modulepreload"/);
    expect(bootOf(doc)).toEqual({ settings: expect.objectContaining({ suggestionsSuspended: false }) });
  });

  it('puts a parameter in as escaped text, each time, from one render', async () => {
    const a = await (await get('/proposals/7', { cookie: 'cr_lang=en' })).text();
    expect(a).toContain('<h1>en /proposals/7</h1>');
    const once = renders();
    const b = await (await get('/proposals/%3Cscript%3E%22x', { 'accept-encoding': 'gzip' })).text();
    // A proposal's largest content comes with the app's data: its code is asked for with the page.
    expect(b).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/app-1.js">');
    expect(b).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react-1.js">',
    );
    expect(b).toContain('<h1>en /proposals/&#60;script&#62;&#34;x</h1>');
    expect(b).not.toContain('<script>"x');
    // Bad percent-encoding: the plain app.
    const bad = await get('/proposals/%E0%A4%A');
    expect(bad.status).toBe(200);
    expect(await bad.text()).toBe(index);
    expect(renders()).toBe(once); // one render of the page, its parameter put in per request
  });

  it('sends the plain app for a query, a page not rendered here, or a render that fails or hangs', async () => {
    for (const p of ['/?page=2', '/terms', '/boom', '/slow']) {
      const res = await get(p);
      expect(res.status, p).toBe(200);
      expect(await res.text(), p).toBe(index);
    }
    expect((await get('/unsubscribe')).status).toBe(400);
    expect((await get('/no-such-page')).status).toBe(404);
  }, 20_000);

  it('keeps a render that outlasts its request for the requests after it', async () => {
    const first = Date.now();
    expect(await (await get('/late')).text()).toBe(index);
    expect(Date.now() - first).toBeLessThan(3_900);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await (await get('/late')).text()).toContain('<h1>en /late</h1>');
  }, 20_000);

  it('renders a proposal’s page with the proposal, sent along for the app, once per change', async () => {
    const p = await proposalOf('PROPOSED', 'Solar </script> wallet');
    const first = await (await get(`/proposals/${p.number}`, { 'accept-encoding': 'br' })).text();
    expect(first).toContain(`<h1>en /proposals/${p.number} Solar%20%3C%2Fscript%3E%20wallet</h1>`);
    const sent = bootOf(first).data?.[`proposal:${p.number}`];
    expect(sent).toMatchObject({ number: p.number, title: 'Solar </script> wallet', status: 'PROPOSED' });
    expect(first).not.toContain('Solar </script>');
    // Its largest content is in the HTML now: the app's code is asked for once that is painted.
    expect(first).toContain('<script defer src="/start-app.js"');
    const once = renders();
    await get(`/proposals/${p.number}`);
    expect(renders()).toBe(once);
    // By id too; then changed: rendered again.
    expect(await (await get(`/proposals/${p.id}`)).text()).toContain(`"proposal:${p.id}"`);
    await t.deps.database.db
      .update(proposals)
      .set({ title: 'Solar wallet v2' })
      .where(eq(proposals.id, p.id));
    expect(await (await get(`/proposals/${p.number}`)).text()).toContain('Solar%20wallet%20v2</h1>');
    expect(renders()).toBe(once! + 2);
    // A draft is not public: its page is rendered in its loading state, with the app's code at once.
    const draft = await proposalOf('DRAFT', 'Private draft');
    const plain = await (await get(`/proposals/${draft.id}`)).text();
    expect(plain).toContain(`<h1>en /proposals/${draft.id}</h1>`);
    expect(bootOf(plain).data).toBeUndefined();
    expect(plain).toContain('<script type="module" fetchpriority="low"');
  });
});
