import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarFeedCreated, CalendarFeedStatus } from '@cr/contract/calendar.contract';
import type { ChainHead } from '@cr/contract/chain.contract';
import type { CouncilOverview } from '@cr/contract/council.contract';
import { users } from '@cr/core/db/schema';
import { etaOf } from '../src/chain/chain-clock';
import {
  makeProposal,
  signedSuggestion,
  startProposalEnv,
  waitForProposal,
  waitUntil,
  type Person,
  type ProposalEnv,
} from './proposal-harness';

/**
 * The personal calendar feed: a secret URL per member, parsed here with a real iCalendar library (ical.js) the way
 * a calendar app would. A seated council member and the owner get the voting end of a PROPOSED proposal at the
 * time the chain clock gives; a member it does not concern does not; a renewed or revoked URL answers 404.
 */
let env: ProposalEnv;
let proposalId: string;
let votingEndHeight: number;
let bystander: Person;

beforeAll(async () => {
  // A window of 2,000 blocks (about 8 minutes at 0.25 s blocks) stays open for the whole file.
  env = await startProposalEnv({ votingPeriodBlocks: 2000 });
  await waitUntil('council indexed', async () => {
    const c = (await env.t.call<CouncilOverview>('GET', '/council')).body.data!;
    return c.members.length === 12 ? true : undefined;
  });
  const s = await signedSuggestion(env, env.owner);
  const made = await makeProposal(env, env.council[0]!, s._id);
  proposalId = made.result!.proposalId;
  const d = await waitForProposal(env, proposalId, 'registration', (p) => p.window.votingEndHeight !== null);
  expect(d.status).toBe('PROPOSED');
  votingEndHeight = d.window.votingEndHeight!;
  bystander = await env.person('bystander');
}, 240_000);
afterAll(async () => {
  await env?.stop();
});

async function createFeed(who: Person): Promise<string> {
  const res = await env.t.call<CalendarFeedCreated>('POST', '/calendar/feed', { token: who.token });
  expect(res.status).toBe(200);
  expect(res.body.data!.active).toBe(true);
  return res.body.data!.url;
}

/** Fetches the feed as a calendar app would and parses it with ical.js. */
async function fetchFeed(url: string) {
  const res = await fetch(url);
  const text = await res.text();
  if (res.status !== 200) return { status: res.status, headers: res.headers, events: [], text };
  const cal = new ICAL.Component(ICAL.parse(text));
  const events = cal.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
  return { status: res.status, headers: res.headers, events, text };
}

/** The site origin the api writes into URLs and UIDs (PUBLIC_URL). */
const publicUrl = () => env.t.deps.config.PUBLIC_URL;
const uidHost = () => new URL(publicUrl()).host;

const chainHead = async () => (await env.t.call<ChainHead>('GET', '/chain/head')).body.data!;

const clockOf = (h: ChainHead) => ({
  height: h.height,
  avgBlockMs: h.avgBlockMs,
  observedAt: new Date(h.observedAt),
});

