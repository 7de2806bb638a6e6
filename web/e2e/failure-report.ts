import type { Page } from 'playwright-core';
import { afterEach, beforeAll } from 'vitest';

const TRAIL_LENGTH = 20;
/** The prefix of the report's lines: the test run collects the lines that carry it (scripts/src/test-run/evidence.ts). */
const EVIDENCE_MARK = 'failure evidence | ';

interface Watched {
  page: Page;
  errors: readonly string[];
  opened: number;
  trail: string[];
}

/** The pages of this test file still open. */
const openPages = new Set<Watched>();

/**
 * Registers the report for the test file about to run (web/e2e/test-setup.ts, a setup file: it runs again before
 * each file, while this module is imported once per worker, since the browser project does not isolate its files).
 *
 * When a test fails, every page still open in its file tells what it showed: a failing test leaves its pages open
 * (it throws before closing them). An `afterEach` hook, not `onTestFailed`: a test in a `describe.concurrent`
 * (proposal-cycle) cannot register the latter through the global function, and its report was lost. Pages an
 * earlier file left open (a failed test's) are not this file's: they are forgotten when it starts.
 */
export function registerFailureReport(): void {
  beforeAll(() => openPages.clear());
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail' || openPages.size === 0) return;
    const lines = [`test: ${task.file.name} > ${task.name}`];
    for (const watched of openPages) lines.push(...(await describePage(watched)));
    console.log(lines.map((l) => `${EVIDENCE_MARK}${l}`).join('\n'));
  });
}

/**
 * Keeps what a page does, to be told when a test of its file fails: the address, the headings, open dialogs and
 * messages on screen, the page's errors and its last navigations and api answers. A browser test that fails once in
 * a full run (and passes alone) is then a defect with evidence in the CI log, not a guess.
 */
export function reportPageOnFailure(page: Page, errors: readonly string[]): void {
  const watched: Watched = { page, errors, opened: Date.now(), trail: [] };
  const note = (line: string) => {
    watched.trail.push(`+${((Date.now() - watched.opened) / 1000).toFixed(1)}s ${line}`);
    if (watched.trail.length > TRAIL_LENGTH) watched.trail.shift();
  };
  openPages.add(watched);
  page.on('close', () => openPages.delete(watched));
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(`navigated ${pathOf(frame.url())}`);
  });
  page.on('response', (res) => {
    if (res.url().includes('/api/')) note(`${res.status()} ${res.request().method()} ${pathOf(res.url())}`);
  });
  page.on('requestfailed', (req) =>
    note(`failed ${req.method()} ${pathOf(req.url())}: ${req.failure()?.errorText}`),
  );
}

async function describePage({ page, errors, trail }: Watched): Promise<string[]> {
  const lines = [`page at failure: ${pathOf(page.url())}`];
  const onScreen = await page
    .evaluate(() => ({
      headings: [...document.querySelectorAll('h1, h2')].map((h) => h.textContent?.trim()).slice(0, 6),
      dialogs: [...document.querySelectorAll('[role="dialog"]')].map((d) =>
        d.textContent?.trim().slice(0, 80),
      ),
      // What the page told the reader: toasts, alerts and the form fields' refusals.
      said: [
        ...document.querySelectorAll(
          '.ant-message-notice, .ant-notification-notice, [role="alert"], .ant-form-item-explain-error',
        ),
      ]
        .map((n) => n.textContent?.trim().slice(0, 120))
        .filter(Boolean)
        .slice(0, 10),
      path: location.pathname + location.search,
    }))
    .catch((err: unknown) => ({ unreadable: String(err) }));
  lines.push(`on screen: ${JSON.stringify(onScreen)}`);
  lines.push(`errors: ${JSON.stringify(errors)}`, 'last events:', ...trail.map((l) => `  ${l}`));
  return lines;
}

function pathOf(url: string): string {
  try {
    const u = new URL(url);
    return u.pathname + u.search;
  } catch {
    return url;
  }
}
