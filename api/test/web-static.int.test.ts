import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickEncoding } from '../src/http/web-static';
import { startTestApi, type TestApi } from './test-api';

/** The built web app as the api serves it: precompressed when the client takes it, cached as its kind needs. */
let t: TestApi;
let dist: string;
const script = `console.log(${JSON.stringify('投票 '.repeat(500))});\n`;
const html = `<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;

function writeWithVariants(file: string, text: string) {
  fs.writeFileSync(file, text);
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(text));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(text));
}

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cr-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.mkdirSync(path.join(dist, '.vite'));
  writeWithVariants(path.join(dist, 'index.html'), html);
  writeWithVariants(path.join(dist, 'assets/app-abc123.js'), script);
  fs.writeFileSync(path.join(dist, 'assets/tiny-1.js'), 'export{}');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(dist, '.vite/manifest.json'), '{}');
  fs.writeFileSync(
    path.join(dist, '.vite/routes.json'),
    JSON.stringify({ routes: ['/', '/proposals', '/proposals/:id', '/admin/users', '/suggestion/create'] }),
  );
  t = await startTestApi({ WEB_DIST_DIR: dist });
}, 60_000);
afterAll(async () => {
  await t?.stop();
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (p: string, acceptEncoding?: string) =>
  fetch(`${t.url}${p}`, {
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });

describe('the built web app', () => {
  it('sends hashed assets precompressed (brotli first, then gzip) and immutable for a year', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br, zstd', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.8', 'gzip'],
      ['identity', null],
    ] as const) {
      const res = await get('/assets/app-abc123.js', accept);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-encoding'), accept).toBe(encoding);
      expect(res.headers.get('content-type')).toMatch(/javascript/);
      expect(res.headers.get('vary')).toMatch(/Accept-Encoding/);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await res.text()).toBe(script); // fetch decodes what the header names
    }
    const small = await get('/assets/tiny-1.js', 'br');
    expect(small.headers.get('content-encoding')).toBeNull();
    expect(await small.text()).toBe('export{}');
  });

  it('answers a missing asset with a 404, never the page', async () => {
    const res = await get('/assets/gone-999.js', 'br');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/text\/plain/);
  });

  it('never caches the page itself, at any route, and compresses it too', async () => {
    for (const p of ['/', '/proposals/4', '/proposals/4/']) {
      const res = await get(p, 'br, gzip');
      expect(res.status, p).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('content-encoding')).toBe('br');
      expect(await res.text()).toBe(html);
    }
  });

  it('answers a path no page matches with the app (its 404 page) and HTTP status 404', async () => {
    for (const p of ['/no-such-page', '/proposals/4/nonsense', '/wp-admin.php', '/index.html']) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
      expect(await res.text()).toBe(html);
    }
  });

  it('serves other build files for an hour, keeps the build manifest private, and leaves the api alone', async () => {
    const icon = await get('/favicon.svg');
    expect(icon.headers.get('content-type')).toMatch(/image\/svg\+xml/);
    expect(icon.headers.get('cache-control')).toBe('public, max-age=3600');
    const manifest = await get('/.vite/manifest.json');
    expect(manifest.status).toBe(404);
    expect(await manifest.text()).toBe(html);
    const api = await get('/api/no-such-route');
    expect(api.status).toBe(404);
    expect(api.headers.get('content-type')).toMatch(/json/);
  });

  it('has a real robots.txt naming the sitemap, and a sitemap of the public pages', async () => {
    const robots = await get('/robots.txt');
    expect(robots.headers.get('content-type')).toMatch(/text\/plain/);
    const text = await robots.text();
    expect(text).toContain('Disallow: /admin');
    const site = t.deps.config.PUBLIC_URL.replace(/\/$/, '');
    expect(text).toContain(`Sitemap: ${site}/sitemap.xml`);
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers.get('content-type')).toMatch(/application\/xml/);
    const xml = await sitemap.text();
    expect(xml).toContain(`<loc>${site}/proposals</loc>`);
    expect(xml).not.toContain('/admin/users');
    expect(xml).not.toContain('/suggestion/create');
    expect(xml).not.toContain(':id');
  });
});

describe('pickEncoding', () => {
  it('follows the q values and the wildcard', () => {
    expect(pickEncoding('*', ['br', 'gzip'])).toBe('br');
    expect(pickEncoding('*;q=0, gzip', ['br', 'gzip'])).toBe('gzip');
    expect(pickEncoding('deflate', ['br', 'gzip'])).toBeNull();
    expect(pickEncoding(undefined, ['br'])).toBeNull();
    expect(pickEncoding('br', [])).toBeNull();
  });
});
