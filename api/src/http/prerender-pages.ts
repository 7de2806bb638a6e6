import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { SiteSettings } from '@cr/contract/site.contract';
import { withTimeout } from '@cr/core/infra/with-timeout';
import type { PageLang } from './prerender-language';

/** web/src/prerender/render-page.tsx as built into the web build (web/vite-prerender.ts). */
interface RenderModule {
  PRERENDERED_ROUTES: readonly string[];
  markedPath(pattern: string): string;
  paramMarker(name: string): string;
  renderPage(
    url: string,
    lang: PageLang,
    settings: SiteSettings,
    data?: Record<string, unknown>,
  ): Promise<{ html: string; styles: string; title: string; description: string }>;
}

/** The data a page's first screen is rendered with, and the app hydrates it with (web's page-data.ts). */
export interface PageData {
  /** What the page reads it under, e.g. `proposal:12`. */
  key: string;
  value: unknown;
  /** Changes whenever what the first screen shows of it may change: one render is kept per version. */
  version: string;
}

/** The data for a page at a pattern with these parameter values, or null (rendered in its loading state). */
export type PageDataSource = (pattern: string, params: Record<string, string>) => Promise<PageData | null>;

export type PageEncoding = 'br' | 'gzip' | null;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** For a document made per request or kept only until its data changes: quick, nearly as small. */
const FAST = { br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }, gzip: { level: 6 } };
/** For a document kept for good. */
const BEST = {
  br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } },
  gzip: { level: 9 },
};

/** A rendered document with its parameters still as markers, and its compressed forms when it has none. */
interface Rendered {
  doc: string;
  params: string[];
  compressed?: { br: Buffer; gzip: Buffer };
}

/** At most this many rendered documents are kept (patterns × languages × settings seen). */
const MAX_KEPT = 64;
/** At most this many rendered with data are kept (records × languages), apart from the above. */
const MAX_KEPT_WITH_DATA = 128;
/** How long a request waits for its page's render: past that it gets the plain app (the render goes on, kept). */
const RENDER_WAIT_MS = 3_000;
/** A render not done after this long counts as failed (it hangs). */
const RENDER_GIVE_UP_MS = 30_000;
/** After a failed render, the page is sent plain for this long before a render is tried again. */
const RETRY_AFTER_MS = 60_000;

/** The app's module script and its modulepreload links, as `vite build` writes them into index.html. */
const APP_SCRIPTS =
  /<script type="module" crossorigin src="[^"]+"><\/script>(\s*<link rel="modulepreload" crossorigin href="[^"]+">)*/;

/**
 * Pages whose largest content is drawn by the app from its data when their first screen comes without it (a
 * proposal that cannot be read signed out): their app's code is asked for with the page. Asked for after the
 * first paint, a proposal's text came later (LCP 6.6 s against 5.6 s in bench:web).
 */
const APP_AT_ONCE = new Set(['/proposals/:id']);

/**
 * The app's module script and modulepreloads replaced by web/public/start-app.js, which asks for the same files
 * once the first screen has been painted: on a slow phone the HTML and its stylesheet then have the network and
 * the processor to themselves until that paint.
 */
function startAfterPaint(tags: string): string {
  const src = /<script type="module" crossorigin src="([^"]+)">/.exec(tags)![1]!;
  const preload = [...tags.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
    (m) => m[1],
  );
  return `<script defer src="/start-app.js" data-src="${src}" data-preload="${preload.join(' ')}"></script>`;
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** JSON inside `<script type="application/json">`: nothing in it can close the element. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export interface PrerenderedPages {
  /** True when `pattern` (a route of the web app) is sent with its first screen rendered. */
  has(pattern: string): boolean;
  /**
   * The page at `pathname` (matching `pattern`) as a document, in the best encoding the client takes; null when
   * a parameter of the path cannot be decoded (the plain app is sent instead).
   */
  document(
    pattern: string,
    pathname: string,
    lang: PageLang,
    settings: SiteSettings,
    encoding: PageEncoding,
  ): Promise<Buffer | null>;
}

/**
 * The first screen of the web app's main pages, rendered on the server (web/src/prerender): the layout and the
 * page's top and loading state in the reader's language, with antd's styles and the site settings the app would
 * fetch first. A phone paints it before the app's code has arrived. Each (page, language, settings) is rendered
 * once and kept; a page's parameters are put in per request. A page `dataFor` gives data (a proposal's) is
 * rendered with it instead, once per (path, language, settings, data version).
 */
