import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, useSite } from './browser';
import {
  call,
  councilMember,
  didMember,
  openAs,
  postSuggestion,
  proposal,
  proposeByApi,
  signedByWallet,
  until,
  waitActionsSettled,
  withBlocksHeld,
  type Member,
} from './proposal-flow';
import { runId } from './qr';

/**
 * Issue 50, "pages stay calm while votes arrive": the twelve council votes of a proposal reach an open page within
 * about a second (posted while the chain's blocks are held, then mined together), and the page takes them without
 * jank. Measured on the page while they arrive: the long tasks (PerformanceObserver 'longtask', tasks over 50 ms)
 * and the DOM mutations of each vote row.
 *
 * The bound on a long task is 200 ms: RAIL's budget for answering input is 100 ms, and this machine (2 cores shared
 * with the api, the worker, anvil and other test runs) stretches a task about twofold against a quiet one; a page
 * that rendered itself again for each of 24 events (12 confirmations, 12 updates) would spend that many 30–60 ms
 * renders in a row, and each row would change many times.
 */

const site = useSite();
let browser: Browser;
let council: Member[];
let number: number;
let proposalId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  council = await Promise.all(Array.from({ length: 12 }, (_, i) => councilMember(site.site, i + 1)));
  const author = await didMember(site.site, 'burst');
  const s = await postSuggestion(site.site, author, `Twelve votes at once ${runId()}`);
  const made = await proposeByApi(site.site, author, council[0]!, s);
  number = made.number;
  proposalId = made.registered._id;
  await waitActionsSettled(site.site, number);
}, 240_000);
afterAll(async () => {
  await browser?.close();
});

interface Observed {
  longTasks: number[];
  rows: Record<string, { statuses: string[]; mutations: number; replaced: number }>;
  tally: string[];
}

describe('a proposal page while twelve votes arrive', () => {
  it('renders each vote row once, without a long task over 200 ms', async () => {
    // Full motion: the page as most readers have it, while the votes arrive.
    const watcher = await newPage(browser, { motion: true });
    const detailReads: number[] = [];
    watcher.page.on('request', (r) => {
      if (new URL(r.url()).pathname === `/api/proposals/${number}`) detailReads.push(Date.now());
    });

    // Every member records and posts a vote while the blocks are held: twelve relayed transactions wait in the
    // mempool, then the blocks resume and they are mined together.
    await withBlocksHeld(site.site, async () => {
      await Promise.all(
        council.map(async (m, i) => {
          await call(site.site, `/api/proposals/${number}/vote`, {
            method: 'PUT',
            token: m.token,
            body: { choice: i < 9 ? 'yes' : 'oppose', reason: `Burst vote ${i + 1}: milestones reviewed.` },
          });
          await signedByWallet(site.site, m, 'vote', { proposalId });
        }),
      );
      await until(
        'twelve votes relayed (in the mempool)',
        () => proposal(site.site, number),
        (p) => p.votes.filter((v) => v.chainStatus === 'chaining').length === 12,
        60_000,
      );
      // The page opens on the twelve rows "chaining", then watches them while the blocks are held.
      await openAs(watcher.page, site.site, null, 'en', `/proposals/${number}`);
      await watcher.page.locator('.pr-live--on').waitFor();
      await watcher.page.locator('[data-testid="vote-row"]').nth(11).waitFor();
      await watcher.page.waitForTimeout(1_500);
      await watcher.page.evaluate(() => {
        const w = window as unknown as { __observed: Observed };
        const observed: Observed = { longTasks: [], rows: {}, tally: [] };
        w.__observed = observed;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) observed.longTasks.push(Math.round(e.duration));
        }).observe({ type: 'longtask' });
        const rowOf = (n: Node | null) =>
          (n instanceof Element ? n : n?.parentElement)?.closest('[data-testid="vote-row"]') ?? null;
        for (const row of document.querySelectorAll('[data-testid="vote-row"]')) {
          const did = row.getAttribute('data-did')!;
          observed.rows[did] = {
            statuses: [row.getAttribute('data-chain-status') ?? ''],
            mutations: 0,
            replaced: 0,
          };
        }
        const table = document.querySelector('[data-testid="vote-results"]')!;
        new MutationObserver((records) => {
          for (const r of records) {
            for (const n of r.removedNodes)
              if (n instanceof Element && n.matches('[data-testid="vote-row"]'))
                observed.rows[n.getAttribute('data-did')!]!.replaced++;
            const row = rowOf(r.target);
            if (!row) continue;
            const seen = observed.rows[row.getAttribute('data-did')!];
            if (!seen) continue;
            seen.mutations++;
            const st = row.getAttribute('data-chain-status') ?? '';
            if (seen.statuses.at(-1) !== st) seen.statuses.push(st);
          }
        }).observe(table, { subtree: true, childList: true, attributes: true, characterData: true });
      });
    });
    const released = Date.now();

    // The blocks resume: the twelve are mined together and confirmed, and their rows turn chained.
    await until(
      'twelve rows chained on the page',
      () => watcher.page.locator('[data-testid="vote-row"][data-chain-status="chained"]').count(),
      (n) => n === 12,
      60_000,
    );
    const allChainedAfter = Date.now() - released;
    await watcher.page.waitForTimeout(2_000);
    const observed = await watcher.page.evaluate(
      () => (window as unknown as { __observed: Observed }).__observed,
    );
    const readsDuring = detailReads.filter((t) => t >= released).length;
    const perRow = Object.values(observed.rows);
    console.log(
      `12 votes: all chained on the page ${allChainedAfter} ms after the blocks resumed; long tasks ${JSON.stringify(observed.longTasks)} ms; ` +
        `mutations per row ${perRow.map((r) => r.mutations).join(',')}; detail reads ${readsDuring}`,
    );

    expect(perRow).toHaveLength(12);
    for (const [did, row] of Object.entries(observed.rows)) {
      // Each row changed once: chaining → chained, the row element kept (not re-created).
      expect({ did, statuses: row.statuses, replaced: row.replaced }).toEqual({
        did,
        statuses: ['chaining', 'chained'],
        replaced: 0,
      });
      expect(row.mutations, did).toBeLessThanOrEqual(12);
    }
    expect(Math.max(0, ...observed.longTasks)).toBeLessThanOrEqual(200);
    // The detail is read again a bounded number of times for the burst (debounced), not once per event.
    expect(readsDuring).toBeLessThanOrEqual(3);
    expect(watcher.errors).toEqual([]);
    await watcher.context.close();
  }, 240_000);
});
