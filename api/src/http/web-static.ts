import fs from 'node:fs';
import path from 'node:path';
import type { NextFunction, Request, Response } from 'express';

type Encoding = 'br' | 'gzip';
const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

interface StaticFile {
  file: string;
  /** Precompressed variants written by the build beside the file (`.br`, `.gz`). */
  encodings: Encoding[];
}

/** Every file of the build by its URL path, read once at start: a request never touches the disk to look. */
export function indexBuild(dist: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue; // .vite/manifest.json is for the build, not for browsers
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!/\.(br|gz)$/.test(entry.name)) {
        const encodings = (['br', 'gzip'] as const).filter((e) => fs.existsSync(full + SUFFIX[e]));
        files.set(`/${path.relative(dist, full).split(path.sep).join('/')}`, { file: full, encodings });
      }
    }
  };
  walk(dist);
  return files;
}

/** The best encoding the client accepts (q > 0) among those on disk; brotli first. */
export function pickEncoding(acceptEncoding: string | undefined, available: Encoding[]): Encoding | null {
  if (!acceptEncoding || available.length === 0) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const ok = (e: Encoding) => (accepted.get(e) ?? accepted.get('*') ?? 0) > 0;
  return available.find(ok) ?? null;
}

/** Sends one build file, precompressed when the client takes it, with the given Cache-Control. */
export function sendBuildFile(req: Request, res: Response, next: NextFunction, f: StaticFile, cache: string) {
  const encoding = pickEncoding(req.headers['accept-encoding'], f.encodings);
  if (f.encodings.length > 0) res.vary('Accept-Encoding');
  res.type(path.extname(f.file));
  res.setHeader('Cache-Control', cache);
  if (encoding) res.setHeader('Content-Encoding', encoding);
  res.sendFile(
    encoding ? f.file + SUFFIX[encoding] : f.file,
    { cacheControl: false, dotfiles: 'allow' },
    (err) => {
      // A visitor who leaves (or a browser that cancels a preload) aborts the send: nothing failed on our side.
      if (!err || req.destroyed || (err as { code?: string }).code === 'ECONNABORTED') return;
      if (!res.headersSent) next(err);
    },
  );
}

/**
 * Serves the build's files: hashed `/assets/*` immutable for a year (a missing one is a 404, never the app's
 * HTML), other files (favicon, robots.txt) for an hour; both precompressed when the client accepts it.
 */
export function webStatic(files: Map<string, StaticFile>) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const isAsset = req.path.startsWith('/assets/');
    const f = req.path === '/index.html' ? undefined : files.get(req.path);
    if (!f) return isAsset ? res.status(404).type('text/plain').send('Not found') : next();
    sendBuildFile(
      req,
      res,
      next,
      f,
      isAsset ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
    );
  };
}
