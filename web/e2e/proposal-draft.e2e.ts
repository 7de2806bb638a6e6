import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage, shot, useSite, clickWhenStill } from './browser';
import {
  approveDialogQr,
  call,
  councilMember,
  didMember,
  openAs,
  postSuggestion,
  proposal,
  signSuggestionOnPage,
  until,
  type Member,
} from './proposal-flow';

/**
 * Issue 10, proposal drafts: a council member prepares a draft from a signed suggestion (it starts with the
 * suggestion's words), edits and saves it, and publishes it on chain with the wallet; a blank draft from the list
 * names its suggestion by number, and is deleted after a confirmation (in Chinese, at 375 px).
 */
const site = useSite();
let browser: Browser;
let member: Member;
let author: Member;
beforeAll(async () => {
  browser = await launchBrowser();
  member = await councilMember(site.site, 7);
  author = await didMember(site.site, 'drafter');
});
afterAll(async () => {
  await browser?.close();
});

describe('proposal drafts', () => {
  it('a council member prepares a draft from a signed suggestion, edits it and publishes it on chain', async () => {
    const s = await postSuggestion(site.site, author, 'Draft flow: community translation fund');
    const { page, context, errors } = await newPage(browser);
    await signSuggestionOnPage(page, site.site, author, s.number);

    await openAs(page, site.site, member.token, 'en', `/suggestion/${s.number}`);
    await page.getByTestId('proposal-draft').click();
    await page.waitForURL(/\/proposals\/[0-9a-f-]{36}\/edit$/);
    const title = page.getByTestId('draft-title');
    await expect.poll(() => title.inputValue()).toBe('Draft flow: community translation fund');
    // The draft starts with the suggestion's abstract and names the suggestion it presents.
    expect(await page.getByLabel('Abstract').inputValue()).not.toBe('');
    await page.getByTestId('draft-suggestion').waitFor();
    expect(await page.getByTestId('draft-suggestion').innerText()).toContain(`#${s.number}`);

    await title.fill('Community translation fund 2027');
    await page.getByTestId('draft-save').click();
    await page.getByText('Draft saved').waitFor();
    await shot(page, 'proposal-draft-edit-en');

    // Asking again from the suggestion opens the same draft, with the saved title.
    const editUrl = page.url();
    await openAs(page, site.site, member.token, 'en', `/suggestion/${s.number}`);
    await page.getByTestId('proposal-draft').click();
    await page.waitForURL(editUrl);
    await expect.poll(() => title.inputValue()).toBe('Community translation fund 2027');

    await page.getByRole('button', { name: 'Publish on chain' }).click();
    await clickWhenStill(page, page.getByRole('tooltip').getByRole('button', { name: 'Publish on chain' }));
    await approveDialogQr(page, site.site, member.wallet);
    await page.waitForURL(/\/proposals\/\d+$/);
    const number = Number(new URL(page.url()).pathname.split('/').pop());
    const published = await until(
      'the published proposal',
      () => proposal(site.site, number),
      (p) => p.status === 'PROPOSED',
      30_000,
    );
    expect(published.number).toBe(number);
    await page.locator('main h1').getByText('Community translation fund 2027').waitFor();
    const sg = await call<{ proposalNumber: number | null }>(site.site, `/api/suggestion/${s.number}`);
    expect(sg.proposalNumber).toBe(number);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a blank draft from the list names its suggestion by number and is deleted after a confirmation (zh, 375 px)', async () => {
    const { page, context, errors } = await newPage(browser, { width: 375, height: 780, locale: 'zh-CN' });
    await openAs(page, site.site, member.token, 'zh', '/proposals');
    await page.getByTestId('proposal-draft').click();
    await page.waitForURL(/\/proposals\/[0-9a-f-]{36}\/edit$/);
    await expect.poll(() => page.getByTestId('draft-title').inputValue()).toBe('未命名的提案草案');
    await page.getByText('填写其编号后才能发布此草案', { exact: false }).waitFor();
    // Without a suggestion there is nothing to publish yet.
    expect(await page.getByRole('button', { name: '发布上链' }).count()).toBe(0);
    await shot(page, 'proposal-draft-blank-zh-375');
    const id = new URL(page.url()).pathname.split('/')[2]!;

    await page.getByRole('button', { name: '删除草案' }).click();
    await clickWhenStill(page, page.getByRole('tooltip').getByRole('button', { name: '删除草案' }));
    await page.waitForURL(/\/proposals$/);
    const gone = await fetch(`${site.site.url}/api/proposals/${id}`, {
      headers: { 'api-token': member.token },
    });
    expect(gone.status).toBe(404);
    expect(errors).toEqual([]);
    await context.close();
  });
});
