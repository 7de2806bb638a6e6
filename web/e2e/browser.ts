import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import type { E2eSite } from './site';
import { startE2eSite } from './site';
import { reportPageOnFailure } from './failure-report';

const here = path.dirname(fileURLToPath(import.meta.url));
export const WEB_DIST = path.resolve(here, '../dist');
export const SCREENSHOT_DIR = path.join(here, 'screenshots');

/**
 * Playwright's own `--disable-features` list (playwright-core's chromiumSwitches.ts, 1.64): Chromium honours only
 * the last `--disable-features`, so ours must repeat it.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];
/**
 * Headless Chromium builds each window's address-bar popups as WebUI pages in renderers of their own, and a test's
 * every new context is a window: measured on 10 contexts, 10.1 CPU s with them and 4.4 without. No test has an
 * address bar; session.e2e.ts checks that no such page is left.
 */
const OMNIBOX_WEBUI = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** Flags of architecture.md §7 for Debian's chromium. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_WEBUI].join(',')}`,
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: CHROMIUM_ARGS });
}

export interface PageOptions {
  width?: number;
  height?: number;
  /** The browser's language (navigator.language), e.g. `zh-CN`. */
  locale?: string;
  /**
   * `true`: full motion, as most readers have it (popups zoom and slide in): session.e2e's motion tests, the vote
   * burst and the main proposal cycle run so. By default a page is as a reader who asked for reduced motion sees
   * it (popups shown at once, app/motion-preference.tsx): the renderer draws no animation frames (proposal-tracking:
   * 72.8 → 65.1 CPU s), and no click can land on a popup still moving in.
   */
  motion?: boolean;
}

export interface TestPage {
  page: Page;
  context: BrowserContext;
  /** Uncaught exceptions and console errors seen so far. */
  errors: string[];
}

const BENIGN_CONSOLE = /^WebSocket is already in CLOSING or CLOSED state\.$/;

/** A fresh context (no storage) and page; collects uncaught errors and console errors. */
export async function newPage(browser: Browser, opts: PageOptions = {}): Promise<TestPage> {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 860 },
    locale: opts.locale ?? 'en-US',
    reducedMotion: opts.motion === true ? 'no-preference' : 'reduce',
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  page.on('console', (msg) => {
    // The browser's own "Failed to load resource" line names no URL; the response listener below does.
    // Chromium logs "WebSocket is already in CLOSING or CLOSED state." when socket.io-client's heartbeat answer
    // meets a connection the server has just closed (a page starved of CPU answering a ping late); the client
    // catches it and reconnects, so it is the browser's note, not an error of the page.
    if (msg.type() === 'error' && !BENIGN_CONSOLE.test(msg.text()))
      errors.push(`console: ${msg.text()}${msg.location().url ? ` (${msg.location().url})` : ''}`);
  });
  reportPageOnFailure(page, errors);
  return { page, context, errors };
}

/**
 * Saves a JPEG under web/e2e/screenshots/<name>.jpg (git-ignored) and returns its path: the full page, or only
 * what is on screen with `{ fullPage: false }` (long pages on a phone, open drawers). JPEG, not PNG: Chromium's
 * PNG encoding of a long page cost about a second of CPU a shot
 * (proposal-tracking's 7 shots: 73 CPU s for the file with PNG, 66 with JPEG, 63.5 with none).
 */
