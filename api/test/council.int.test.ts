import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setCouncil } from '@cr/contracts-abi/deploy';
import { resolveDid } from '@cr/did/did-backend';
import type { CandidateList, CouncilMemberDetail, CouncilOverview } from '@cr/contract/council.contract';
import { councilMembers, councilTerms } from '@cr/core/db/schema/council.schema';
import { memberIdOf } from '../src/modules/council/council-member';
import { backfillProjections } from '../src/modules/proposal/proposal-worker-plugin';
import {
  makeProposal,
  signedSuggestion,
  startProposalEnv,
  waitForProposal,
  waitUntil,
  type Person,
  type ProposalEnv,
} from './proposal-harness';

/** Council pages read the chain: terms and members from the Council contract's events, mapped by DID. */
let env: ProposalEnv;
let notSeated: Person;

beforeAll(async () => {
  env = await startProposalEnv({ votingPeriodBlocks: 400 });
  await waitUntil('council indexed', async () => {
    const c = (await env.t.call<CouncilOverview>('GET', '/council')).body.data!;
    return c.members.length === 12 && c.secretariat.secretaryGeneral ? true : undefined;
  });
}, 180_000);
afterAll(async () => {
  await env?.stop();
});

describe('the council', () => {
  it('shows the current term from the chain with its members, secretariat, parameters and ETAs', async () => {
    notSeated = await env.person('not-seated', 'COUNCIL'); // the site role alone does not make a member
    const c = (await env.t.call<CouncilOverview>('GET', '/council')).body.data!;
    expect(c.current).toMatchObject({ term: 1, seats: 12, seated: 12, current: true });
    expect(c.current!.end.height - c.current!.start.height).toBe(1_000_000);
    expect(c.current!.end.height - c.current!.electionStart.height).toBe(600);
    expect(c.current!.end.at).not.toBeNull();
    expect(c.params).toEqual({
      termLengthBlocks: 1_000_000,
      electionPeriodBlocks: 600,
      votingPeriodBlocks: 400,
    });
    expect(c.electionRunning).toBe(false);
    expect(c.members.map((m) => m.did).sort()).toEqual(env.council.map((m) => m.wallet.did).sort());
    const first = c.members.find((m) => m.did === env.council[0]!.wallet.did)!;
    expect(first).toMatchObject({
      userId: env.council[0]!.user.id,
      name: 'Test Member',
      memberId: memberIdOf(env.council[0]!.wallet.did),
      seated: true,
      term: 1,
    });
    expect(c.secretariat.secretaryGeneral?.did).toBe(env.secretary.wallet.did);
    expect(c.secretariat.staff.map((s) => s.userId)).toContain(env.secretary.user.id);
    const text = JSON.stringify(c);
    for (const m of env.council) expect(text).not.toContain(m.user.email!);
    expect(c.height).toBeGreaterThan(0);
  });

  it('shows a member’s voting record with reasons, by user id, DID or member id', async () => {
    const s = await signedSuggestion(env, env.owner);
    const made = await makeProposal(env, env.council[0]!, s._id);
    const id = made.result!.proposalId;
    await waitForProposal(env, id, 'registration', (d) => d.window.votingEndHeight !== null);
    const m = env.council[1]!;
    await env.t.call('PUT', `/proposals/${id}/vote`, {
      token: m.token,
      body: { choice: 'oppose', reason: 'The milestones are too far apart.' },
    });
    for (const ref of [m.user.id, m.wallet.did, memberIdOf(m.wallet.did)]) {
      const res = await env.t.call<CouncilMemberDetail>('GET', `/council/members/${ref}`);
      expect(res.status).toBe(200);
      const d = res.body.data!;
      expect(d.member.did).toBe(m.wallet.did);
      expect(d.terms).toEqual([{ term: 1, seated: true, current: true }]);
      expect(d.stats).toEqual({ yes: 0, oppose: 1, abstain: 0 });
      expect(d.record.list[0]).toMatchObject({
        proposal: { _id: id, number: made.result!.number, status: 'PROPOSED' },
        choice: 'oppose',
        reason: 'The milestones are too far apart.',
        chainStatus: 'unchain',
      });
    }
    const outsider = await env.person('outsider');
    expect((await env.t.call('GET', `/council/members/${outsider.user.id}`)).status).toBe(404);
  });

  it('says no election is running, with the next election’s heights', async () => {
    const c = (await env.t.call<CandidateList>('GET', '/council/candidates')).body.data!;
    expect(c.state).toBe('none');
    expect(c.candidates).toEqual([]);
    expect(c.election!.end.height - c.election!.start.height).toBe(600);
    expect(c.election!.start.reached).toBe(false);
  });

  it('shows the secretary general’s position, and no position for others', async () => {
    const res = await env.t.call<{ isSecretaryGeneral: boolean; person: { did: string } }>(
      'GET',
      `/council/secretariat/${env.secretary.wallet.did}`,
    );
    expect(res.body.data).toMatchObject({
      isSecretaryGeneral: true,
      person: { did: env.secretary.wallet.did },
    });
    expect((await env.t.call('GET', `/council/secretariat/${env.council[0]!.user.id}`)).status).toBe(404);
  });

  it('follows a new term seated on chain; the previous one stays listed, cut short', async () => {
    const next = env.council.slice(0, 3);
    await setCouncil(env.deployment.contracts, {
      term: 2,
      seats: 3,
      members: await Promise.all(
        next.map(async (m) => ({
          did: m.wallet.did,
          publicKey: (await resolveDid(m.wallet.did)).getDefaultPublicKey().getPublicKeyBase58(),
        })),
      ),
    });
    const c = await waitUntil('term 2 indexed', async () => {
      const o = (await env.t.call<CouncilOverview>('GET', '/council')).body.data!;
      return o.current?.term === 2 ? o : undefined;
    });
    expect(c.members.map((m) => m.did).sort()).toEqual(next.map((m) => m.wallet.did).sort());
    const terms = (
      await env.t.call<{
        terms: { term: number; current: boolean; end: { height: number }; members: unknown[] }[];
      }>('GET', '/council/terms')
    ).body.data!.terms;
    expect(terms.map((t) => [t.term, t.current, t.members.length])).toEqual([
      [2, true, 3],
      [1, false, 12],
    ]);
    expect(terms[1]!.end.height).toBeLessThan(c.current!.start.height + 1);
    // Site roles follow the seats: members of term 1 only, and an account that had the role without a seat,
    // are members again (council-only site actions are refused to them); the seated keep COUNCIL.
    const roleOf = async (token: string) =>
      (await env.t.call<{ role: string }>('GET', '/user/current_user', { token })).body.data!.role;
    expect(await roleOf(env.council[0]!.token)).toBe('COUNCIL');
    expect(await roleOf(env.council[5]!.token)).toBe('MEMBER');
    expect(await roleOf(notSeated.token)).toBe('MEMBER');
    expect(await roleOf(env.secretary.token)).toBe('SECRETARY');
    const signed = await signedSuggestion(env, env.owner);
    const consider = (token: string) =>
      env.t.call('POST', `/suggestion/${signed._id}/under-consideration`, { token });
    expect((await consider(env.council[5]!.token)).status).toBe(403);
    expect((await consider(env.council[0]!.token)).status).toBe(200);
    // A member of term 1 only is no longer seated now: making a proposal is refused.
    const s = await signedSuggestion(env, env.owner);
    const res = await makeProposal(env, env.council[5]!, s._id);
    expect(res.request.status).toBe(403);
    expect(res.request.body.error?.type).toBe('proposal.not_council');
  });

  it('rebuilds the council from the stored chain events when its tables are empty (older databases)', async () => {
    const db = env.t.deps.database.db;
    await db.delete(councilMembers);
    await db.delete(councilTerms);
    expect((await env.t.call<CouncilOverview>('GET', '/council')).body.data!.members).toEqual([]);
    await backfillProjections(db);
    const c = (await env.t.call<CouncilOverview>('GET', '/council')).body.data!;
    expect(c.current?.term).toBe(2);
    expect(c.members).toHaveLength(3);
  });
});
