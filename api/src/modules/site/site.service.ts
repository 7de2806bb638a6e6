import type { Db } from '@cr/core/db/db-client';
import type { CommandOutcome } from '../../http/command';
import type { SiteSettings, UpdateSiteSettings } from '@cr/contract/site.contract';
import { recordAudit } from '../audit';
import * as repo from './site.repo';

/** Whether CRcle applications are refused (spec §1: "CRcles and Empower35 are suspended"); on by default. */
export async function crclesSuspended(db: Db): Promise<boolean> {
  const stored = await repo.readSettings(db, ['crclesSuspended']);
  return bool(stored.get('crclesSuspended'), DEFAULTS.crclesSuspended);
}

/** Whether the Ambassadors training form refuses entries (spec §1: the training is postponed); on by default. */
export async function trainingPostponed(db: Db): Promise<boolean> {
  const stored = await repo.readSettings(db, ['trainingPostponed']);
  return bool(stored.get('trainingPostponed'), DEFAULTS.trainingPostponed);
}

/**
 * Suggestions are suspended while no council is seated (spec §1: "until a new council is elected"); an admin
 * switches it. A fresh site starts open: its council is configured at deployment.
 */
const DEFAULTS = { suggestionsSuspended: false, crclesSuspended: true, trainingPostponed: true };
const bool = (v: unknown, fallback: boolean) => (typeof v === 'boolean' ? v : fallback);
const KEYS = ['suggestionsSuspended', 'crclesSuspended', 'trainingPostponed', 'introVideoUrl'] as const;
type Key = (typeof KEYS)[number];

export async function getSiteSettings(db: Db, devMode: boolean): Promise<SiteSettings> {
  const stored = await repo.readSettings(db, [...KEYS]);
  const video = stored.get('introVideoUrl');
  return {
    suggestionsSuspended: bool(stored.get('suggestionsSuspended'), DEFAULTS.suggestionsSuspended),
    crclesSuspended: bool(stored.get('crclesSuspended'), DEFAULTS.crclesSuspended),
    trainingPostponed: bool(stored.get('trainingPostponed'), DEFAULTS.trainingPostponed),
    introVideoUrl: typeof video === 'string' && video ? video : null,
    devMode,
  };
}

/** Switches site settings; the change and its audit entry (before and after) commit together. */
export async function updateSiteSettings(
  tx: Db,
  input: UpdateSiteSettings,
  actor: { adminId: string; requestId: string },
  devMode: boolean,
): Promise<CommandOutcome<void>> {
  const before = await getSiteSettings(tx, devMode);
  const changed: Partial<Record<Key, boolean | string | null>> = {};
  for (const key of KEYS) {
    const value = input[key];
    if (value === undefined || value === before[key]) continue;
    await repo.writeSetting(tx, key, value ?? '', actor.adminId);
    changed[key] = value;
  }
  const keys = Object.keys(changed) as (keyof typeof changed)[];
  if (!keys.length) return { result: undefined };
  await recordAudit(tx, {
    actorId: actor.adminId,
    action: 'site.settings',
    targetType: 'site',
    targetId: keys.join(','),
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: changed,
    requestId: actor.requestId,
  });
  return { result: undefined };
}
