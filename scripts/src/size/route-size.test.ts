import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { firstVisitChunks, routeJavaScript, type Manifest } from './route-size';

const manifest: Manifest = {
  'index.html': {
    file: 'assets/index-AAAAAAAA.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_react-BBBBBBBB.js'],
  },
  '_react-BBBBBBBB.js': { file: 'assets/react-BBBBBBBB.js', name: 'react' },
  '_react-CCCCCCCC.js': { file: 'assets/react-CCCCCCCC.js', name: 'react' },
  'src/home.tsx': { file: 'assets/home-DDDDDDDD.js', src: 'src/home.tsx', imports: ['_react-CCCCCCCC.js'] },
  'src/other.tsx': { file: 'assets/other-EEEEEEEE.js', src: 'src/other.tsx' },
};

describe('the first visit of a route', () => {
  it('is the entry and the route module with every static import, each once', () => {
    expect(firstVisitChunks(manifest, 'src/home.tsx').sort()).toEqual(
      ['_react-BBBBBBBB.js', '_react-CCCCCCCC.js', 'index.html', 'src/home.tsx'].sort(),
    );
    expect(() => firstVisitChunks(manifest, 'src/missing.tsx')).toThrow(/no chunk/);
  });

  it('sizes each chunk gzipped, from the build’s .gz when there is one, with names stable across builds', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'cr-size-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    for (const c of Object.values(manifest)) fs.writeFileSync(path.join(dist, c.file), 'x'.repeat(5000));
    fs.writeFileSync(path.join(dist, 'assets/index-AAAAAAAA.js.gz'), Buffer.alloc(1234));
    const sizes = routeJavaScript(dist, manifest, 'src/home.tsx');
    expect(sizes.find((c) => c.name === 'index.html')?.gzip).toBe(1234);
    const plain = zlib.gzipSync('x'.repeat(5000), { level: 9 }).length;
    expect(
      sizes
        .filter((c) => c.gzip === plain)
        .map((c) => c.name)
        .sort(),
    ).toEqual(['react', 'react~2', 'src/home.tsx']);
    fs.rmSync(dist, { recursive: true });
  });
});
