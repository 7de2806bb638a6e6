import fs from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { AppDeps } from './app-deps';
import { AppError } from '@cr/core/errors/app-error';
import { authenticate } from './http/auth.middleware';
import { errorHandler } from './http/error.middleware';
import { mountRoutes } from './http/mount-routes';
import { indexBuild, pickEncoding, sendBuildFile, webStatic } from './http/web-static';
import { loadPageRoutes } from './http/page-routes';
import { pageLanguage } from './http/prerender-language';
import { prerenderData } from './http/prerender-data';
import { loadPrerenderedPages, type PrerenderedPages } from './http/prerender-pages';
import { getSiteSettings } from './modules/site/site.service';
import { robotsTxt, sitemapXml } from './modules/seo/sitemap.service';
import { rejectNul } from './http/reject-nul.middleware';
import { requestContext, requestScope } from './http/request-context.middleware';
import { answerMetrics } from './metrics/metrics-endpoint';
import { rpcProxy } from './modules/rpc/rpc-proxy';
import { allRoutes } from './routes';
import { unsubscribeTokenHolds } from './mail/unsubscribe-token';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // antd writes its styles at run time (CSS-in-JS).
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  // The introduction video (/video) is a file an admin names on an https host, fetched only when played.
  "media-src 'self' https:",
  // https: and a local node: a reader may check the integrity badges against their own RPC (set on /verify).
  "connect-src 'self' ws: wss: https: http://localhost:* http://127.0.0.1:*",
  "font-src 'self' data:",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

function securityHeaders(_req: Request, res: Response, next: NextFunction) {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.setHeader('Content-Security-Policy', CSP);
  next();
}

/** The Express application: the API under /api, uploaded files under /uploads, and the web app. */
export function createApp(deps: AppDeps) {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.config.TRUST_PROXY_HOPS);
  app.set('query parser', 'extended');
  app.use(securityHeaders);
  app.use(requestContext(deps.logger, deps.metrics));
  // Prometheus: open on this port only outside production, or with METRICS_TOKEN (metrics-endpoint.ts).
  app.get('/metrics', (req, res, next) => {
    answerMetrics(deps.metrics.registry, deps.config, 'main', req, res).catch(next);
  });

  // The public read-only JSON-RPC proxy answers plain JSON-RPC, outside the api's envelope and body parser.
  app.use('/api', rpcProxy(deps));

  const api = express.Router();
  api.use(express.json({ limit: '1mb' }));
  api.use(rejectNul);
  api.use(requestScope);
  api.use(authenticate(() => deps.database.db));
  api.use((_req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    next();
  });
  mountRoutes(api, allRoutes(), deps);
  api.use((req, _res, next) =>
    next(new AppError(404, 'not_found', `No API route ${req.method} ${req.path}.`)),
  );
  app.use('/api', api);

  app.get('/uploads/:key', async (req, res, next) => {
    try {
      const bytes = await deps.storage.read(req.params.key);
      if (!bytes) return next(new AppError(404, 'not_found', 'The file was not found.'));
      const ext = path.extname(req.params.key).slice(1);
      res.type(ext).setHeader('Cache-Control', 'public, max-age=31536000, immutable').send(bytes);
    } catch (err) {
      next(err);
    }
  });

  serveWebApp(app, deps);
  app.use(errorHandler(deps.logger));
  return app;
}

/** Sends the page's server-rendered first screen; false when it cannot (the plain app is sent instead). */
async function sendPrerendered(
  req: Request,
  res: Response,
  pages: PrerenderedPages,
  pattern: string,
  deps: AppDeps,
): Promise<boolean> {
  const lang = pageLanguage(req.headers.cookie, req.headers['accept-language']);
  const settings = await getSiteSettings(deps.database.db, deps.config.DEV_TOOLS);
  const encoding = pickEncoding(req.headers['accept-encoding'], ['br', 'gzip']);
  const body = await pages.document(pattern, req.path, lang, settings, encoding);
  if (!body || res.headersSent) return false;
  res.vary('Accept-Encoding').vary('Accept-Language').vary('Cookie');
  res.type('html').setHeader('Cache-Control', 'no-store');
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.send(body);
  return true;
}

/** Serves the built single-page app; unknown paths get index.html so the client router shows its 404. */
function serveWebApp(app: express.Express, deps: AppDeps) {
  const dist = deps.config.WEB_DIST_DIR ? path.resolve(deps.config.WEB_DIST_DIR) : '';
  const indexFile = dist && path.join(dist, 'index.html');
  if (!indexFile || !fs.existsSync(indexFile)) {
    deps.logger.warn({ dist }, 'web build not found; only the API is served (run `npm run build`)');
    return;
  }
  const files = indexBuild(dist);
  const index = files.get('/index.html')!;
  const pages = loadPageRoutes(dist);
  app.get('/robots.txt', (_req, res) => res.type('text/plain').send(robotsTxt(deps.config.PUBLIC_URL)));
  app.get('/sitemap.xml', (_req, res, next) => {
    sitemapXml(deps.database.db, deps.config.PUBLIC_URL, pages?.staticPaths ?? ['/'])
      .then((xml) => res.type('application/xml').setHeader('Cache-Control', 'public, max-age=3600').send(xml))
      .catch(next);
  });
  // Loaded with the first page asked for (the render module is large; most api processes of the tests never ask).
  let loading: Promise<PrerenderedPages | null> | null = null;
  const prerendered = () =>
    (loading ??= loadPrerenderedPages(dist, prerenderData(deps)).catch((err: unknown) => {
      deps.logger.warn({ err }, 'the first screens cannot be rendered on the server; the plain app is sent');
      return null;
    }));
  app.use(webStatic(files));
  app.get(/^\/(?!api\/|uploads\/|socket\.io\/).*/, (req, res, next) => {
    const pattern = pages?.match(req.path) ?? null;
    const sendApp = () => {
      // A path no page matches gets the app's 404 page with status 404 (the client router shows it).
      if (pages && !pattern) res.status(404);
      // An unsubscribe link whose signature does not hold: the page shows the error, with status 400.
      else if (
        req.path === '/unsubscribe' &&
        !unsubscribeTokenHolds(deps.config.MAIL_LINK_SECRET, req.query.token)
      )
        res.status(400);
      // The page itself is never cached: a new build's asset names reach every visitor at once.
      sendBuildFile(req, res, next, index, 'no-store');
    };
    // A main page without a query: its first screen rendered here, so a phone paints it before the code arrives.
    if (!pattern || req.url.includes('?')) return sendApp();
    void prerendered()
      .then((p) => (p?.has(pattern) ? sendPrerendered(req, res, p, pattern, deps) : false))
      .catch((err: unknown) => {
        deps.logger.warn({ err, path: req.path }, 'a first screen failed to render; the plain app is sent');
        return false;
      })
      .then((sent) => {
        if (!sent && !res.headersSent) sendApp();
      });
  });
}
