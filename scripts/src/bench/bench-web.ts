// `npm run bench:web`: Lighthouse 12 (from npm) against the production build served by the real api, driving
// Debian's Chromium, on `/`, `/suggestion` and one proposal's page, mobile and desktop; prints each category's
// score and the page-load metrics (of the run with the median performance score, BENCH_WEB_RUNS runs). Needs the seeded PostgreSQL of `npm run bench:api` (DATABASE_URL); starts its
// own anvil with the governance contracts (the treasury and chain height the pages read).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type RunnerResult } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { buildWeb, webBuildIsStale } from '../stack/web-build';
import { startApiProcess } from './api-process';
import { startBenchChain } from './bench-chain-env';
import { loadBenchConfig } from './bench-config';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = {
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'first-contentful-paint': 'FCP',
  'speed-index': 'SI',
} as const;

interface AuditLike {
  id: string;
  details?: unknown;
}

/** An audit that failed, with its first few items (the element or the console message). */
function describe(audit: AuditLike): string {
  const items = ((audit.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? []).slice(
    0,
    3,
  );
  const what = items.map((item) => {
    const node = item.node as { snippet?: string; explanation?: string } | undefined;
    const text =
      node?.snippet ?? (item.description as string | undefined) ?? (item.source as string | undefined);
    return `    ${String(text ?? JSON.stringify(item)).slice(0, 200)}${node?.explanation ? ` (${node.explanation.split('\n')[1] ?? node.explanation})` : ''}${typeof item.score === 'number' ? ` (${item.score.toFixed(3)})` : ''}`;
  });
  return [audit.id, ...what].join('\n');
}

/** One proposal's page, from the seeded data through the api. */
async function proposalPath(url: string): Promise<string | null> {
  const res = await fetch(`${url}/api/proposals?pageSize=1`);
  const body = (await res.json()) as { data?: { list?: { number?: number }[] } };
  const n = body.data?.list?.[0]?.number;
  return n ? `/proposals/${n}` : null;
}

async function main() {
  const config = loadBenchConfig();
  if (!fs.existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM} (apt-get install -y chromium).`);
  if (webBuildIsStale(root)) await buildWeb(root);
  const chain = await startBenchChain();
  try {
    await benchPages(config, chain.env);
  } finally {
    await chain.stop();
  }
}

async function benchPages(config: ReturnType<typeof loadBenchConfig>, chainEnv: Record<string, string>) {
  const api = await startApiProcess({
    ...chainEnv,
    DATABASE_URL: config.DATABASE_URL,
    REDIS_URL: config.REDIS_URL,
    WEB_DIST_DIR: path.join(root, 'web/dist'),
    // Where `npm run seed` put the members' avatars (its DATA_DIR), so the pages find them.
    DATA_DIR: path.resolve(root, process.env.DATA_DIR ?? '.data'),
  });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  try {
    const pages = ['/', '/suggestion'];
    const proposal = await proposalPath(api.url);
    if (proposal) pages.push(proposal);
    else
      console.log('No proposal in the seeded data (npm run seed -- --proposals 100): its page is skipped.');
    // The api renders a page's first screen once, on its first request (its code loads with the first of all):
    // a visitor before Lighthouse's has made it, as on a site that has been up a while.
    for (const page of pages) await fetch(`${api.url}${page}`, { headers: { 'accept-language': 'en-US' } });
    console.log(`Lighthouse 12 on ${api.url}, Chromium ${CHROMIUM}\n`);
    for (const page of pages.filter((p) => !config.BENCH_ONLY || config.BENCH_ONLY.test(p))) {
      for (const [formFactor, lhConfig] of [
        ['mobile', undefined],
        ['desktop', desktopConfig],
      ] as const) {
        const runs: RunnerResult['lhr'][] = [];
        for (let run = 1; run <= config.BENCH_WEB_RUNS; run++) {
          const result = await lighthouse(
            `${api.url}${page}`,
            { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
            lhConfig,
          );
          if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
          runs.push(result.lhr);
          if (config.BENCH_REPORTS_DIR) {
            fs.mkdirSync(config.BENCH_REPORTS_DIR, { recursive: true });
            const name = `${page.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}-${formFactor}-${run}.json`;
            fs.writeFileSync(path.join(config.BENCH_REPORTS_DIR, name), JSON.stringify(result.lhr, null, 1));
          }
        }
        const performance = (r: RunnerResult['lhr']) => r.categories.performance?.score ?? 0;
        const sorted = [...runs].sort((a, b) => performance(a) - performance(b));
        const lhr = sorted[Math.floor((sorted.length - 1) / 2)]!;
        const scores = CATEGORIES.map((c) => `${c} ${Math.round((lhr.categories[c]?.score ?? 0) * 100)}`);
        const metrics = Object.entries(METRICS).map(
          ([id, label]) => `${label} ${lhr.audits[id]?.displayValue ?? '?'}`,
        );
        const all = runs.map((r) => Math.round(performance(r) * 100)).join(', ');
        console.log(
          `${page} ${formFactor}: ${scores.join(', ')}${runs.length > 1 ? ` (median of runs: ${all})` : ''}`,
        );
        // Lighthouse's host CPU benchmark (its simulated phone is 4× slower than this host): scores of two
        // machines compare only with this next to them (it read about 850 on one of these 2-core machines).
        const hostIndex = runs.map((r) => Math.round(r.environment.benchmarkIndex)).join(', ');
        console.log(`  ${metrics.join(', ')}; host benchmarkIndex ${hostIndex}`);
        const failing = Object.values(lhr.categories)
          .flatMap((c) => c.auditRefs.filter((r) => r.weight > 0).map((r) => lhr.audits[r.id]!))
          .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary');
        for (const a of new Map(failing.map((x) => [x.id, x])).values())
          console.log(`  failing ${describe(a)}`);
        // What moved: the elements of the largest layout shifts, so a CLS above 0 names its culprit.
        const shifts = lhr.audits['layout-shifts'];
        if ((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0) > 0 && shifts)
          console.log(`  ${describe(shifts)}`);
      }
    }
  } finally {
    chrome.kill();
    api.child.kill('SIGTERM');
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
