import type { TestProject } from 'vitest/node';
import { startE2eSite } from './site';

/** Starts the product once for all browser tests (vitest project `browser`, `globalSetup`). */
export default async function setup(project: TestProject) {
  const { site, stop } = await startE2eSite();
  project.provide('e2eSite', site);
  return stop;
}