export async function loadPrerenderedPages(
  dist: string,
  dataFor?: PageDataSource,
): Promise<PrerenderedPages | null> {
  const entry = path.join(dist, '.ssr/render-page.js');
  if (!fs.existsSync(entry)) return null;
  const render = (await import(pathToFileURL(entry).href)) as RenderModule;
  const template = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const pageStyles = pageStylesheets(dist, template);
  const routes = new Set(render.PRERENDERED_ROUTES);
  const kept = new Map<string, Promise<Rendered>>();
  const keptWithData = new Map<string, Promise<Rendered>>();

  async function renderDocument(
    pattern: string,
    lang: PageLang,
    settings: SiteSettings,
    withData?: { pathname: string; data: PageData },
  ): Promise<Rendered> {
    const { html, styles, title, description } = await render.renderPage(
      withData?.pathname ?? render.markedPath(pattern),
      lang,
      settings,
      withData && { [withData.data.key]: withData.data.value },
    );
    const doc = template
      // The first screen is in the HTML: the app's code is asked for once it has been painted, or at once, at low
      // priority, for a page whose largest content comes with the data the app reads (a proposal's).
      .replace(APP_SCRIPTS, (tags) =>
        APP_AT_ONCE.has(pattern) && !withData
          ? tags.replace(/<(script type="module"|link rel="modulepreload") /g, '<$1 fetchpriority="low" ')
          : startAfterPaint(tags),
      )
      .replace(/<html lang="[^"]*">/, `<html lang="${lang === 'zh' ? 'zh-CN' : 'en'}">`)
      // In the order the app has them: antd's first, then the app's own, then the pages'.
      .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>${styles}`)
      .replace(
        /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
        () => `<meta name="description" content="${escapeHtml(description)}" />`,
      )
      .replace('</head>', () => `<style>${pageStyles}</style></head>`)
      .replace(
        '<div id="root"></div>',
        () =>
          // inert until the app draws over it (web/src/app/app.tsx): a preview, nothing typed into it is lost.
          `<div id="root" data-prerendered="${lang}" inert>${html}</div>` +
          `<script type="application/json" id="cr-boot">${scriptJson({
            settings,
            ...(withData && { data: { [withData.data.key]: withData.data.value } }),
          })}</script>`,
      );
    const params = withData
      ? []
      : pattern
          .split('/')
          .filter((part) => part.startsWith(':'))
          .map((part) => part.slice(1));
    if (params.length > 0) return { doc, params };
    return { doc, params, compressed: await compress(Buffer.from(doc), withData ? FAST : BEST) };
  }

  function rendered(
    store: Map<string, Promise<Rendered>>,
    key: string,
    max: number,
    make: () => Promise<Rendered>,
  ): Promise<Rendered> {
    let r = store.get(key);
    if (!r) {
      if (store.size >= max) store.delete(store.keys().next().value!);
      r = withTimeout(make(), RENDER_GIVE_UP_MS, 'the first-screen render');
      store.set(key, r);
      // A failure is kept a while (each request gets the plain app at once), then tried again.
      r.catch(() => setTimeout(() => store.get(key) === r && store.delete(key), RETRY_AFTER_MS).unref());
    }
    // A slow render (the first one loads the page's code; a busy machine) is kept for the requests after it.
    return withTimeout(r, RENDER_WAIT_MS, 'the first-screen render');
  }

  return {
    has: (pattern) => routes.has(pattern),
    async document(pattern, pathname, lang, settings, encoding) {
      const values = paramValues(pattern, pathname);
      if (!values) return null;
      const data = dataFor && Object.keys(values).length > 0 ? await dataFor(pattern, values) : null;
      const page = `${lang}\n${JSON.stringify(settings)}`;
      const r = data
        ? await rendered(keptWithData, `${pathname}\n${page}\n${data.version}`, MAX_KEPT_WITH_DATA, () =>
            renderDocument(pattern, lang, settings, { pathname, data }),
          )
        : await rendered(kept, `${pattern}\n${page}`, MAX_KEPT, () =>
            renderDocument(pattern, lang, settings),
          );
      if (r.compressed) return encoding ? r.compressed[encoding] : Buffer.from(r.doc);
      let doc = r.doc;
      for (const name of r.params)
        doc = doc.split(render.paramMarker(name)).join(escapeHtml(values[name] ?? ''));
      const bytes = Buffer.from(doc);
      if (encoding === 'br') return brotli(bytes, FAST.br);
      if (encoding === 'gzip') return gzip(bytes, FAST.gzip);
      return bytes;
    },
  };
}

/**
 * The stylesheets of every page (those the app loads with a page's code), in one: the first screen needs its
 * page's, before that code arrives. The app keeps every page's styles once loaded, so they are written to hold
 * together; together they are about 12 KB compressed.
 */
function pageStylesheets(dist: string, template: string): string {
  const assets = path.join(dist, 'assets');
  return fs
    .readdirSync(assets)
    .filter((name) => name.endsWith('.css') && !template.includes(`/assets/${name}`))
    .sort()
    .map((name) => fs.readFileSync(path.join(assets, name), 'utf8').replace(/<\/style/gi, '<\\/style'))
    .join('\n');
}

async function compress(bytes: Buffer, effort: typeof FAST): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gz] = await Promise.all([brotli(bytes, effort.br), gzip(bytes, effort.gzip)]);
  return { br, gzip: gz };
}

/** The decoded values of a path's parameters, or null when one is not valid percent-encoding. */
function paramValues(pattern: string, pathname: string): Record<string, string> | null {
  const parts = pathname.replace(/\/$/, '').split('/');
  const values: Record<string, string> = {};
  const names = pattern.split('/');
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    if (!name.startsWith(':')) continue;
    try {
      values[name.slice(1)] = decodeURIComponent(parts[i] ?? '');
    } catch {
      return null;
    }
  }
  return values;
}
