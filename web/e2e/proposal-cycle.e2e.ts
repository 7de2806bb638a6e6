import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickWhenStill, launchBrowser, newPage, shot, useSite } from './browser';
import {
  approveDialogQr,
  councilMember,
  didMember,
  makeProposalOnPage,
  mineTo,
  openAs,
  postSuggestion,
  proposal,
  signSuggestionOnPage,
  voteOnPage,
  waitRegistered,
  withBlocksHeld,
  type Member,
} from './proposal-flow';
import { runId } from './qr';

/**
 * Issue 6 "Must show": whole cycles with the dev wallets on the local chain (1-second blocks, the stack's
 * VOTING_PERIOD_BLOCKS windows). A member posts and signs a suggestion; a council member makes it a proposal;
 * members vote with reasons and post on chain through the page's QR; the windows close by block height and the
 * watcher finalizes: PROPOSED → NOTIFICATION → ACTIVE (eight yes), REJECT (five yes), VETOED (stake > 10%).
 * Every status change is seen on a page that is never reloaded. The test closes each window by mining the chain to
 * its end height (`mineTo`) rather than waiting a minute of 1-second blocks for it.
 */

const site = useSite();
let browser: Browser;
let council: Member[] = [];
let author: Member;

beforeAll(async () => {
  browser = await launchBrowser();
  council = await Promise.all(Array.from({ length: 12 }, (_, i) => councilMember(site.site, i + 1)));
  author = await didMember(site.site, 'author');
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

/** Marks the page so a reload (which would drop the mark) is detectable, and records every status it shows. */
async function watchWithoutReload(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as {
      __noReload: boolean;
      __statuses: string[];
      __chain: Record<string, string[]>;
    };
    w.__noReload = true;
    w.__statuses = [];
    w.__chain = {};
    const record = () => {
      const head = document.querySelector('[data-testid="proposal-head"]');
      const st = head?.getAttribute('data-status');
      if (st && w.__statuses[w.__statuses.length - 1] !== st) w.__statuses.push(st);
      document.querySelectorAll('[data-testid="vote-row"]').forEach((row) => {
        const name = row.getAttribute('data-did') ?? '';
        const tag = row.querySelector('[data-testid="chain-status"]');
        const cs = tag?.getAttribute('data-chain-status');
        if (!cs) return;
        const seen = (w.__chain[name] ??= []);
        if (seen[seen.length - 1] !== cs) seen.push(cs);
      });
    };
    record();
    new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}

async function observed(page: Page) {
  return page.evaluate(() => {
    const w = window as unknown as {
      __noReload?: boolean;
      __statuses: string[];
      __chain: Record<string, string[]>;
    };
    return { noReload: w.__noReload === true, statuses: w.__statuses, chain: w.__chain };
  });
}

async function waitStatus(page: Page, status: string, timeout: number) {
  await page.locator(`[data-testid="proposal-head"][data-status="${status}"]`).waitFor({ timeout });
}

/**
 * Suggestion posted and signed by the author, made a proposal by council-01; returns the proposal number and the
 * end heights of its voting and veto windows.
 */
async function newProposal(page: Page, title: string) {
  const s = await postSuggestion(site.site, author, title);
  await signSuggestionOnPage(page, site.site, author, s.number);
  const number = await makeProposalOnPage(page, site.site, council[0]!, s.number);
  const { window } = await waitRegistered(site.site, number);
  return { number, votingEnd: window.votingEndHeight!, vetoEnd: window.vetoEndHeight! };
}

/**
 * One cycle at a time registers, votes and mines (eight page votes must land inside a 60-block window on two
 * cores, and no cycle may mine the chain past another's window while that one is voting). A cycle mines only to
 * its own window's end: a proposal registered later has later ends, so its windows are never skipped, and one
 * registered earlier has passed its voting end before this one registered.
 */
let votingTurn: Promise<void> = Promise.resolve();
async function votingPhase<T>(fn: () => Promise<T>): Promise<T> {
  const before = votingTurn;
  let release!: () => void;
  votingTurn = new Promise<void>((r) => (release = r));
  await before;
  try {
    return await fn();
  } finally {
    release();
  }
}

const secs = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The members vote yes on their pages with the chain held, so all of them vote inside the 60-block window. */
async function castVotes(page: Page, number: number, members: Member[]) {
  await withBlocksHeld(site.site, async () => {
    for (const m of members)
      await voteOnPage(
        page,
        site.site,
        m,
        number,
        'yes',
        `Yes from ${m.username}: the plan and the budget are sound.`,
      );
  });
}

/**
 * Veto windows a cycle has still to use, by their end height, each with a promise settled once it is used. A cycle
 * registered a minute after another has a voting end past that one's veto end: mining to it skipped the veto
 * window before the veto cycle had locked its stake (CI, a cycle registered 63 s late).
 */
const vetoWindowsInUse = new Map<number, Promise<void>>();
function reserveVetoWindow(end: number): () => void {
  let used!: () => void;
  vetoWindowsInUse.set(end, new Promise<void>((resolve) => (used = resolve)));
  return () => {
    vetoWindowsInUse.delete(end);
    used();
  };
}

/**
 * Closes a window: mines to its end height, in turn with the other cycles' registrations and votes, never past a
 * veto window another cycle has still to use (it waits for that one, outside the turn).
 */
async function closeWindow(height: number) {
  for (;;) {
    const waitFor = await votingPhase(async () => {
      // mineTo leaves the chain one block past its target, and a veto window is open below its end.
      const inUse = [...vetoWindowsInUse].filter(([end]) => end <= height + 1).map(([, used]) => used);
      if (inUse.length) return { until: Promise.all(inUse) };
      await mineTo(site.site, height);
      return null;
    });
    if (!waitFor) return;
    await waitFor.until;
  }
}

/** Opens a never-reloaded watcher page on the proposal (a visitor, signed out). */
async function openWatcher(number: number, lang: 'en' | 'zh') {
  const w = await newPage(browser, { locale: lang === 'zh' ? 'zh-CN' : 'en-US', motion: true });
  await openAs(w.page, site.site, null, lang, `/proposals/${number}`);
  await waitStatus(w.page, 'PROPOSED', 15_000);
  await watchWithoutReload(w.page);
  return w;
}

describe.concurrent('a proposal from suggestion to decision, on chain', () => {
  it('passes with eight yes votes posted on chain, their rows turning chained live, then NOTIFICATION and ACTIVE', async ({
    expect,
  }) => {
    const t0 = Date.now();
    // The product's main promise, with full motion (as most readers have it); other files run with reduced motion.
    const { page, context, errors } = await newPage(browser, { motion: true });
    const { number, ends, watcher, registered, voted } = await votingPhase(async () => {
      const p = await newProposal(page, `Hardware keys for Essentials ${runId()}`);
      const reg = Date.now();
      const w = await openWatcher(p.number, 'en');
      await shot(w.page, 'proposal-voting-start-en');
      await castVotes(page, p.number, council.slice(0, 8));
      return { number: p.number, ends: p, watcher: w, registered: reg, voted: Date.now() };
    });

    // All eight rows reach `chained` on the watcher's page without a reload; the outcome is then certain.
    const chainedRows = watcher.page.locator('[data-testid="vote-row"] [data-chain-status="chained"]');
    await expect.poll(() => chainedRows.count(), { timeout: 120_000 }).toBe(8);
    await watcher.page
      .locator('[data-testid="vote-decided"][data-decided="passed"]')
      .waitFor({ timeout: 10_000 });
    await shot(watcher.page, 'proposal-voting-en');

    await closeWindow(ends.votingEnd);
    await waitStatus(watcher.page, 'NOTIFICATION', 60_000);
    await closeWindow(ends.vetoEnd);
    await waitStatus(watcher.page, 'ACTIVE', 60_000);
    await shot(watcher.page, 'proposal-passed-en');

    const seen = await observed(watcher.page);
    expect(seen.noReload).toBe(true);
    expect(seen.statuses).toEqual(['PROPOSED', 'NOTIFICATION', 'ACTIVE']);
    for (const m of council.slice(0, 8)) expect(seen.chain[m.did]?.at(-1), m.username).toBe('chained');
    expect((await proposal(site.site, number)).status).toBe('ACTIVE');
    console.log(
      `pass cycle: registered after ${secs(registered - t0)}, 8 page votes in ${secs(voted - registered)}, ACTIVE after ${secs(Date.now() - t0)}; rows seen ${JSON.stringify(Object.values(seen.chain))}`,
    );
    expect(errors).toEqual([]);
    expect(watcher.errors).toEqual([]);
    await watcher.context.close();
    await context.close();
  }, 600_000);

  it('is vetoed when the ELA locked in the veto window exceeds 10% of the circulating supply (Chinese page)', async ({
    expect,
  }) => {
    const t0 = Date.now();
    const { page, context, errors } = await newPage(browser);
    let vetoWindowUsed = () => {};
    try {
      const { number, ends, watcher } = await votingPhase(async () => {
        const p = await newProposal(page, `Community radio ${runId()}`);
        vetoWindowUsed = reserveVetoWindow(p.vetoEnd);
        const w = await openWatcher(p.number, 'zh');
        await castVotes(page, p.number, council.slice(0, 8));
        return { number: p.number, ends: p, watcher: w };
      });
      const rows = watcher.page.locator('[data-testid="vote-row"] [data-chain-status="chained"]');
      await expect.poll(() => rows.count(), { timeout: 120_000 }).toBe(8);
      await shot(watcher.page, 'proposal-voting-zh');

      // A holder locks 150 ELA (threshold: 10% of the dev supply of 1,000 ELA) from their own wallet, by QR. The
      // 60-block window must not close while a loaded machine opens the page, so the chain is held until the wallet
      // request stands; the transaction is mined once blocks resume. All of it in one turn, from closing the voting
      // window on: no other cycle mines in between (one once mined to its own veto end while the wallet was
      // sending, and the chain refused the lock), and none mines past this veto window (reserved above) before it.
      const holder = council[11]!;
      await votingPhase(async () => {
        await mineTo(site.site, ends.votingEnd);
        await waitStatus(watcher.page, 'NOTIFICATION', 60_000);
        await withBlocksHeld(site.site, async () => {
          await openAs(page, site.site, holder.token, 'en', `/proposals/${number}`);
          const panel = page.locator('[data-testid="veto-panel"]');
          await panel
            .locator('[data-testid="veto-amount"]')
            .locator('xpath=descendant-or-self::input')
            .fill('150');
          await panel.locator('[data-testid="veto-from"]').fill(holder.evmAddress);
          await panel.locator('[data-testid="veto-start"]').click();
          await clickWhenStill(page, page.locator('[data-testid="veto-confirm"]'));
          await page
            .locator('.cr-wallet-dialog [data-testid="wallet-qr"]')
            .waitFor({ timeout: 15_000 })
            .catch(async (err: unknown) => {
              const text = await page
                .locator('main')
                .innerText()
                .catch(() => '?');
              throw new Error(`no veto request on the page: ${text.slice(0, 600)}`, { cause: err });
            });
        });
        await approveDialogQr(page, site.site, holder.wallet, 'dev');
      });

      // The locked total passes the threshold live on the watcher's page, then the window closes: VETOED.
      await expect
        .poll(
          async () =>
            Number(await watcher.page.locator('[data-testid="veto-locked"]').getAttribute('data-percent')),
          {
            timeout: 60_000,
          },
        )
        .toBeGreaterThan(100);
      vetoWindowUsed();
      await shot(watcher.page, 'proposal-veto-zh');
      await closeWindow(ends.vetoEnd);
      await waitStatus(watcher.page, 'VETOED', 60_000);
      await shot(watcher.page, 'proposal-vetoed-zh');
      const seen = await observed(watcher.page);
      expect(seen.noReload).toBe(true);
      expect(seen.statuses).toEqual(['PROPOSED', 'NOTIFICATION', 'VETOED']);
      expect((await proposal(site.site, number)).status).toBe('VETOED');
      console.log(`veto cycle: VETOED after ${secs(Date.now() - t0)}`);
      expect(errors).toEqual([]);
      expect(watcher.errors).toEqual([]);
      await watcher.context.close();
      await context.close();
    } finally {
      // Failed or not, the other cycles may mine past it now.
      vetoWindowUsed();
    }
  }, 600_000);

  it('is rejected when only five members vote yes before the window closes', async ({ expect }) => {
    const t0 = Date.now();
    const { page, context, errors } = await newPage(browser);
    // The list, open on its own page, follows the decision live too.
    const list = await newPage(browser);
    const listRow = (n: number, status: string) =>
      list.page.locator(`[data-testid="proposal-row"][data-number="${n}"][data-status="${status}"]`);
    const { number, ends, watcher } = await votingPhase(async () => {
      const p = await newProposal(page, `Meetup sponsorship ${runId()}`);
      const n = p.number;
      const w = await openWatcher(n, 'en');
      await openAs(list.page, site.site, null, 'en', `/proposals?searchBy=number&search=${n}`);
      await listRow(n, 'PROPOSED').waitFor({ timeout: 15_000 });
      await watchWithoutReload(list.page);
      await castVotes(page, n, council.slice(0, 5));
      return { number: n, ends: p, watcher: w };
    });
    const rows = watcher.page.locator('[data-testid="vote-row"] [data-chain-status="chained"]');
    await expect.poll(() => rows.count(), { timeout: 120_000 }).toBe(5);
    // Five yes leave the outcome open until the window closes (seven members could still vote).
    expect(await watcher.page.locator('[data-testid="vote-decided"]').count()).toBe(0);
    await closeWindow(ends.votingEnd);
    await waitStatus(watcher.page, 'REJECT', 60_000);
    await shot(watcher.page, 'proposal-rejected-en');
    const seen = await observed(watcher.page);
    expect(seen.noReload).toBe(true);
    expect(seen.statuses).toEqual(['PROPOSED', 'REJECT']);
    expect((await proposal(site.site, number)).status).toBe('REJECT');
    await listRow(number, 'REJECT').waitFor({ timeout: 15_000 });
    expect((await observed(list.page)).noReload).toBe(true);
    console.log(`reject cycle: REJECT after ${secs(Date.now() - t0)}`);
    expect(errors).toEqual([]);
    expect(watcher.errors).toEqual([]);
    expect(list.errors).toEqual([]);
    await list.context.close();
    await watcher.context.close();
    await context.close();
  }, 600_000);
});

describe('the proposal list after the cycles', () => {
  it('shows status, votes and time left per row, filters by status and searches by number, in both languages and at 375 px', async () => {
    const { page, context, errors } = await newPage(browser);
    await openAs(page, site.site, council[0]!.token, 'en', '/proposals');
    const rows = page.locator('[data-testid="proposal-row"]');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    for (const status of ['ACTIVE', 'REJECT', 'VETOED'])
      expect(
        await page.locator(`[data-testid="proposal-row"][data-status="${status}"]`).count(),
        status,
      ).toBeGreaterThan(0);
    await shot(page, 'proposal-list-en');

    // Status filter in the URL.
    await page.goto(`${site.site.url}/proposals?status=VETOED`);
    // A full page load and the list's read: the same 15 s as the test's other lists (the default 1 s failed on a
    // 2-core machine whose Lighthouse host index read about 850).
    await expect
      .poll(async () => await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-status'))), {
        timeout: 15_000,
      })
      .toEqual(expect.arrayContaining(['VETOED']));
    expect(await page.locator('[data-testid="proposal-row"]:not([data-status="VETOED"])').count()).toBe(0);

    // Chinese.
    await openAs(page, site.site, council[0]!.token, 'zh', '/proposals');
    await page.locator('main h1', { hasText: '提案' }).waitFor();
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    await shot(page, 'proposal-list-zh');

    // A phone.
    const phone = await newPage(browser, { width: 375, height: 812 });
    await openAs(phone.page, site.site, null, 'en', '/proposals');
    await expect
      .poll(() => phone.page.locator('[data-testid="proposal-row"]').count(), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(3);
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(phone.page, 'proposal-list-375');
    const first = await phone.page
      .locator('[data-testid="proposal-row"]')
      .first()
      .getAttribute('data-number');
    await openAs(phone.page, site.site, null, 'en', `/proposals/${first}`);
    await phone.page.locator('[data-testid="vote-results"]').waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(phone.page, 'proposal-detail-375');
    expect(errors).toEqual([]);
    expect(phone.errors).toEqual([]);
    await phone.context.close();
    await context.close();
  }, 120_000);
});
