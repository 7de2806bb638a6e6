import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_ROUTES, type PageRoute } from '../src/app/routes';
import { ROUTES } from '../src/lib/paths';
import { launchBrowser, newPage, useSite, waitForApp, type TestPage } from './browser';
import { call, councilMember, didMember, postSuggestion, proposeByApi, walletLogin } from './proposal-flow';

/**
 * Issue 49, accessibility: axe-core over every route of the app's route table (web/src/app/routes.tsx), signed out
 * and as each role whose page differs (member, council member, secretary general, admin), in English and Chinese,
 * at 1440 and 375 px; WCAG 2.2 A and AA rules only. Any violation fails the test with its rule, the route, the
 * role, language and width, and the elements' selectors (docs/accessibility.md).
 *
 * Kept cheap: one browser context per role (signed in once), each route loaded once per language by the app's
 * own client-side navigation, axe run at 1440 px, then the same page narrowed to 375 px and run again.
 */

const site = useSite();
let browser: Browser;

/** The tags of WCAG 2.0, 2.1 and 2.2 at levels A and AA. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const WIDTHS = [1440, 375] as const;
const LANGS = ['en', 'zh'] as const;
/** axe-core as npm ships it, served by the test from the site's own origin so the CSP (script-src 'self') allows it. */
const AXE_PATH = '/__e2e/axe.min.js';
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

type Role = 'signed out' | 'member' | 'council' | 'secretary' | 'admin';

/** Real records for every parametrised route, made through the api as the other browser tests make them. */
interface Ids {
  suggestion: number;
  proposal: number;
  elip: number;
  team: string;
  crcle: string;
  task: string;
  project: string;
  memberUserId: string;
  councilUserId: string;
  councilMemberId: string;
  secretariatId: string;
}

/** Each parametrised route's value. A route added to the table with a parameter and no entry here fails the sweep. */
const PARAMS: Record<string, (ids: Ids) => string | number> = {
  [ROUTES.suggestionEdit]: (i) => i.suggestion,
  [ROUTES.suggestion]: (i) => i.suggestion,
  [ROUTES.suggestionAlias]: (i) => i.suggestion,
  [ROUTES.suggestionHistory]: (i) => i.suggestion,
  [ROUTES.member]: (i) => i.memberUserId,
  [ROUTES.adminUserProfile]: (i) => i.memberUserId,
  [ROUTES.proposalLegacy]: (i) => i.proposal,
  [ROUTES.proposal]: (i) => i.proposal,
  [ROUTES.proposalEdit]: (i) => i.proposal,
  [ROUTES.councilMember]: (i) => i.councilMemberId,
  [ROUTES.secretariatPosition]: (i) => i.secretariatId,
  [ROUTES.elip]: (i) => i.elip,
  [ROUTES.elipEdit]: (i) => i.elip,
  [ROUTES.crcle]: (i) => i.crcle,
  [ROUTES.team]: (i) => i.team,
  [ROUTES.teamEdit]: (i) => i.team,
  [ROUTES.project]: (i) => i.project,
  [ROUTES.task]: (i) => i.task,
  [ROUTES.messagesWith]: (i) => i.councilUserId,
};

/**
 * The public pages that show a signed-in role more than a visitor: the author's own suggestion, proposal, ELIP,
 * team and task (edit, sign, withdraw); a council member's vote and "make proposal"; the secretary general's
 * co-signature and review; the admin's review and moderation. Every other public page differs for a signed-in
 * reader only by the header's account menu, which the member's pages cover.
 */
const EXTRA: Record<Exclude<Role, 'signed out'>, string[]> = {
  member: [ROUTES.suggestion, ROUTES.proposal, ROUTES.elip, ROUTES.team, ROUTES.task, ROUTES.member],
  council: [ROUTES.suggestion, ROUTES.proposal, ROUTES.elip, ROUTES.council, ROUTES.councilMember],
  secretary: [ROUTES.suggestion, ROUTES.proposal, ROUTES.elip, ROUTES.secretariatPosition],
  admin: [ROUTES.suggestion, ROUTES.proposal, ROUTES.elip, ROUTES.team, ROUTES.crcle],
};

/** The routes a role visits: signed out, every public one; signed in, those gated to the role and the EXTRA ones. */
function routesOf(role: Role): PageRoute[] {
  if (role === 'signed out') return PAGE_ROUTES.filter((r) => !r.access);
  const gated = role === 'member' ? 'member' : role === 'admin' ? 'admin' : null;
  return PAGE_ROUTES.filter((r) => (gated && r.access === gated) || EXTRA[role].includes(r.path));
}

function fill(route: PageRoute, ids: Ids): string {
  if (!route.path.includes(':')) return route.path;
  const value = PARAMS[route.path];
  if (!value) throw new Error(`${route.path}: no record to open it with (PARAMS in accessibility.e2e.ts)`);
  return route.path.replace(/:\w+/, encodeURIComponent(String(value(ids))));
}

