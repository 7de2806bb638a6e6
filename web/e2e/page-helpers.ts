import type { Browser, Page } from 'playwright-core';
import { baseUrl, newPage, waitForPage, type PageOptions, type TestPage } from './browser';
import type { E2eSite } from './site';

/** A phone's viewport, and the Chinese browser language. */
export const PHONE: PageOptions = { width: 375, height: 800 };
export const ZH: PageOptions = { locale: 'zh-CN' };

/** True when the page is no wider than the viewport (nothing scrolls sideways). */
export const noSideScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

/** Page errors other than the browser's log line for a refused call (4xx) that a test provokes on purpose. */
export const unexpected = (errors: string[]) => errors.filter((e) => !/status of 4\d\d/.test(e));

/** A new page signed in with `token` (kept in localStorage, as "remember me" does), opened at `path`. */
export async function openSignedIn(
  browser: Browser,
  site: { readonly site: E2eSite },
  token: string,
  path: string,
  opts: PageOptions = {},
): Promise<TestPage> {
  const tp = await newPage(browser, opts);
  await tp.page.goto(`${baseUrl(site)}/terms`);
  await waitForPage(tp.page);
  await tp.page.evaluate((t) => localStorage.setItem('api-token', t), token);
  await tp.page.goto(`${baseUrl(site)}${path}`);
  await waitForPage(tp.page);
  return tp;
}
