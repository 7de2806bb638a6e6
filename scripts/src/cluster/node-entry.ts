// How a product process is started as a child of a test or a tool: `node <bundle>` of its entry (what `npm run
// start:api` and `npm run start:worker` run through tsx), bundled once per parent process by esbuild.
//
// Through `node --import tsx` every child transformed and resolved the workspace's TypeScript again: importing
// the worker's parts took 3.4–5.1 CPU s that way and 1.9–2.0 s as a bundle, and chain-kill.int.test.ts starts the
// worker 42 times.
// The bundle holds the workspace's own code (`@cr/*` and relative imports); every package from node_modules stays
// an import, resolved from node_modules as under tsx. Each source file keeps its own `import.meta.url`, so paths
// derived from it (the migrations folder) are what they are under tsx.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
/** Inside the repo, so that the bundle's package imports resolve from its node_modules (and git ignores it). */
const OUT_DIR = path.join(root, 'node_modules/.cache/cr-entries');

/** A bare import that is not the workspace's own stays an import of node_modules. */
const packagesStayImports: Plugin = {
  name: 'packages-stay-imports',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@cr/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** `import.meta.url` in a bundled file is the bundle's; each source file gets its own back. */
const ownImportMetaUrl: Plugin = {
  name: 'own-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await fs.promises.readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const url = JSON.stringify(pathToFileURL(args.path).href);
      return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
    });
  },
};

const bundles = new Map<string, Promise<string>>();
/** The bundle directories this process made, removed when it exits. */
const madeDirs: string[] = [];
process.once('exit', () => {
  for (const dir of madeDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Whether process `pid` still runs (signal 0 only asks). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Bundles of processes that ended without their exit handler (a test worker stopped by a signal). */
function removeOrphans(): void {
  for (const dir of fs.existsSync(OUT_DIR) ? fs.readdirSync(OUT_DIR) : []) {
    const pid = Number(/-(\d+)$/.exec(dir)?.[1]);
    if (pid && !running(pid)) fs.rmSync(path.join(OUT_DIR, dir), { recursive: true, force: true });
  }
}

async function bundle(entry: string): Promise<string> {
  removeOrphans();
  const name = path.basename(entry).replace(/\.ts$/, '');
  // A directory of this process's own: test files in other processes may bundle the same entry at the same time.
  const dir = path.join(OUT_DIR, `${name}-${process.pid}`);
  madeDirs.push(dir);
  await build({
    entryPoints: [path.join(root, entry)],
    outdir: dir,
    bundle: true,
    // What the entry imports only when it needs it (`await import`: the api's parts in a worker) stays a chunk
    // loaded then, as under tsx: one file would load every package up front.
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outExtension: { '.js': '.mjs' },
    logLevel: 'warning',
    plugins: [packagesStayImports, ownImportMetaUrl],
  });
  return path.join(dir, `${name}.mjs`);
}

/**
 * The `node` arguments that run `entry` (a path from the repo root, e.g. `chain-worker/src/main-worker.ts`): its
 * bundle, made on the first call in this process from the code as it is now. Signals sent to the child reach the
 * product process itself (no wrapper).
 */
export async function nodeEntryArgs(entry: string): Promise<string[]> {
  let pending = bundles.get(entry);
  if (!pending) {
    pending = bundle(entry);
    bundles.set(entry, pending);
    pending.catch(() => bundles.delete(entry));
  }
  return [await pending];
}
