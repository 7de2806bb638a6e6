import fs from 'node:fs';
import path from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import type { AppDeps } from './app-deps';
import { AppError } from './http/app-error';
import { authenticate } from './http/auth.middleware';
import { errorHandler } from './http/error.middleware';
import { mountRoutes } from './http/mount-routes';
import { requestContext } from './http/request-context.middleware';
import { allRoutes } from './routes';

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // antd writes its styles at run time (CSS-in-JS).
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "connect-src 'self' ws: wss:",
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
  app.use(requestContext(deps.logger));

  const api = express.Router();
  api.use(express.json({ limit: '1mb' }));
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

/** Serves the built single-page app; unknown paths get index.html so the client router shows its 404. */
function serveWebApp(app: express.Express, deps: AppDeps) {
  const dist = deps.config.WEB_DIST_DIR ? path.resolve(deps.config.WEB_DIST_DIR) : '';
  const indexFile = dist && path.join(dist, 'index.html');
  if (!indexFile || !fs.existsSync(indexFile)) {
    deps.logger.warn({ dist }, 'web build not found; only the API is served (run `npm run build`)');
    return;
  }
  app.use(
    '/assets',
    express.static(path.join(dist, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }),
  );
  app.use(express.static(dist, { index: false, maxAge: '1h' }));
  app.get(/^\/(?!api\/|uploads\/|socket\.io\/).*/, (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexFile);
  });
}
