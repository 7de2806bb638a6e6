// `npm run structure`: how the code's parts lean on each other, counted from the import lines of the sources (tests
// left out). The figures issue 48 reads before and after its moves:
//   - imports from web into the api package (by name or by a relative path);
//   - imports of another api module's internal file (anything but its public face, `index.ts`);
//   - pairs of api modules that import each other;
//   - imports between api modules that run back up: those inside a circle of modules (no order of floors puts
//     both ends of such an import the right way round);
//   - stored wallet payloads read by a cast (`payload as X`) instead of a schema;
//   - the api's write routes (POST, PUT, PATCH, DELETE) that are not yet a typed command (`defineCommand`), the
//     wallet's own routes left out (its actions are `defineWalletAction`), and the writes kept as routes on
//     purpose (`notCommands`, each with its reason) listed apart;
//   - imports from the chain worker into the api's internals: anything of `@cr/api` but a module's public face
//     (`@cr/api/modules/<area>/index`), each listed (what the worker shares with the api is in `@cr/core`);
//   - imports from core into the api (by name or by a relative path): core stands below it, so none.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiModuleGraph, moduleCircles, sources } from './api-module-graph';
import { importsOf } from './import-graph';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const rel = (p: string) => path.relative(root, p);

// 1. web → api.
let webToApi = 0;
for (const file of sources(path.join(root, 'web')))
  for (const imp of importsOf(file))
    if (/^@cr\/api(\/|$)/.test(imp.specifier) || (imp.resolved && rel(imp.resolved).startsWith('api/')))
      webToApi++;

// 7–8. The worker's imports of the api's internals, and core's of the api.
const workerIntoApi: string[] = [];
for (const file of sources(path.join(root, 'chain-worker/src')))
  for (const imp of importsOf(file))
    if (/^@cr\/api(\/|$)/.test(imp.specifier) && !/^@cr\/api\/modules\/[^/]+\/index$/.test(imp.specifier))
      workerIntoApi.push(`${rel(file)} → ${imp.specifier}`);
let coreToApi = 0;
for (const file of sources(path.join(root, 'core')))
  for (const imp of importsOf(file))
    if (/^@cr\/api(\/|$)/.test(imp.specifier) || (imp.resolved && rel(imp.resolved).startsWith('api/')))
      coreToApi++;

// 2–4. Between api modules.
const { edges, internals } = apiModuleGraph(root);
const pairs: string[] = [];
for (const [a, row] of edges)
  for (const b of row.keys()) if (a < b && edges.get(b)?.has(a)) pairs.push(`${a} ⇄ ${b}`);
const modules = new Set([...edges.keys(), ...[...edges.values()].flatMap((r) => [...r.keys()])]);
const circleOf = new Map(moduleCircles(edges).flatMap((c, i) => c.map((m) => [m, i] as const)));
let upward = 0;
for (const [a, row] of edges)
  for (const [b, n] of row) if (circleOf.has(a) && circleOf.get(a) === circleOf.get(b)) upward += n;
const circles = moduleCircles(edges).map((c) => c.join(', '));

// 5. Payload casts.
let casts = 0;
for (const file of [...sources(path.join(root, 'api/src')), ...sources(path.join(root, 'chain-worker/src'))])
  casts += (fs.readFileSync(file, 'utf8').match(/\bpayload\s+as\s+[A-Z]\w*/g) ?? []).length;

// 6. Writes not yet commands: a write declared with defineRoute (a command is declared with defineCommand). A few
// writes stay routes on purpose; each is named here with the reason, and listed (not counted) in the output.
const writeRoute =
  /defineRoute(?:<[^>]*>)?\(\{\s*method:\s*'(post|put|patch|delete)'(?:,\s*path:\s*'([^']+)')?/g;
const notCommands: Record<string, string> = {
  'POST /upload/file':
    'multipart: the file is parsed from the request stream by the route itself (a command reads validated input)',
  'POST /dev/wallets':
    "dev tools only: makes a wallet in the local dev wallet store and the EID simulator, not in the api's database",
  'POST /dev/wallet/approve':
    "dev tools only: plays the phone, calling the api's own wallet callback over HTTP (which runs its own " +
    'transaction); it changes nothing itself',
};
let plainWrites = 0;
const plainWritesByModule = new Map<string, number>();
const keptAsRoutes: string[] = [];
for (const file of sources(path.join(root, 'api/src'))) {
  const module = /^api\/src\/modules\/([^/]+)\//.exec(rel(file))?.[1] ?? rel(path.dirname(file));
  if (module === 'wallet') continue;
  let n = 0;
  for (const [, method, routePath] of fs.readFileSync(file, 'utf8').matchAll(writeRoute)) {
    const route = `${method!.toUpperCase()} ${routePath ?? '?'}`;
    if (notCommands[route]) keptAsRoutes.push(`${route}: ${notCommands[route]}`);
    else n++;
  }
  if (n === 0) continue;
  plainWrites += n;
  plainWritesByModule.set(module, (plainWritesByModule.get(module) ?? 0) + n);
}

const rows: Array<[string, number]> = [
  ['imports from web into the api package', webToApi],
  ["imports of another api module's internal file", internals],
  ['pairs of api modules that import each other', pairs.length],
  ['imports between api modules inside a circle (run back up)', upward],
  ['stored payloads read by a cast', casts],
  ['write routes not yet typed commands', plainWrites],
  ['imports from chain-worker into api internals', workerIntoApi.length],
  ['imports from core into api', coreToApi],
];
for (const [name, n] of rows) console.log(`${name.padEnd(60)}${String(n).padStart(6)}`);
console.log(`\napi modules: ${modules.size}; circles of modules: ${circles.length}`);
for (const c of circles) console.log(`  circle: ${c}`);
for (const p of pairs) console.log(`  pair: ${p}`);
const byModule = [...plainWritesByModule].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
if (byModule.length > 0)
  console.log(`  writes not yet commands: ${byModule.map(([m, n]) => `${m} ${n}`).join(', ')}`);
for (const r of keptAsRoutes) console.log(`  write kept as a route (not counted): ${r}`);
for (const w of workerIntoApi) console.log(`  worker → api internal: ${w}`);
