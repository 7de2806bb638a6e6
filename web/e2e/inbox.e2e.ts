import ICAL from 'ical.js';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Inbox } from '@cr/contract/inbox.contract';
import { launchBrowser, newPage, shot, useSite } from './browser';
import { brokenWords } from './layout-checks';
import {
  approveDialogQr,
  call,
  councilMember,
  didMember,
  openAs,
  postSuggestion,
  proposal,
  signedByWallet,
  until,
  waitRegistered,
  withBlocksHeld,
  type Member,
} from './proposal-flow';
import { runId } from './qr';

/**
 * Issue 16, notices: a council member's inbox is open when a proposal is registered; its vote item appears live (no
 * reload), with the voting end; the member's calendar feed (parsed with ical.js) holds the same window end; the
 * member follows the item to the vote panel, votes, and the item leaves the inbox. Also the empty state and the
 * 375 px layout in both languages.
 */

const site = useSite();
let browser: Browser;
let proposer: Member;
let voter: Member;
let author: Member;

beforeAll(async () => {
  browser = await launchBrowser();
  [proposer, voter] = await Promise.all([councilMember(site.site, 10), councilMember(site.site, 11)]);
  author = await didMember(site.site, 'inboxauthor');
}, 120_000);
afterAll(async () => {
  await browser?.close();
});

const inboxOf = (m: Member) => call<Inbox>(site.site, '/api/inbox', { token: m.token });

