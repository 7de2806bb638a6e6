import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, shot, useSite } from './browser';
import {
  councilMember,
  didMember,
  makeProposalOnPage,
  openAs,
  postSuggestion,
  proposal,
  signSuggestionOnPage,
  until,
  voteOnPage,
  waitRegistered,
  type Member,
} from './proposal-flow';
import { runId } from './qr';

/**
 * Issue 16, integrity badges: a council vote's reason is checked in the browser against the VoteCast event of
 * its transaction, read through the site's public RPC proxy. The reason as saved is verified; a reason the page
 * was served changed (the server lying, simulated by rewriting the api answer) is reported plainly as a mismatch.
 */
const site = useSite();
let browser: Browser;
let voter: Member;
let number: number;
const REASON = `Sound plan, clear milestones — 同意 ${runId()}`;

beforeAll(async () => {
  browser = await launchBrowser();
  const [chair, member] = await Promise.all([councilMember(site.site, 1), councilMember(site.site, 2)]);
  voter = member;
  const author = await didMember(site.site, 'proofauthor');
  const s = await postSuggestion(site.site, author, `Proof of votes ${runId()}`);
  const { page, context } = await newPage(browser);
  await signSuggestionOnPage(page, site.site, author, s.number);
  number = await makeProposalOnPage(page, site.site, chair, s.number);
  await waitRegistered(site.site, number);
  await voteOnPage(page, site.site, voter, number, 'yes', REASON);
  await context.close();
  await until(
    'vote chained',
    () => proposal(site.site, number),
    (p) => p.votes.some((v) => v.member.did === voter.did && v.chainStatus === 'chained'),
  );
}, 240_000);
afterAll(async () => {
  await browser?.close();
});

const row = (page: Page) => page.locator(`[data-testid="vote-row"][data-did="${voter.did}"]`);

async function check(page: Page) {
  await row(page).locator('[data-testid="proof-check"][data-kind="vote"]').click();
  const badge = row(page).locator('[data-testid="proof"][data-kind="vote"]');
  await badge.waitFor({ timeout: 15_000 });
  return badge;
}

/** Serves the proposal page with the voter's reason rewritten, as a tampering server would. */
async function tamper(page: Page) {
  await page.route(new RegExp(`/api/proposals/${number}(\\?.*)?$`), async (route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const res = await route.fetch();
    const body = (await res.json()) as {
      data: { votes: Array<{ member: { did: string }; reason: string }> };
    };
    for (const v of body.data.votes) if (v.member.did === voter.did) v.reason = `${REASON} (edited)`;
    await route.fulfill({ response: res, json: body });
  });
}

describe('integrity badge on vote reasons', () => {
  for (const lang of ['en', 'zh'] as const) {
    for (const width of [1280, 375]) {
      it(`verifies the reason as recorded, and shows a changed reason as a mismatch (${lang}, ${width} px)`, async () => {
        const texts = {
          en: { ok: 'Verified on chain', bad: 'Does not match the chain' },
          zh: { ok: '已与链上一致', bad: '与链上记录不一致' },
        }[lang];
        const { page, context, errors } = await newPage(browser, {
          width,
          locale: lang === 'zh' ? 'zh-CN' : 'en-US',
        });
        const rpcCalls: string[] = [];
        page.on('request', (r) => {
          if (r.url().endsWith('/api/rpc')) rpcCalls.push(r.postData() ?? '');
        });
        await openAs(page, site.site, null, lang, `/proposals/${number}`);
        await row(page).waitFor({ timeout: 15_000 });
        // Lazy: nothing is read from the chain until asked.
        expect(rpcCalls).toHaveLength(0);
        const badge = await check(page);
        expect(await badge.getAttribute('data-state')).toBe('verified');
        await expect.poll(() => badge.textContent()).toContain(texts.ok);
        expect(rpcCalls.some((c) => c.includes('eth_getTransactionReceipt'))).toBe(true);
        await row(page).scrollIntoViewIfNeeded();
        await shot(page, `vote-proof-verified-${lang}-${width}`, { fullPage: false });

        await tamper(page);
        await page.reload();
        // The first screen comes from the server as it is; the tampered answer arrives when the app reads the
        // proposal again, and a check started before it is dropped with the text it checked.
        await expect.poll(() => row(page).textContent()).toContain(`${REASON} (edited)`);
        const bad = await check(page);
        expect(await bad.getAttribute('data-state')).toBe('mismatch');
        await expect.poll(() => bad.textContent()).toContain(texts.bad);
        const tag = bad.locator('.ant-tag');
        expect(await tag.getAttribute('aria-label')).toMatch(/0x[0-9a-f]{64}.*0x[0-9a-f]{64}/);
        await row(page).scrollIntoViewIfNeeded();
        await tag.focus();
        // The tooltip (keyboard focus opens it too) shows both hashes.
        const tip = page.locator('.cr-proof__tip');
        await tip.waitFor({ timeout: 5_000 });
        expect(await tip.textContent()).toMatch(/0x[0-9a-f]{64}.*0x[0-9a-f]{64}/);
        await row(page).scrollIntoViewIfNeeded();
        await shot(page, `vote-proof-mismatch-${lang}-${width}`, { fullPage: false });
        expect(errors).toEqual([]);
        // A request still in the tampering route when the context closes would reject in it (its response
        // disposed): the route goes first, waiting for handlers in progress and ignoring what closing cuts short.
        await page.unrouteAll({ behavior: 'ignoreErrors' });
        await context.close();
      });
    }
  }

  it('/verify offers the site proxy and lets a reader use their own RPC', async () => {
    const { page, context } = await newPage(browser);
    await openAs(page, site.site, null, 'en', '/verify');
    const proxyUrl = `${site.site.url}/api/rpc`;
    await expect.poll(() => page.locator('[data-testid="rpc-proxy-url"]').textContent()).toContain(proxyUrl);
    expect(await page.locator('[data-testid="rpc-in-use"]').textContent()).toBe(proxyUrl);
    const settings = page.locator('[data-testid="rpc-settings"]');
    await settings.locator('input').fill(site.site.chainRpcUrl);
    await settings.getByRole('button', { name: 'Use this RPC' }).click();
    expect(await page.locator('[data-testid="rpc-in-use"]').textContent()).toBe(site.site.chainRpcUrl);
    await shot(page, 'vote-proof-verify-rpc-en');
    // The badge now reads the reader's own node directly.
    const seen: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST') seen.push(r.url());
    });
    await page.goto(`${site.site.url}/proposals/${number}`);
    await row(page).waitFor({ timeout: 15_000 });
    const badge = await check(page);
    expect(await badge.getAttribute('data-state')).toBe('verified');
    expect(seen.some((u) => u.startsWith(site.site.chainRpcUrl))).toBe(true);
    expect(seen.some((u) => u.endsWith('/api/rpc'))).toBe(false);
    await context.close();
  });
});
