import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importsOf, stronglyConnected } from './import-graph';

describe('the import graph', () => {
  it('reads every import form and resolves relative ones to their file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cr-graph-'));
    fs.mkdirSync(path.join(dir, 'b'));
    fs.writeFileSync(path.join(dir, 'b/index.ts'), '');
    fs.writeFileSync(path.join(dir, 'c.tsx'), '');
    const file = path.join(dir, 'a.ts');
    fs.writeFileSync(
      file,
      [
        "import { x } from './b';",
        "import type { Y } from '../nowhere';",
        "export { z } from './c';",
        "import './c';",
        "const lazy = () => import('@cr/contract/site.contract');",
        "import {\n  many,\n  names,\n} from 'zod';",
      ].join('\n'),
    );
    expect(importsOf(file).map((i) => [i.specifier, i.resolved && path.relative(dir, i.resolved)])).toEqual([
      ['./b', 'b/index.ts'],
      ['../nowhere', null],
      ['./c', 'c.tsx'],
      ['./c', 'c.tsx'],
      ['@cr/contract/site.contract', null],
      ['zod', null],
    ]);
    fs.rmSync(dir, { recursive: true });
  });

  it('finds the circles: a ⇄ b and c → d → e → c, with f alone', () => {
    const next: Record<string, string[]> = { a: ['b'], b: ['a', 'c'], c: ['d'], d: ['e'], e: ['c'], f: [] };
    const circles = stronglyConnected(Object.keys(next), (n) => next[n]!)
      .map((c) => c.sort().join(''))
      .sort();
    expect(circles).toEqual(['ab', 'cde', 'f']);
  });
});