let ids: Ids;
const tokens: Partial<Record<Role, string>> = {};
/** Page visits and axe runs of the whole sweep, reported at the end (docs/accessibility.md). */
const counts = { visits: 0, runs: 0, started: 0, openMs: 0, axeMs: 0, resizeMs: 0 };

beforeAll(async () => {
  counts.started = Date.now();
  browser = await launchBrowser();
  const s = site.site;
  const author = await didMember(s, 'axe');
  const council = await councilMember(s, 1);
  tokens.member = author.token;
  tokens.council = council.token;
  tokens.secretary = String((await walletLogin(s, 'secretary')).result.token);
  tokens.admin = s.adminToken;

  const suggestion = await postSuggestion(s, author, 'Accessible wallet onboarding');
  const toPropose = await postSuggestion(s, author, 'Accessible proposal pages');
  const { number: proposal } = await proposeByApi(s, author, council, toPropose);
  const elip = await call<{ number: number }>(s, '/api/elip', {
    method: 'POST',
    token: author.token,
    body: {
      title: 'Readable sidechain fees',
      type: 'STANDARD_TRACK',
      abstract: 'Fees every reader can follow.',
      motivation: 'Fees differ between sidechains.',
      specification: 'A **fee table** per sidechain.',
      copyright: 'CC0',
      submit: true,
    },
  });
  const team = await call<{ _id: string }>(s, '/api/team', {
    method: 'POST',
    token: author.token,
    body: {
      name: 'Accessible wallets',
      description: 'We build wallet tools that every reader can use, in the open.',
      recruiting: ['JAVASCRIPT'],
    },
  });
  const crcle = await call<{ _id: string }>(s, '/api/team', {
    method: 'POST',
    token: s.adminToken,
    body: {
      type: 'CRCLE',
      subcategory: 'ESSENTIAL',
      name: 'Accessibility circle',
      description: 'Members who review pages for every reader and help each other.',
      recruiting: ['TRANSLATION'],
    },
  });
  const soon = new Date(Date.now() + 7 * 86_400_000).toISOString();
  const taskBase = {
    description: 'Meet the builders.',
    candidateLimit: 20,
    infoLink: 'https://example.org/builders',
    location: 'Singapore',
    confirmRules: true,
    applicationDeadline: soon,
  };
  const task = await call<{ _id: string }>(s, '/api/task', {
    method: 'POST',
    token: author.token,
    body: {
      ...taskBase,
      name: 'Accessibility meetup',
      type: 'EVENT',
      category: 'SOCIAL',
      eventDateType: 'TENTATIVE',
    },
  });
  const project = await call<{ _id: string }>(s, '/api/task', {
    method: 'POST',
    token: author.token,
    body: {
      ...taskBase,
      name: 'Screen reader SDK',
      type: 'PROJECT',
      category: 'DEVELOPER',
      problem: 'No SDK for screen readers.',
    },
  });
  const me = await call<{ _id: string }>(s, '/api/user/current_user', { token: author.token });
  const overview = await call<{
    members: Array<{ did: string; userId: string | null }>;
    secretariat: { secretaryGeneral: { did: string; userId: string | null } | null };
  }>(s, '/api/council');
  const seat = overview.members.find((m) => m.did === council.did) ?? overview.members[0]!;
  const sg = overview.secretariat.secretaryGeneral!;
  ids = {
    suggestion: suggestion.number,
    proposal,
    elip: elip.number,
    team: team._id,
    crcle: crcle._id,
    task: task._id,
    project: project._id,
    memberUserId: me._id,
    councilUserId: seat.userId ?? '',
    councilMemberId: seat.userId ?? seat.did,
    secretariatId: sg.userId ?? sg.did,
  };
}, 180_000);

afterAll(async () => {
  await browser?.close();
  const seconds = ((Date.now() - counts.started) / 1000).toFixed(0);
  console.info(
    `accessibility sweep: ${counts.visits} page visits, ${counts.runs} axe runs, ${seconds} s (opening ${(counts.openMs / 1000).toFixed(0)} s, axe ${(counts.axeMs / 1000).toFixed(0)} s, resizing ${(counts.resizeMs / 1000).toFixed(0)} s)`,
  );
});

/** Serves axe-core from the site's own origin (the CSP allows only 'self' scripts) and adds it to the page. */
async function injectAxe(page: Page): Promise<void> {
  if (await page.evaluate(() => 'axe' in window)) return;
  await page.addScriptTag({ url: AXE_PATH });
}

/**
 * Opens `path` by the app's own navigation (as a link does: the page's chunk is loaded on demand, the app and
 * axe stay loaded) and waits until it has drawn its content: the path is the one asked for (a guarded page that
 * sent the role to the login page fails here), the heading is on screen and nothing in main is still loading.
 */
