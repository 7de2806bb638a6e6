import fs from 'node:fs';
import path from 'node:path';
import { importsOf, stronglyConnected } from './import-graph';

const SOURCE = /\.(ts|tsx)$/;
const TEST = /(\.test\.tsx?|\.int\.test\.ts|\.e2e\.ts|\.faults\.ts)$/;

/** The sources under `dir`, tests left out. */
export function sources(dir: string): string[] {
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

export interface ApiModuleGraph {
  /** module → module → import lines (between two different modules of api/src/modules). */
  edges: Map<string, Map<string, number>>;
  /** Import lines naming another module's file instead of its public face (index.ts). */
  internals: number;
}

/** How the api's modules (the folders of api/src/modules) import each other, read from the sources of `root`. */
export function apiModuleGraph(root: string): ApiModuleGraph {
  const modules = path.join(root, 'api/src/modules');
  const moduleOf = (file: string) =>
    file.startsWith(modules + path.sep) ? path.relative(modules, file).split(path.sep)[0]! : null;
  let internals = 0;
  const edges = new Map<string, Map<string, number>>();
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
  return { edges, internals };
}

/** The circles of modules (each sorted by name): groups that reach each other through their imports. */
export function moduleCircles(edges: ApiModuleGraph['edges']): string[][] {
  const nodes = [...new Set([...edges.keys(), ...[...edges.values()].flatMap((r) => [...r.keys()])])];
  return stronglyConnected(nodes, (m) => [...(edges.get(m)?.keys() ?? [])])
    .filter((c) => c.length > 1)
    .map((c) => c.sort());
}
