// `npm run structure`: how the code's parts lean on each other, counted from the import lines of the sources (tests
// left out). The figures issue 48 reads before and after its moves:
//   - imports from web into the api package (by name or by a relative path);
//   - imports of another api module's internal file (anything but its public face, `index.ts`);
//   - pairs of api modules that import each other;
//   - imports between api modules that run back up: those inside a circle of modules (no order of floors puts
//     both ends of such an import the right way round);
//   - stored wallet payloads read by a cast (`payload as X`) instead of a schema.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { importsOf, stronglyConnected } from './import-graph';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const SOURCE = /\.(ts|tsx)$/;
const TEST = /(\.test\.tsx?|\.int\.test\.ts|\.e2e\.ts|\.faults\.ts)$/;

function sources(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name === 'dist' || e.name === 'test' || e.name === 'e2e') continue;
      const p = path.join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (SOURCE.test(e.name) && !TEST.test(e.name)) out.push(p);
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return out;
}

const rel = (p: string) => path.relative(root, p);
const MODULES = path.join(root, 'api/src/modules');
/** The api module a file belongs to (its folder under api/src/modules), or null. */
const moduleOf = (file: string) =>
  file.startsWith(MODULES + path.sep) ? rel(file).split(path.sep)[3]! : null;

// 1. web → api.
let webToApi = 0;
for (const file of sources(path.join(root, 'web')))
  for (const imp of importsOf(file))
    if (/^@cr\/api(\/|$)/.test(imp.specifier) || (imp.resolved && rel(imp.resolved).startsWith('api/')))
      webToApi++;

// 2–4. Between api modules.
let internals = 0;
const edges = new Map<string, Map<string, number>>(); // module → module → import lines
for (const file of sources(path.join(root, 'api/src'))) {
  const from = moduleOf(file);
  if (!from) continue;
  for (const imp of importsOf(file)) {
    const to = imp.resolved ? moduleOf(imp.resolved) : null;
    if (!to || to === from) continue;
    if (path.basename(imp.resolved!) !== 'index.ts') internals++;
    const row = edges.get(from) ?? new Map<string, number>();
    row.set(to, (row.get(to) ?? 0) + 1);
    edges.set(from, row);
  }
}
const pairs: string[] = [];
for (const [a, row] of edges)
  for (const b of row.keys()) if (a < b && edges.get(b)?.has(a)) pairs.push(`${a} ⇄ ${b}`);
const modules = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((r) => [...r.keys()])])];
const components = stronglyConnected(modules, (m) => [...(edges.get(m)?.keys() ?? [])]);
const componentOf = new Map(components.flatMap((c, i) => c.map((m) => [m, i] as const)));
let upward = 0;
for (const [a, row] of edges)
  for (const [b, n] of row) if (componentOf.get(a) === componentOf.get(b)) upward += n;
const circles = components.filter((c) => c.length > 1).map((c) => c.sort().join(', '));

// 5. Payload casts.
let casts = 0;
for (const file of [...sources(path.join(root, 'api/src')), ...sources(path.join(root, 'chain-worker/src'))])
  casts += (fs.readFileSync(file, 'utf8').match(/\bpayload\s+as\s+[A-Z]\w*/g) ?? []).length;

const rows: Array<[string, number]> = [
  ['imports from web into the api package', webToApi],
  ["imports of another api module's internal file", internals],
  ['pairs of api modules that import each other', pairs.length],
  ['imports between api modules inside a circle (run back up)', upward],
  ['stored payloads read by a cast', casts],
];
for (const [name, n] of rows) console.log(`${name.padEnd(60)}${String(n).padStart(6)}`);
console.log(`\napi modules: ${modules.length}; circles of modules: ${circles.length}`);
for (const c of circles) console.log(`  circle: ${c}`);
for (const p of pairs) console.log(`  pair: ${p}`);