async function open(page: Page, path: string): Promise<void> {
  await page.evaluate((p) => {
    window.history.pushState(null, '', p);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await settled(page, path);
}

/**
 * Waits until the page at `path` shows its content: its heading is there and nothing in main is loading (a
 * skeleton, a spinner, the first screen still inert). After a resize too: a page may draw another layout.
 */
async function settled(page: Page, path: string): Promise<void> {
  await page
    .waitForFunction(
      (expected) =>
        window.location.pathname === expected &&
        !!document.querySelector('main h1') &&
        !document.querySelector(
          // The wallet dialog's "waiting for your wallet" spinner turns until a phone answers: not a page loading.
          'main .cr-loading, main .ant-skeleton, main .ant-spin-spinning:not(.cr-wallet-status *), #root[inert]',
        ),
      decodeURIComponent(path),
      { timeout: 20_000 },
    )
    .catch(async (err: Error) => {
      const at = await page.evaluate(() => window.location.pathname);
      throw new Error(`${path} did not settle (now at ${at}): ${err.message}`, { cause: err });
    });
}

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[] }>;
}

/** Runs axe on the whole document with the WCAG A/AA rules; returns its violations. */
async function axe(page: Page): Promise<Violation[]> {
  await injectAxe(page);
  counts.runs++;
  return page.evaluate(async (tags) => {
    const a = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<unknown> } }).axe;
    const result = (await a.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    })) as { violations: Violation[] };
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  }, WCAG_TAGS);
}

/**
 * Waits until the page has laid itself out again after a resize: antd's breakpoints re-render on matchMedia, and
 * ResizeObservers (the scroll hints) answer on the next frames; then whatever that re-render loads.
 */
async function settleLayout(page: Page, path: string): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 50))),
      ),
  );
  await settled(page, path);
}

/** The sweep for one role: every route of `routesOf(role)`, in each language, at each width. */
async function sweep(role: Role): Promise<string[]> {
  const s = site.site;
  const tp: TestPage = await newPage(browser, { width: WIDTHS[0], height: 900, motion: false });
  const { page, context } = tp;
  await context.route(`${s.url}${AXE_PATH}`, (route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript', body: AXE_SOURCE }),
  );
  const found: string[] = [];
  const token = role === 'signed out' ? null : tokens[role]!;
  const routes = routesOf(role);
  try {
    for (const lang of LANGS) {
      // One full load per language: the token and the language are read at boot.
      await page.goto(`${s.url}/terms`);
      await waitForApp(page);
      await page.evaluate(
        ({ tok, l }) => {
          if (tok) localStorage.setItem('api-token', tok);
          localStorage.setItem('lang', l);
        },
        { tok: token, l: lang },
      );
      await page.goto(`${s.url}/terms`);
      await waitForApp(page);
      for (const route of routes) {
        const path = fill(route, ids);
        await page.setViewportSize({ width: WIDTHS[0], height: 900 });
        let t0 = Date.now();
        await open(page, path);
        counts.openMs += Date.now() - t0;
        counts.visits++;
        for (const width of WIDTHS) {
          if (width !== WIDTHS[0]) {
            t0 = Date.now();
            await page.setViewportSize({ width, height: 800 });
            await settleLayout(page, path);
            counts.resizeMs += Date.now() - t0;
          }
          t0 = Date.now();
          const violations = await axe(page);
          counts.axeMs += Date.now() - t0;
          for (const v of violations)
            found.push(
              `${v.id} (${v.impact}) on ${path} [${role}, ${lang}, ${width} px]: ${v.help} — ${v.nodes
                .map((n) => n.target.join(' '))
                .join(' | ')}`,
            );
        }
      }
    }
  } finally {
    await context.close();
  }
  return found;
}

/**
 * Two sweeps at a time (the machine's two cores): signed out, the longest, beside the signed-in roles one after
 * another. Each role is its own test, so a failure names the role.
 */
const running: Array<Promise<unknown>> = [];
async function inSlot<T>(fn: () => Promise<T>): Promise<T> {
  while (running.length >= 2) await Promise.race(running);
  const p = fn();
  const held = p.then(
    () => undefined,
    () => undefined,
  );
  running.push(held);
  void held.then(() => running.splice(running.indexOf(held), 1));
  return p;
}

describe('accessibility (axe-core, WCAG 2.2 A and AA)', () => {
  it('every route has a record to open it with', () => {
    for (const route of PAGE_ROUTES) expect(() => fill(route, ids), route.path).not.toThrow();
  });

  describe.concurrent('every route it shows the role, en and zh, 1440 and 375 px', () => {
    for (const role of ['signed out', 'member', 'council', 'secretary', 'admin'] as const)
      it(
        `no violations ${role === 'signed out' ? 'signed out' : `as ${role}`}`,
        { timeout: 600_000 },
        async ({ expect }) => {
          expect(await inSlot(() => sweep(role))).toEqual([]);
        },
      );
  });
});