describe('inbox', () => {
  it('shows a new proposal live, leads to the vote panel, and drops the item once voted', async () => {
    const s = await postSuggestion(site.site, author, `Inbox live ${runId()}`);
    await signedByWallet(site.site, author, 'sign-suggestion', { suggestionId: s._id });

    const { page, context, errors } = await newPage(browser);
    await openAs(page, site.site, voter.token, 'en', '/profile/inbox');
    await page.getByTestId('inbox').waitFor();
    // Whatever was already there; a reload would clear this mark.
    await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
    const badge = page.getByRole('link', { name: /^Inbox, (\d+ unread|nothing unread)$/ });
    await badge.waitFor();
    const before = Number(await page.getByTestId('inbox-badge').getAttribute('data-count'));

    // Registered by another council member while the page stays open.
    await signedByWallet(site.site, proposer, 'make-proposal', { ref: s._id });
    const number = await until(
      'proposal made',
      async () =>
        (await call<{ proposalNumber: number | null }>(site.site, `/api/suggestion/${s.number}`))
          .proposalNumber ?? 0,
      (n) => n > 0,
      20_000,
    );
    const registered = await waitRegistered(site.site, number);
    const id = registered._id;
    const votingEnd = registered.window.votingEndHeight!;

    // The 60-block window of the stack is short: hold the chain while the member reads and votes.
    await withBlocksHeld(site.site, async () => {
      const item = page.locator(`[data-testid="inbox-item"][data-key="vote:${id}"]`);
      await item.waitFor({ timeout: 20_000 });
      expect(
        await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
      ).toBe(true);
      expect(await item.getAttribute('data-read')).toBe('false');
      expect(await item.innerText()).toContain(`Proposal #${number}`);
      expect(await item.getByTestId('block-eta').getAttribute('data-end-height')).toBe(String(votingEnd));
      await expect
        .poll(async () => Number(await page.getByTestId('inbox-badge').getAttribute('data-count')))
        .toBe(before + 1);
      expect(await page.getByTestId('inbox-badge').getAttribute('aria-label')).toBe(
        `Inbox, ${before + 1} unread`,
      );
      await shot(page, 'inbox-vote-live');

      // The member's calendar feed, read as a calendar app would (ical.js), has this proposal's voting end.
      const api = (await inboxOf(voter)).items.find((i) => i.key === `vote:${id}`)!;
      expect(api.endHeight).toBe(votingEnd);
      const feed = await call<{ url: string }>(site.site, '/api/calendar/feed', {
        method: 'POST',
        token: voter.token,
      });
      const res = await fetch(`${site.site.url}${new URL(feed.url).pathname}`);
      expect(res.status).toBe(200);
      const cal = new ICAL.Component(ICAL.parse(await res.text()));
      const events = cal.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
      const end = events.find((e) => e.uid.startsWith(`proposal-${id}-voting-end@`));
      expect(end, events.map((e) => e.uid).join(', ')).toBeDefined();
      expect(end!.summary).toMatch(new RegExp(`^Council vote closes: Proposal #${number} "Inbox live `));
      expect(end!.description).toContain(`Block ${votingEnd}.`);
      // The same window end as the inbox item (both from the chain clock; the chain is held).
      const start = end!.startDate.toJSDate().getTime();
      expect(Math.abs(start - Date.parse(api.endsAt!))).toBeLessThan(60_000);

      // Follow the item to the vote panel and vote.
      await item.getByTestId('inbox-act').click();
      await page.waitForURL(new RegExp(`/proposals/${number}#my-vote$`));
      const panel = page.locator('[data-testid="my-vote"]');
      await panel.waitFor({ timeout: 15_000 });
      await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('pr-myvote-title');
      await shot(page, 'inbox-vote-panel', { fullPage: false });
      await panel.locator('label:has([data-testid="choice-yes"])').click();
      await panel.locator('[data-testid="vote-reason"]').fill('Yes: the plan and budget hold up.');
      await panel.locator('[data-testid="submit-vote"]').click();
      await page
        .locator('.ant-message', { hasText: 'please post your vote to the chain' })
        .waitFor({ timeout: 10_000 });
      await panel.locator('[data-testid="post-vote"]').click();
      await approveDialogQr(page, site.site, voter.wallet);

      // Back through the header: the vote item has left, and the badge says so.
      await page.getByTestId('inbox-badge').click();
      await page.getByTestId('inbox').waitFor();
      await until(
        'vote item gone',
        () => page.locator(`[data-testid="inbox-item"][data-key="vote:${id}"]`).count(),
        (n) => n === 0,
        15_000,
      );
      await expect
        .poll(async () => Number(await page.getByTestId('inbox-badge').getAttribute('data-count')))
        .toBe(before);
      await shot(page, 'inbox-after-vote');
    });
    expect((await inboxOf(voter)).items.map((i) => i.key)).not.toContain(`vote:${id}`);
    // The vote itself is stored for the member.
    const mine = (await proposal(site.site, number, voter.token)).votes.find(
      (v) => v.member.did === voter.did,
    );
    expect(mine?.choice).toBe('yes');
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  for (const lang of ['en', 'zh'] as const)
    it(`fits 375 px, with the empty state and the unread count named (${lang})`, async () => {
      const { page, context, errors } = await newPage(browser, { width: 375, height: 812 });
      // The author has nothing awaiting: the empty state.
      await openAs(page, site.site, author.token, lang, '/profile/inbox');
      await page.getByTestId('inbox').locator('.cr-empty').waitFor({ timeout: 15_000 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await page.getByTestId('inbox').scrollIntoViewIfNeeded();
      await shot(page, `inbox-empty-${lang}-375`, { fullPage: false });
      // A council member's inbox (votes awaiting or not) at 375 px.
      await openAs(page, site.site, proposer.token, lang, '/profile/inbox');
      await page.getByTestId('inbox').waitFor();
      await page.getByTestId('inbox').locator('.cr-inbox__list, .cr-empty').first().waitFor();
      const label = await page.getByTestId('inbox-badge').getAttribute('aria-label');
      expect(label).toMatch(lang === 'en' ? /^Inbox, / : /^收件箱，/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      expect(await brokenWords(page, '[data-testid="inbox"]')).toEqual([]);
      await page.getByTestId('inbox').scrollIntoViewIfNeeded();
      await shot(page, `inbox-${lang}-375`, { fullPage: false });
      expect(errors).toEqual([]);
      await context.close();
    }, 90_000);
});