export async function shot(page: Page, name: string, opts: { fullPage?: boolean } = {}): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.jpg`);
  const fullPage = opts.fullPage ?? true;
  // A full-page shot of a scrolled page draws the sticky header where the viewport was: start from the top.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file, fullPage, type: 'jpeg', quality: 80 });
  return file;
}

/**
 * The running product for this test file: its lane's, of those the project's globalSetup started
 * (web/e2e/global-setup.ts), or, when the project has no globalSetup, one started for this file alone.
 */
export function useSite(): { readonly site: E2eSite } {
  const holder: { site?: E2eSite; stop?: () => Promise<void> } = {};
  beforeAll(async () => {
    const sites = inject('e2eSites');
    if (sites?.length) {
      // The worker slot this file runs in (1..maxWorkers): one file at a time per slot, so one per stack.
      const lane = Number(process.env.VITEST_POOL_ID ?? '1');
      holder.site = sites[(lane - 1) % sites.length]!;
      return;
    }
    const started = await startE2eSite();
    holder.site = started.site;
    holder.stop = started.stop;
  });
  afterAll(async () => {
    await holder.stop?.();
  });
  return {
    get site() {
      if (!holder.site) throw new Error('The site is not started yet (use it inside a test).');
      return holder.site;
    },
  };
}

/** The base URL of the running product (inside tests). */
export function baseUrl(site: { readonly site: E2eSite }): string {
  return site.site.url;
}

/** Waits until the app has booted and a page heading is on screen. */
/**
 * Resolves once the app runs the page: a page sent with its first screen (api's prerender-pages.ts) shows it
 * inert until the app has drawn over it.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.locator('#root:not([inert])').waitFor({ state: 'attached', timeout: 15_000 });
}

export async function waitForPage(page: Page): Promise<string> {
  await waitForApp(page);
  const h1 = page.locator('main h1').first();
  await h1.waitFor({ state: 'visible', timeout: 15_000 });
  return (await h1.textContent())?.trim() ?? '';
}

/**
 * Waits until nothing is sliding or fading (a drawer or modal has finished its motion), so a screenshot shows the
 * settled page: no element carries a motion-phase class (antd's rc-motion adds `<name>-appear|enter|leave[-…]`
 * for the whole motion, including the frame before the CSS transition starts) and no finite animation or
 * transition is running. Endless ones (spinners) are ignored.
 */
export async function animationsDone(page: Page): Promise<void> {
  try {
    // A function, not a string: the site's CSP refuses a string evaluated as script.
    await page.waitForFunction(movingParts, { quiet: true }, { timeout: 30_000 });
  } catch (err) {
    // Name what still moves: the element and its motion class, or the running animation.
    const parts = await page
      .evaluate(movingParts, { quiet: false })
      .catch(() => ['(the page could not be read)']);
    throw new Error(`still in motion after 30 s: ${JSON.stringify(parts)}`, { cause: err });
  }
}

/**
 * Run in the page: what is in motion (elements in a motion phase, then running finite animations), or with
 * `quiet`, whether nothing is. An element whose motion class has stood for a second with nothing running on it is
 * settled: antd's button loading icon sometimes keeps its leave class for good when its transition never runs
 * (CI, full motion), though nothing moves. Self-contained, as the page receives its source.
 */
function movingParts({ quiet }: { quiet: boolean }): string[] | boolean {
  const phase = /-(appear|enter|leave)(-prepare|-start|-active)?$/;
  const name = (el: Element | null) =>
    el ? `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`.slice(0, 160) : '?';
  const holder = window as unknown as { __crMotionSeen?: WeakMap<Element, number> };
  const firstSeen = (holder.__crMotionSeen ??= new WeakMap<Element, number>());
  const now = performance.now();
  const out: string[] = [];
  for (const el of document.querySelectorAll('[class]')) {
    if (![...el.classList].some((c) => phase.test(c))) {
      firstSeen.delete(el);
      continue;
    }
    const since = firstSeen.get(el) ?? now;
    firstSeen.set(el, since);
    const running = el.getAnimations().some((a) => a.playState === 'running');
    // In a motion phase and moving, or just entered it (its transition starts on a later frame).
    if (running || now - since < 1_000) out.push(name(el));
  }
  for (const a of document.getAnimations())
    if (a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity)
      out.push(
        `${a.constructor.name} ${(a as CSSAnimation).animationName ?? (a as CSSTransition).transitionProperty ?? ''} on ${name((a.effect as KeyframeEffect | null)?.target ?? null)}`,
      );
  return quiet ? out.length === 0 : out;
}

/**
 * Waits until the page's heading reads `title`. Polls, because right after a click
 * the previous page's heading may still be on screen while the next one loads.
 */
export async function expectPageTitle(page: Page, title: string): Promise<void> {
  await waitForApp(page);
  await expect
    .poll(
      async () =>
        (
          (await page
            .locator('main h1')
            .first()
            .textContent({ timeout: 1_000 })
            .catch(() => '')) ?? ''
        ).trim(),
      {
        timeout: 15_000,
      },
    )
    .toBe(title);
}

/**
 * Opens the account menu, chooses "Log out" and confirms. The menu is opened again when the item cannot be clicked
 * or the confirmation does not show: while the page is still settling (a route switch after signing in, a page
 * that just loaded) an open dropdown can close, or still be moving, when its item is clicked.
 */
export async function logOutThroughMenu(page: Page, username: string): Promise<void> {
  const menu = page.getByRole('button', { name: `Account menu for ${username}` });
  const item = page.getByRole('menuitem', { name: 'Log out' });
  const confirm = page.getByRole('dialog').getByRole('button', { name: 'Log out' });
  for (let attempt = 1; ; attempt++) {
    try {
      if (!(await item.isVisible())) await menu.click({ timeout: 10_000 });
      await item.click({ timeout: 5_000 });
      await confirm.waitFor({ timeout: 5_000 });
      break;
    } catch (err) {
      if (attempt === 4) throw err;
      await page.keyboard.press('Escape');
    }
  }
  await clickWhenStill(page, confirm);
}

/**
 * Clicks a button in a popup (a confirmation, a popover) once nothing moves: a click aimed while the popup still
 * zooms in can land beside its button, which on a loaded machine left a logout and two confirmations undone.
 */
export async function clickWhenStill(page: Page, button: Locator): Promise<void> {
  await button.waitFor();
  await animationsDone(page);
  await button.click();
}
