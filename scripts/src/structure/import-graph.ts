import fs from 'node:fs';
import path from 'node:path';

export interface ImportLine {
  specifier: string;
  /** The file a relative specifier names (with its extension or index.ts), or null for a package. */
  resolved: string | null;
}

// `import … from '…'`, `export … from '…'`, `import '…'` and `import('…')`: the specifier of each.
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*\(?\s*['"]([^'"]+)['"]/gm;

/** Resolves a relative specifier from `file` as TypeScript does for these sources (.ts, .tsx, index.ts). */
export function resolveRelative(file: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(file), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')])
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  return null;
}

/** The import lines of one source file. */
export function importsOf(file: string): ImportLine[] {
  const text = fs.readFileSync(file, 'utf8');
  const out: ImportLine[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const specifier = (m[1] ?? m[2])!;
    out.push({ specifier, resolved: resolveRelative(file, specifier) });
  }
  return out;
}

/** Tarjan's strongly connected components: each circle of nodes (and each node outside one, alone). */
export function stronglyConnected<T>(nodes: T[], next: (n: T) => T[]): T[][] {
  let index = 0;
  const indexOf = new Map<T, number>();
  const low = new Map<T, number>();
  const stack: T[] = [];
  const onStack = new Set<T>();
  const out: T[][] = [];
  const visit = (v: T) => {
    indexOf.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of next(v)) {
      if (!indexOf.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
    }
    if (low.get(v) === indexOf.get(v)) {
      const component: T[] = [];
      let w: T;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      out.push(component);
    }
  };
  for (const n of nodes) if (!indexOf.has(n)) visit(n);
  return out;
}
