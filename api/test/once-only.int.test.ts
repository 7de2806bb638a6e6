import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chainActions,
  suggestionReactions,
  suggestionSubscriptions,
  taskCandidates,
  userFollows,
  users,
} from '@cr/core/db/schema';
import { VOTE_KIND } from '../src/modules/proposal/proposal-worker-plugin';
import { makeUser } from './factories';
import {
  detail,
  makeProposal,
  signedSuggestion,
  startProposalEnv,
  waitForProposal,
  type ProposalEnv,
} from './proposal-harness';
import { postSuggestion } from './suggestion-harness';
import { requestWallet, walletsFor } from './wallet-harness';

/**
 * Once-only actions under a burst: 50 identical requests sent at the same moment have exactly the effect of one
 * (the database's unique constraints decide, not a check in the application that two requests can both pass).
 */
const N = 50;
let env: ProposalEnv;

beforeAll(async () => {
  // X-Forwarded-For is believed from one proxy: each registration attempt is its own client address.
  env = await startProposalEnv({ apiEnv: { TRUST_PROXY_HOPS: '1' } });
}, 180_000);
afterAll(async () => env?.stop());

const t = () => env.t;
const db = () => env.t.deps.database.db;
const burst = <T>(f: (i: number) => Promise<T>) => Promise.all(Array.from({ length: N }, (_, i) => f(i)));
const statuses = (rs: Array<{ status: number }>) =>
  rs.reduce<Record<number, number>>((acc, r) => ({ ...acc, [r.status]: (acc[r.status] ?? 0) + 1 }), {});
