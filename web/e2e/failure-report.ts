import type { Page } from 'playwright-core';
import { onTestFailed } from 'vitest';

const TRAIL_LENGTH = 20;

/**
 * What a page did, told when its test fails: the address, the headings and open dialogs on screen, the page's
 * errors and its last navigations and api answers. A browser test that fails once in a full run (and passes
 * alone) is then a defect with evidence in the CI log, not a guess.
 */
export function reportPageOnFailure(page: Page, errors: readonly string[]): void {
  const started = Date.now();
  const trail: string[] = [];
  const note = (line: string) => {
    trail.push(`+${((Date.now() - started) / 1000).toFixed(1)}s ${line}`);
    if (trail.length > TRAIL_LENGTH) trail.shift();
  };
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(`navigated ${pathOf(frame.url())}`);
  });
  page.on('response', (res) => {
    if (res.url().includes('/api/')) note(`${res.status()} ${res.request().method()} ${pathOf(res.url())}`);
  });
  page.on('requestfailed', (req) =>
    note(`failed ${req.method()} ${pathOf(req.url())}: ${req.failure()?.errorText}`),
  );
  // Outside a test (a page opened in a hook) there is no test to report on.
  const inTest = (fn: Parameters<typeof onTestFailed>[0]) => {
    try {
      onTestFailed(fn);
    } catch {
      /* not inside a test */
    }
  };
  inTest(async () => {
    const lines = [`page at failure: ${page.isClosed() ? '(closed)' : pathOf(page.url())}`];
    if (!page.isClosed()) {
      const onScreen = await page
        .evaluate(() => ({
          headings: [...document.querySelectorAll('h1, h2')].map((h) => h.textContent?.trim()).slice(0, 6),
          dialogs: [...document.querySelectorAll('[role="dialog"]')].map((d) =>
            d.textContent?.trim().slice(0, 80),
          ),
          path: location.pathname + location.search,
        }))
        .catch((err: unknown) => ({ unreadable: String(err) }));
      lines.push(`on screen: ${JSON.stringify(onScreen)}`);
    }
    lines.push(`errors: ${JSON.stringify(errors)}`, 'last events:', ...trail.map((l) => `  ${l}`));
    console.log(lines.join('\n'));
  });
}

function pathOf(url: string): string {
  try {
    const u = new URL(url);
    return u.pathname + u.search;
  } catch {
    return url;
  }
}
