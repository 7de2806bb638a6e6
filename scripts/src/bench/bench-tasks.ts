// `npm run bench:tasks -- <base URL>... [--pages /,/suggestion] [--runs 8]`: how long a page's start-up blocks the
// main thread, measured fast enough to compare two builds side by side. Each load, in a fresh context of Debian's
// Chromium (a phone's viewport, no throttling), is traced; every main-thread task from the first contentful paint
// for 3.5 s is scaled by 4 (Lighthouse's mobile CPU slowdown) and what passes 50 ms is summed, which is how
// Lighthouse's simulation counts total blocking time from the tasks it observed. The bases are loaded in turn
// (A, B, A, B, ...) so a machine that slows down for a while slows both; the medians are printed.
// Loopback servers only: start each build's api yourself (e.g. two `npm run start:api` with WEB_DIST_DIR apart).
import { chromium, type Browser } from 'playwright-core';
import { assertLoopback } from './load-loop';

const CPU_SLOWDOWN = 4;
const LONG_TASK_MS = 50;
const CHROMIUM = process.env.CHROME_PATH ?? '/usr/bin/chromium';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string };
}

function parseArgs(argv: string[]) {
  const bases: string[] = [];
  let pages = ['/', '/suggestion'];
  let runs = 8;
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--pages') pages = argv[++i]!.split(',');
    else if (argv[i] === '--runs') runs = Number(argv[++i]);
    else bases.push(argv[i]!.replace(/\/$/, ''));
  }
  for (const base of bases) assertLoopback(new URL(base));
  if (!bases.length || !(runs >= 1))
    throw new Error('usage: bench:tasks -- <base URL>... [--pages a,b] [--runs n]');
  return { bases, pages, runs };
}

/** One load of `url`: the blocking time its observed tasks come to at CPU_SLOWDOWN. */
async function blockingTime(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
  try {
    const page = await context.newPage();
    await browser.startTracing(page, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading'],
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(3_500);
    const events = (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] })
      .traceEvents;
    const fcp = events.find((e) => e.name === 'firstContentfulPaint');
    if (!fcp) throw new Error(`${url}: no first contentful paint in the trace`);
    const main = events.find(
      (e) => e.name === 'thread_name' && e.pid === fcp.pid && e.args?.name === 'CrRendererMain',
    );
    return events
      .filter((e) => e.ph === 'X' && e.name === 'RunTask' && e.pid === fcp.pid && e.tid === main?.tid)
      .filter((e) => e.ts >= fcp.ts)
      .reduce((sum, e) => sum + Math.max(0, ((e.dur ?? 0) / 1000) * CPU_SLOWDOWN - LONG_TASK_MS), 0);
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const { bases, pages, runs } = parseArgs(process.argv.slice(2));
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    for (const path of pages) {
      const times = bases.map(() => [] as number[]);
      for (let run = 0; run < runs; run++)
        for (const [i, base] of bases.entries()) times[i]!.push(await blockingTime(browser, base + path));
      for (const [i, base] of bases.entries())
        console.log(
          `${path} ${base}: blocking ${Math.round(median(times[i]!))} ms (median of ${runs}; ${times[i]!.map(Math.round).join(', ')})`,
        );
    }
  } finally {
    await browser.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
