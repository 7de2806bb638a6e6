import type { TestProject } from 'vitest/node';
import { launchBrowserServer } from './browser';
import { startE2eSite } from './site';

/** Starts the product once for all browser tests (vitest project `browser`, `globalSetup`). */
export default async function setup(project: TestProject) {
  const [{ site, stop }, browser] = await Promise.all([startE2eSite(), launchBrowserServer()]);
  project.provide('e2eSite', site);
  project.provide('browserEndpoint', browser.wsEndpoint());
  return async () => {
    await browser.close();
    await stop();
  };
}
