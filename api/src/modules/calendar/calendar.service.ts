import { randomBytes } from 'node:crypto';
import type { AppDeps } from '../../app-deps';
import type { CalendarFeedCreated, CalendarFeedStatus } from '@cr/contract/calendar.contract';
import { languageSchema, type Language } from '@cr/contract/profile.contract';
import type { Db } from '@cr/core/db/db-client';
import { notFound } from '@cr/core/errors/app-error';
import { enforceRate, type RateRule } from '../../http/rate-limit';
import { latestTerm, seatedNow } from '../council';
import { readChainClock } from '../../chain/chain-clock';
import { hashToken } from '../session';
import type { CommandOutcome } from '../../http/command';
import type { AuthUser } from '../session';
import { calendarName, deadlinesFor } from './calendar-events';
import * as repo from './calendar.repo';
import { buildIcs } from './ics';

/**
 * The personal calendar feed (docs/calendar-feed.md): a secret URL per member, only its SHA-256 stored, one live
 * at a time; renewing revokes the old URL. The feed is written at each fetch from the chain index and clock.
 */

/** Calendar apps poll every few minutes to hours: 30 fetches per 10 minutes per feed is plenty. */
const FEED_PER_TOKEN: RateRule = { name: 'calendar-feed-token', limit: 30, windowSec: 10 * 60 };
/** Guessing a 256-bit token is hopeless, but an address hammering unknown URLs is still cut off. */
const FEED_PER_ADDRESS: RateRule = { name: 'calendar-feed-ip', limit: 300, windowSec: 10 * 60 };
/** How often clients are asked to fetch again: ETAs move with the observed block interval. */
const REFRESH_MINUTES = 60;

const status = (row: { createdAt: Date } | undefined): CalendarFeedStatus => ({
  active: !!row,
  createdAt: row?.createdAt.toISOString() ?? null,
});

export const feedUrl = (publicUrl: string, token: string) =>
  `${publicUrl.replace(/\/+$/, '')}/api/calendar/${token}.ics`;

export async function feedStatus(deps: AppDeps, user: AuthUser): Promise<CalendarFeedStatus> {
  return status(await repo.liveFeedOf(deps.database.db, user.id));
}

/** Makes the member's feed, revoking the live one first (renew): the secret URL is returned this once. */
export async function createFeed(
  tx: Db,
  publicUrl: string,
  user: AuthUser,
  now = new Date(),
): Promise<CommandOutcome<CalendarFeedCreated>> {
  const token = randomBytes(32).toString('base64url');
  await repo.lockMember(tx, user.id);
  await repo.revokeFeedsOf(tx, user.id, now);
  const row = await repo.insertFeed(tx, { userId: user.id, tokenHash: hashToken(token) });
  return { result: { ...status(row), url: feedUrl(publicUrl, token) } };
}

export async function revokeFeed(
  tx: Db,
  user: AuthUser,
  now = new Date(),
): Promise<CommandOutcome<CalendarFeedStatus>> {
  await repo.revokeFeedsOf(tx, user.id, now);
  return { result: status(undefined) };
}

const languageOf = (profile: Record<string, unknown>): Language => {
  const lang = languageSchema.safeParse(profile.defaultLanguage);
  return lang.success ? lang.data : 'en';
};

/**
 * What the deadlines of one member are read from: the chain clock, the member's seat now (chain index), the
 * proposals inside a window, the latest council term. Shared by the feed and the inbox (docs/inbox.md), so both
 * decide "seated" and "in a window" the same way.
 */
export async function memberDeadlineState(db: Db, chainId: number | undefined, did: string | null) {
  const clock = await readChainClock(db, chainId);
  const [seat, proposals, term] = await Promise.all([
    seatedNow(db, did, clock.height),
    repo.proposalsInWindow(db),
    latestTerm(db),
  ]);
  return { clock, seat, proposals, term };
}

/** The ICS text of the feed behind `token`; unknown or revoked tokens are not found (404). Rate limited. */
export async function feedIcs(
  deps: AppDeps,
  clientIp: string,
  token: string,
  now = new Date(),
): Promise<string> {
  await enforceRate(deps, FEED_PER_ADDRESS, clientIp);
  const tokenHash = hashToken(token);
  await enforceRate(deps, FEED_PER_TOKEN, tokenHash);
  const db = deps.database.db;
  const owner = await repo.feedOwnerByHash(db, tokenHash);
  if (!owner) throw notFound('calendar feed');
  const { clock, seat, proposals, term } = await memberDeadlineState(db, deps.config.CHAIN_ID, owner.did);
  const lang = languageOf(owner.profile);
  const publicUrl = deps.config.PUBLIC_URL;
  const events = deadlinesFor({ userId: owner.userId, seated: !!seat, lang }, proposals, term, {
    clock,
    publicUrl,
    uidHost: new URL(publicUrl).host,
  });
  return buildIcs({
    prodId: '-//Cyber Republic//Deadline feed//EN',
    name: calendarName(lang),
    refreshMinutes: REFRESH_MINUTES,
    stamp: now,
    events,
  });
}
