import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMotion } from '@cr/contract/test/suggestion-fixtures';
import { launchBrowser, newPage, shot, useSite } from './browser';
import {
  approveDialogQr,
  call,
  councilMember,
  didMember,
  makeProposalOnPage,
  openAs,
  signSuggestionOnPage,
  until,
  waitRegistered,
  type Member,
} from './proposal-flow';
import { brokenWords } from './layout-checks';
import { runId } from './qr';

/**
 * Issue 18, votes: right after a council member signs the `vote` wallet action, the page shows the vote as being
 * posted and never offers "Post my vote on chain" again, even while the page's own reload of the proposal is
 * slow (here: held until the checks are done) and until the chain action fails. Also: the proposal's payment
 * table at 375 px keeps its words whole.
 */

const site = useSite();
let browser: Browser;
let council: Member[];
let number: number;

const NOT_POSTED = { en: 'Not on chain yet', zh: '尚未上链' } as const;

beforeAll(async () => {
  browser = await launchBrowser();
  council = await Promise.all([1, 2, 3].map((n) => councilMember(site.site, n)));
  const author = await didMember(site.site, 'voteauthor');
  const s = await call<{ number: number }>(site.site, '/api/suggestion', {
    method: 'POST',
    token: author.token,
    body: newMotion({
      title: `Posting state ${runId()}`,
      budget: {
        ...newMotion().budget!,
        payments: [
          {
            type: 'ADVANCE',
            amount: '300',
            milestone: 0,
            criteria: 'Working prototype demonstrated publicly with documented acceptance measurements',
          },
          { type: 'CONDITIONED', amount: '300', milestone: 1, criteria: 'Beta build published' },
          { type: 'COMPLETION', amount: '400', milestone: 2, criteria: 'Independent security audit report' },
        ],
      },
    }),
  });
  const { page, context } = await newPage(browser);
  await signSuggestionOnPage(page, site.site, author, s.number);
  number = await makeProposalOnPage(page, site.site, council[0]!, s.number);
  await context.close();
  await waitRegistered(site.site, number);
}, 180_000);
afterAll(async () => {
  await browser?.close();
});

/** Records, from now on, whether the post button or the "not on chain yet" label of my row ever shows. */
async function watchMyVote(page: Page, did: string, notPosted: string) {
  await page.evaluate(
    ({ d, label }) => {
      const w = window as unknown as { __seen: string[] };
      w.__seen = [];
      const record = () => {
        if (document.querySelector('[data-testid="post-vote"]')) w.__seen.push('post button');
        const row = document.querySelector(`[data-testid="vote-row"][data-did="${d}"]`);
        const tag = row?.querySelector('[data-testid="chain-status"] .ant-tag');
        if (tag?.textContent?.includes(label)) w.__seen.push(`row: ${tag.textContent}`);
        const mine = document.querySelector('[data-testid="my-vote"] [data-testid="chain-status"] .ant-tag');
        if (mine?.textContent?.includes(label)) w.__seen.push(`panel: ${mine.textContent}`);
      };
      record();
      new MutationObserver(record).observe(document.body, {
        subtree: true,
        childList: true,
        characterData: true,
      });
    },
    { d: did, label: notPosted },
  );
}
const seen = (page: Page) => page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);

async function voteAndPost(member: Member, lang: 'en' | 'zh') {
  const { page, context, errors } = await newPage(browser, { locale: lang === 'zh' ? 'zh-CN' : 'en-US' });
  await openAs(page, site.site, member.token, lang, `/proposals/${number}`);
  const panel = page.locator('[data-testid="my-vote"]');
  await panel.waitFor({ timeout: 15_000 });
  await panel.locator('label:has([data-testid="choice-yes"])').click();
  await panel.locator('[data-testid="vote-reason"]').fill(`Yes from ${member.username}: sound plan.`);
  await panel.locator('[data-testid="submit-vote"]').click();
  await panel.locator('[data-testid="post-vote"]').waitFor({ timeout: 10_000 });
  await panel.locator('[data-testid="post-vote"]').click();
  await page.locator('.cr-wallet-dialog [data-testid="wallet-qr"]').waitFor({ timeout: 15_000 });

  // From here on the page's reads of the proposal are slow: held until the checks below are done.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  const detail = new RegExp(`/api/proposals/${number}(\\?.*)?$`);
  await page.route(detail, async (route) => {
    if (route.request().method() === 'GET') await held;
    await route.continue();
  });
  await approveDialogQr(page, site.site, member.wallet);
  await watchMyVote(page, member.did, NOT_POSTED[lang]);

  // At once, from the signed request alone: no post button, the row and the panel say it is being posted.
  expect(await panel.locator('[data-testid="post-vote"]').count()).toBe(0);
  const row = page.locator(`[data-testid="vote-row"][data-did="${member.did}"]`);
  const rowTag = row.locator('[data-testid="chain-status"] .ant-tag');
  expect(await rowTag.textContent()).not.toContain(NOT_POSTED[lang]);
  expect(await panel.locator('[data-testid="chain-status"] .ant-tag').textContent()).not.toContain(
    NOT_POSTED[lang],
  );
  await shot(page, `vote-posting-${lang}`, { fullPage: false });
  release();

  // Until it is chained, the post button never comes back (reloads answered in any order included).
  await until(
    'my vote chained on the page',
    () => row.getAttribute('data-chain-status'),
    (s) => s === 'chained',
    60_000,
  );
  await row.scrollIntoViewIfNeeded();
  await shot(page, `vote-posted-${lang}`, { fullPage: false });
  expect(await seen(page)).toEqual([]);
  expect(errors).toEqual([]);
  await page.unrouteAll({ behavior: 'ignoreErrors' }); // a held request may still be in its route
  await context.close();
}

describe('posting a vote', () => {
  it('shows the posting state at once and never offers to post twice (English)', async () => {
    await voteAndPost(council[1]!, 'en');
  }, 120_000);

  it('shows the posting state at once and never offers to post twice (Chinese)', async () => {
    await voteAndPost(council[2]!, 'zh');
  }, 120_000);

  for (const lang of ['en', 'zh'] as const)
    it(`keeps the payment table's words whole at 375 px (${lang})`, async () => {
      const { page, context, errors } = await newPage(browser, { width: 375, height: 812 });
      await openAs(page, site.site, null, lang, `/proposals/${number}`);
      const table = page.locator('.pr-payments');
      await table.waitFor({ timeout: 15_000 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      const broken = await brokenWords(page, '.pr-payments');
      expect(broken).toEqual([]);
      // Nothing in the table scrolls sideways (it stacks into cards instead).
      expect(await table.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      await table.scrollIntoViewIfNeeded();
      await shot(page, `proposal-payments-${lang}-375`, { fullPage: false });
      // The votes table at 375 px keeps its words whole too.
      const votes = page.locator('[data-testid="vote-results"]');
      await votes.scrollIntoViewIfNeeded();
      await shot(page, `proposal-votes-${lang}-375`, { fullPage: false });
      expect(errors).toEqual([]);
      await context.close();
    }, 60_000);
});
