import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** One entry of Vite's build manifest (`web/dist/.vite/manifest.json`). */
export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface ChunkSize {
  /** A name stable across builds: the source path, or the chunk's name for a shared chunk. */
  name: string;
  file: string;
  gzip: number;
}

/** A stable name for a chunk: hashes change with every build, names and sources do not. */
export function chunkName(key: string, chunk: ManifestChunk): string {
  if (chunk.src) return chunk.src;
  return chunk.name ?? key.replace(/-[\w-]{8}\.js$/, '');
}

/**
 * The entry's chunks plus a route module's, with every static import: what a first visit must load. `also`: other
 * modules the route awaits before its page shows (its texts, loaded on demand in the reader's language).
 */
export function firstVisitChunks(manifest: Manifest, routeModule: string, also: string[] = []): string[] {
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('The build manifest has no entry.');
  if (!manifest[routeModule]) throw new Error(`The build manifest has no chunk for ${routeModule}.`);
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const dep of manifest[key]?.imports ?? []) visit(dep);
  };
  visit(entry);
  visit(routeModule);
  for (const key of also) {
    if (!manifest[key]) throw new Error(`The build manifest has no chunk for ${key}.`);
    visit(key);
  }
  return [...seen];
}

/** The gzip size of a built file: its precompressed `.gz` when the build wrote one, else gzip -9 now. */
export function gzipSize(dist: string, file: string): number {
  const full = path.join(dist, file);
  if (fs.existsSync(`${full}.gz`)) return fs.statSync(`${full}.gz`).size;
  return zlib.gzipSync(fs.readFileSync(full), { level: 9 }).length;
}

export function routeJavaScript(
  dist: string,
  manifest: Manifest,
  routeModule: string,
  also: string[] = [],
): ChunkSize[] {
  const used = new Map<string, number>();
  return firstVisitChunks(manifest, routeModule, also)
    .map((key) => {
      const chunk = manifest[key]!;
      // Two shared chunks may carry one name (`react` twice): the second is `react~2`, in manifest order.
      const base = chunkName(key, chunk);
      const n = (used.get(base) ?? 0) + 1;
      used.set(base, n);
      return { name: n > 1 ? `${base}~${n}` : base, file: chunk.file, gzip: gzipSize(dist, chunk.file) };
    })
    .sort((a, b) => b.gzip - a.gzip);
}