const count = async (q: Promise<Array<{ n: number }>>) => (await q)[0]!.n;
const n = sql<number>`count(*)::int`;
const newIp = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join('.')}`;

describe(`${N} identical requests at once`, () => {
  it('like: the toggles end as if run one after the other (51 → liked once), counter equal to the rows', async () => {
    const author = await makeUser(db());
    const member = await makeUser(db());
    const s = await postSuggestion(t(), author.token);
    const rs = await Promise.all(
      Array.from({ length: N + 1 }, () =>
        t().call('POST', `/suggestion/${s._id}/like`, { token: member.token }),
      ),
    );
    expect(rs.filter((r) => r.status !== 200 && r.status !== 409)).toEqual([]);
    const ok = rs.filter((r) => r.status === 200).length;
    const rows = await count(
      db().select({ n }).from(suggestionReactions).where(eq(suggestionReactions.suggestionId, s._id)),
    );
    const stats = (await t().call<{ likesNum: number }>('GET', `/suggestion/${s._id}/stats`)).body.data!;
    // Each answered toggle flipped the like once: the final state is the parity of the answered ones.
    expect(rows).toBe(ok % 2);
    expect(stats.likesNum).toBe(rows);
  });

  it('follow: one follow row, one follower', async () => {
    const [a, b] = await Promise.all([makeUser(db()), makeUser(db())]);
    const rs = await burst(() => t().call('POST', `/social/users/${b.user.id}/follow`, { token: a.token }));
    expect(statuses(rs)).toEqual({ 200: N });
    expect(
      await count(db().select({ n }).from(userFollows).where(eq(userFollows.followeeId, b.user.id))),
    ).toBe(1);
    const page = await t().call<{ followers: number }>('GET', `/social/users/${b.user.id}`, {
      token: a.token,
    });
    expect(page.body.data!.followers).toBe(1);
  });

  it('subscribe: one subscription', async () => {
    const author = await makeUser(db());
    const member = await makeUser(db());
    const s = await postSuggestion(t(), author.token);
    const rs = await burst(() => t().call('POST', `/suggestion/${s._id}/subscribe`, { token: member.token }));
    expect(statuses(rs)).toEqual({ 200: N });
    expect(
      await count(
        db()
          .select({ n })
          .from(suggestionSubscriptions)
          .where(
            and(
              eq(suggestionSubscriptions.suggestionId, s._id),
              eq(suggestionSubscriptions.userId, member.user.id),
            ),
          ),
      ),
    ).toBe(1);
  });

  it('register with the same e-mail (and code): one account', async () => {
    const email = `burst_${randomBytes(4).toString('hex')}@example.org`;
    const before = new Set(
      t()
        .mailbox.messages()
        .map((m) => m.id),
    );
    const ask = await t().call('POST', '/user/register/code', {
      body: { email },
      headers: { 'x-forwarded-for': newIp() },
    });
    expect(ask.status).toBe(200);
    const mail = await t().mailbox.waitFor((m) => !before.has(m.id) && m.to.includes(email));
    const code = /\b(\d{6})\b/.exec(mail.text)![1]!;
    const rs = await burst((i) =>
      t().call('POST', '/user/register', {
        headers: { 'x-forwarded-for': newIp() },
        body: {
          firstName: 'Ada',
          lastName: 'Lovelace',
          email,
          password: 'analytical engine',
          passwordConfirm: 'analytical engine',
          username: `burst_${randomBytes(3).toString('hex')}_${i}`,
          country: 'GB',
          code,
        },
      }),
    );
    expect(rs.filter((r) => r.status >= 500)).toEqual([]);
    expect(rs.filter((r) => r.status === 200)).toHaveLength(1);
    expect(await count(db().select({ n }).from(users).where(eq(users.email, email)))).toBe(1);
  });

  it('bind the same DID: 50 identical wallet callbacks bind it once; a second account racing for it gets nothing', async () => {
    const w = walletsFor(t());
    const wallet = await w.create(`bind${randomBytes(3).toString('hex')}`);
    const [m1, m2] = await Promise.all([makeUser(db()), makeUser(db())]);
    const prepared = await Promise.all(
      [m1, m2].map(async (m) => {
        const req = (await requestWallet(t(), 'bind-did', m.token)).body.data!;
        return w.prepare(req.url, wallet.name);
      }),
    );
    const rs = await burst((i) => w.post(prepared[i % 2]!.callbackUrl, prepared[i % 2]!.body));
    // The loser of the race is told the DID is taken (409), never a 500; repeats of an answered request are 409s.
    expect(rs.filter((r) => r.status !== 200 && r.status !== 409)).toEqual([]);
    const holders = await db().select({ id: users.id }).from(users).where(eq(users.did, wallet.did));
    expect(holders).toHaveLength(1);
    expect([m1!.user.id, m2!.user.id]).toContain(holders[0]!.id);
  });

  it('apply to a task with a limit: one application', async () => {
    const owner = await makeUser(db());
    const member = await makeUser(db());
    const soon = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const created = await t().call<{ _id: string }>('POST', '/task', {
      token: owner.token,
      body: {
        name: 'Burst meetup',
        category: 'SOCIAL',
        type: 'EVENT',
        description: 'A meetup with a limited number of places.',
        applicationDeadline: soon,
        candidateLimit: 3,
        confirmRules: true,
        eventDateType: 'CONFIRMED',
        eventStart: soon,
        eventEnd: soon,
        location: 'Singapore',
        infoLink: 'https://example.org/burst-meetup',
      },
    });
    expect(created.status, JSON.stringify(created.body.error)).toBe(200);
    const id = created.body.data!._id;
    const rs = await burst(() => t().call('POST', `/task/${id}/apply`, { token: member.token, body: {} }));
    expect(rs.filter((r) => r.status === 200)).toHaveLength(1);
    expect(rs.filter((r) => r.status !== 200).map((r) => r.body.error?.type)).toEqual(
      Array(N - 1).fill('task.already_applied'),
    );
    expect(await count(db().select({ n }).from(taskCandidates).where(eq(taskCandidates.taskId, id)))).toBe(1);
  });

  it('council vote: 50 identical wallet callbacks record one vote and one chain action', async () => {
    const s = await signedSuggestion(env, env.owner);
    const made = await makeProposal(env, env.council[0]!, s._id);
    expect(made.approval?.status).toBe(200);
    const id = made.result!.proposalId;
    await waitForProposal(env, id, 'registered', (d) => d.window.votingOpen === true);
    const voter = env.council[1]!;
    const put = await t().call('PUT', `/proposals/${id}/vote`, {
      token: voter.token,
      body: { choice: 'yes', reason: 'Reviewed the budget and the milestones: yes.' },
    });
    expect(put.status).toBe(200);
    const req = (await requestWallet(t(), 'vote', voter.token, id)).body.data!;
    const w = walletsFor(t());
    const prepared = await w.prepare(req.url, voter.name);
    const rs = await burst(() => w.post(prepared.callbackUrl, prepared.body));
    expect(rs.filter((r) => r.status >= 500)).toEqual([]);
    expect(rs.filter((r) => r.status === 200).length).toBeGreaterThanOrEqual(1);
    expect(
      await count(
        db()
          .select({ n })
          .from(chainActions)
          .where(and(eq(chainActions.kind, VOTE_KIND), eq(chainActions.subjectId, id))),
      ),
    ).toBe(1);
    const d = await waitForProposal(env, id, 'the vote chained', (x) =>
      x.votes.some((v) => v.result === 'support'),
    );
    expect(d.votes.filter((v) => v.result !== 'undecided')).toHaveLength(1);
    expect((await detail(env, id)).votes.filter((v) => v.result !== 'undecided')).toHaveLength(1);
  });
});
