import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { routeJavaScript, type ChunkSize, type Manifest } from './route-size';

/**
 * The size budget of a first visit: the JavaScript (gzipped) a browser loads before the route's page shows,
 * from the build in web/dist. `npm run size` prints it for each budgeted route and fails when one is over its
 * limit, naming the chunks that grew since the recorded sizes; `npm run size -- --record` records the current
 * sizes (after a change that is meant to grow them, reviewed).
 */
interface Budget {
  /** The goal (issue: ≤ 200 KB on `/`); the limit is what CI enforces until the goal is met. */
  goalKb: number;
  limitKb: number;
  routeModule: string;
  /** Modules the route awaits besides its code: its texts in English (`src/locales/en.json`, feature namespaces). */
  texts?: string[];
  recorded: Record<string, number>;
}
type Budgets = Record<string, Budget>;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dist = path.join(repoRoot, 'web/dist');
const budgetFile = path.join(repoRoot, 'web/size-budget.json');
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

function grown(now: ChunkSize[], recorded: Record<string, number>): string[] {
  return now
    .map((c) => ({ ...c, before: recorded[c.name] ?? 0 }))
    .filter((c) => c.gzip > c.before)
    .sort((a, b) => b.gzip - b.before - (a.gzip - a.before))
    .map((c) => `  ${c.name}: ${c.before ? `${kb(c.before)} → ` : 'new, '}${kb(c.gzip)} (${c.file})`);
}

function main() {
  const manifestFile = path.join(dist, '.vite/manifest.json');
  if (!fs.existsSync(manifestFile)) throw new Error('No build in web/dist: run `npm run build` first.');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  const budgets = JSON.parse(fs.readFileSync(budgetFile, 'utf8')) as Budgets;
  const record = process.argv.includes('--record');
  let failed = false;
  for (const [route, budget] of Object.entries(budgets)) {
    const chunks = routeJavaScript(dist, manifest, budget.routeModule, budget.texts);
    const total = chunks.reduce((s, c) => s + c.gzip, 0);
    const over = total > budget.limitKb * 1024;
    console.log(
      `${route}: ${kb(total)} of JavaScript (gzip) in ${chunks.length} chunks; limit ${budget.limitKb} KB, goal ${budget.goalKb} KB${over ? '  OVER' : ''}`,
    );
    for (const c of chunks.slice(0, 8)) console.log(`  ${kb(c.gzip).padStart(9)}  ${c.name}`);
    if (over) {
      failed = true;
      const lines = grown(chunks, budget.recorded);
      console.log(lines.length ? `Grew since the recorded sizes:\n${lines.join('\n')}` : 'No chunk grew.');
    }
    if (record) budget.recorded = Object.fromEntries(chunks.map((c) => [c.name, c.gzip]));
  }
  if (record) fs.writeFileSync(budgetFile, `${JSON.stringify(budgets, null, 2)}\n`);
  if (failed && !record) {
    console.error('The first visit is over its size budget (web/size-budget.json).');
    process.exit(1);
  }
}

main();
