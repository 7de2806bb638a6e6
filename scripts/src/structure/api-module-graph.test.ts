import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { apiModuleGraph, moduleCircles } from './api-module-graph';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A throwaway repo whose api modules hold `files` (path under api/src/modules → source). */
function fakeRepo(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cr-modules-'));
  for (const [file, text] of Object.entries(files)) {
    const p = path.join(dir, 'api/src/modules', file);
    fs.mkdirSync(path.dirname(p), { recursive: true });
    fs.writeFileSync(p, text);
  }
  return dir;
}

describe('the api module graph', () => {
  it('has no circle: no two modules reach each other through their imports (docs/architecture.md §3)', () => {
    expect(moduleCircles(apiModuleGraph(root).edges)).toEqual([]);
  });

  it('finds a circle, and counts an import of a file behind a public face', () => {
    const dir = fakeRepo({
      'a/index.ts': "export { b } from './a.service';",
      'a/a.service.ts': "import { c } from '../b/b.repo';\nexport const b = c;",
      'b/index.ts': "export { c } from './b.repo';",
      'b/b.repo.ts': "import { d } from '../c';\nexport const c = d;",
      'c/index.ts': "import { b } from '../a';\nexport const d = b;",
    });
    const graph = apiModuleGraph(dir);
    expect(moduleCircles(graph.edges)).toEqual([['a', 'b', 'c']]);
    expect(graph.internals).toBe(1);
  });
});
