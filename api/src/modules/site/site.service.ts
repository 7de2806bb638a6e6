import type { Db } from '../../db/db-client';
import type { SiteSettings, UpdateSiteSettings } from '../../contract/site.contract';
import * as repo from './site.repo';

/**
 * Suggestions are suspended while no council is seated (spec §1: "until a new council is elected"); an admin
 * switches it. A fresh site starts open: its council is configured at deployment.
 */
const DEFAULTS = { suggestionsSuspended: false };

export async function getSiteSettings(db: Db, devMode: boolean): Promise<SiteSettings> {
  const stored = await repo.readSettings(db, ['suggestionsSuspended']);
  const suspended = stored.get('suggestionsSuspended');
  return {
    suggestionsSuspended: typeof suspended === 'boolean' ? suspended : DEFAULTS.suggestionsSuspended,
    devMode,
  };
}

export async function updateSiteSettings(
  db: Db,
  input: UpdateSiteSettings,
  adminId: string,
  devMode: boolean,
): Promise<SiteSettings> {
  await repo.writeSetting(db, 'suggestionsSuspended', input.suggestionsSuspended, adminId);
  return getSiteSettings(db, devMode);
}