describe('the calendar feed', () => {
  it('gives a seated council member the voting end of a PROPOSED proposal at the chain clock’s ETA', async () => {
    const member = env.council[0]!;
    expect(
      (await env.t.call<CalendarFeedStatus>('GET', '/calendar/feed', { token: member.token })).body.data,
    ).toEqual({ active: false, createdAt: null });
    const url = await createFeed(member);
    expect(url).toMatch(
      new RegExp(`^${publicUrl().replaceAll('.', '\\.')}/api/calendar/[A-Za-z0-9_-]{43}\\.ics$`),
    );
    const status = (await env.t.call<CalendarFeedStatus>('GET', '/calendar/feed', { token: member.token }))
      .body.data!;
    expect(status.active).toBe(true);
    expect(Date.parse(status.createdAt!)).toBeLessThanOrEqual(Date.now());
    expect(JSON.stringify(status)).not.toContain(url.split('/').pop()!.replace('.ics', ''));

    const before = await chainHead();
    const feed = await fetchFeed(url);
    const after = await chainHead();
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(feed.headers.get('cache-control')).toBe('no-store');
    expect(feed.text).toContain('\r\n');
    expect(feed.text.replace(/\r\n/g, '')).not.toMatch(/\n/);

    const event = feed.events.find((e) => e.uid === `proposal-${proposalId}-voting-end@${uidHost()}`);
    expect(event, feed.text).toBeDefined();
    expect(event!.summary).toMatch(/^Council vote closes: Proposal #\d+ /);
    expect(event!.description).toContain(`Block ${votingEndHeight}.`);
    expect(event!.description).toContain(`${publicUrl()}/proposals/`);
    expect(event!.startDate.zone.tzid).toBe('UTC');
    // The start is the ETA of the end height from the observed block interval, as the api saw it when writing.
    const start = event!.startDate.toJSDate().getTime();
    const etas = [before, after].map((h) => etaOf(votingEndHeight, clockOf(h))!.getTime());
    expect(start).toBeGreaterThanOrEqual(Math.min(...etas) - 5_000);
    expect(start).toBeLessThanOrEqual(Math.max(...etas) + 5_000);
    expect(start).toBeGreaterThan(Date.now() - 60_000);
    expect(event!.endDate.toJSDate().getTime()).toBeGreaterThan(start);
  });

  it('writes the summary in the member’s saved language', async () => {
    const member = env.council[1]!;
    await env.t.deps.database.db
      .update(users)
      .set({ profile: { ...member.user.profile, defaultLanguage: 'zh' } })
      .where(eq(users.id, member.user.id));
    const feed = await fetchFeed(await createFeed(member));
    const event = feed.events.find((e) => e.uid.startsWith(`proposal-${proposalId}-voting-end@`));
    expect(event!.summary).toMatch(/^委员会投票截止：提案 #\d+「/);
    expect(event!.description).toContain(`区块 ${votingEndHeight}。`);
  });

  it('gives the owner their proposal’s window end, and not a member it does not concern', async () => {
    const own = await fetchFeed(await createFeed(env.owner));
    expect(own.events.map((e) => e.uid)).toContain(`proposal-${proposalId}-voting-end@${uidHost()}`);

    const other = await fetchFeed(await createFeed(bystander));
    expect(other.status).toBe(200);
    expect(other.events.some((e) => e.uid.includes(proposalId))).toBe(false);
    // The next council election concerns every member; the chain index knows its start height.
    expect(other.events.map((e) => e.summary)).toContain('Council election starts (term 2)');
  });

  it('answers 404 to a renewed or revoked URL and to an unknown one', async () => {
    const member = env.council[2]!;
    const first = await createFeed(member);
    expect((await fetchFeed(first)).status).toBe(200);
    const second = await createFeed(member); // renew
    expect(second).not.toBe(first);
    expect((await fetchFeed(first)).status).toBe(404);
    expect((await fetchFeed(second)).status).toBe(200);

    const del = await env.t.call<CalendarFeedStatus>('DELETE', '/calendar/feed', { token: member.token });
    expect(del.status).toBe(200);
    expect(del.body.data).toEqual({ active: false, createdAt: null });
    expect((await fetchFeed(second)).status).toBe(404);
    expect((await fetchFeed(`${publicUrl()}/api/calendar/not-a-real-token.ics`)).status).toBe(404);
  });

  it('renews one after the other when a member asks several times at once: one URL works, the rest answer 404', async () => {
    const member = env.council[3]!;
    const urls = await Promise.all(Array.from({ length: 8 }, () => createFeed(member)));
    const statuses = await Promise.all(urls.map(async (url) => (await fetchFeed(url)).status));
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 404)).toHaveLength(7);
  });

  it('limits fetches of one feed (30 per 10 minutes) with 429 and Retry-After', async () => {
    const url = await createFeed(env.council[3]!);
    for (let i = 0; i < 30; i++) expect((await fetch(url)).status).toBe(200);
    const refused = await fetch(url);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('is only managed by a signed-in member', async () => {
    expect((await env.t.call('GET', '/calendar/feed')).status).toBe(401);
    expect((await env.t.call('POST', '/calendar/feed')).status).toBe(401);
  });
});
