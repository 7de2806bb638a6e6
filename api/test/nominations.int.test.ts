import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NominationState } from '@cr/contract/nomination.contract';
import type { ProposalDetail } from '@cr/contract/proposal.contract';
import { makeUser } from './factories';
import {
  coSignNomination,
  detail,
  makeProposal,
  mineTo,
  signedSuggestion,
  startProposalEnv,
  waitForProposal,
  votedProposal,
  type Person,
  type ProposalEnv,
} from './proposal-harness';
import { newMotion } from '@cr/contract/test/suggestion-fixtures';
import { postSuggestion } from './suggestion-harness';
import { requestWallet, walletState } from './wallet-harness';

/**
 * Change and termination proposals on a real chain (anvil, 20-block windows), the real api and chain worker: a
 * change of owner is registered only once the nominee and the secretary general have co-signed its exact draft
 * (co-sign-nomination), and both ways of signing wrong are refused; when it passes, the target's owner changes
 * and both pages link each other. Two terminations of the same proposal pass: the first ends it (its next payment
 * request is refused), the second's effect is skipped (EffectSkipped).
 */
const V = 20;
let env: ProposalEnv;
let stranger: Person;
let newOwner: Person;
let target: ProposalDetail;

const errorType = (res: { body: unknown }) => (res.body as { error?: { type: string } }).error?.type;
const nominations = async (id: string, token?: string) => {
  const res = await env.t.call<NominationState>('GET', `/suggestion/${id}/nominations`, { token });
  if (res.status !== 200) throw new Error(`nominations ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data!;
};
const coSign = (who: Person, suggestionId: string, role: 'NOMINEE' | 'SECRETARY') =>
  requestWallet(env.t, 'co-sign-nomination', who.token, { suggestionId, role });

/** Registers the suggestion, 8 council members vote yes, the windows pass: the proposal ends ACTIVE. */
const pass = (ref: string): Promise<ProposalDetail> => votedProposal(env, ref);
async function finish(p: ProposalDetail) {
  await mineTo(env, p.window.votingEndHeight!);
  await waitForProposal(env, p._id, 'NOTIFICATION', (d) => d.status !== 'PROPOSED');
  await mineTo(env, p.window.vetoEndHeight!);
  return waitForProposal(env, p._id, 'ACTIVE', (d) => d.status === 'ACTIVE');
}

beforeAll(async () => {
  env = await startProposalEnv({ votingPeriodBlocks: V, blockTime: 0 });
  stranger = await env.person('stranger');
  newOwner = await env.person('new-owner');
  const s = await signedSuggestion(env, env.owner);
  target = await finish(await pass(s._id));
}, 240_000);
afterAll(async () => {
  await env?.stop();
});

describe('change of owner: co-signatures by wallet request', () => {
  it('needs the nominee and the secretary general on the exact draft, then changes the owner when passed', async () => {
    const s = await signedSuggestion(env, env.owner, {
      type: 'CHANGE_PROPOSAL',
      targetProposalNumber: target.number!,
      newOwnerDid: newOwner.wallet.did,
    });
    const before = await nominations(s._id, newOwner.token);
    expect(before).toMatchObject({
      required: true,
      kind: 'CHANGE_OWNER',
      complete: false,
      mySignRole: 'NOMINEE',
    });
    expect(before.signers.map((x) => [x.role, x.did, x.signed])).toEqual([
      ['NOMINEE', newOwner.wallet.did, false],
      ['SECRETARY', env.secretary.wallet.did, false],
    ]);
    expect(before.signers[0]!.statement).toMatch(
      new RegExp(
        `^Cyber Republic nomination: ${newOwner.wallet.did} accepts to become owner of proposal ${target.hash}`,
      ),
    );
    expect((await nominations(s._id, stranger.token)).mySignRole).toBeNull();

    // No registration without the nominee's consent.
    const early = await makeProposal(env, env.council[0]!, s._id);
    expect(early.request.status).toBe(409);
    expect(errorType(early.request)).toBe('nomination.nominee_missing');

    // Only the nominee may ask; a reply signed by another DID is refused and changes nothing.
    for (const [who, role, type] of [
      [stranger, 'NOMINEE', 'nomination.not_nominee'],
      [newOwner, 'SECRETARY', 'nomination.not_secretary'],
    ] as const) {
      const res = await coSign(who, s._id, role);
      expect(res.status).toBe(403);
      expect(errorType(res)).toBe(type);
    }
    const req = await coSign(newOwner, s._id, 'NOMINEE');
    expect(req.status).toBe(200);
    const wrong = await env.approve(req.body.data!.url, stranger.name);
    expect(wrong.status).not.toBe(200);
    expect((await walletState(env.t, req.body.data!.id, req.body.data!.secret)).body.data!.status).toBe(
      'pending',
    );
    expect((await nominations(s._id)).signers[0]!.signed).toBe(false);

    expect((await env.approve(req.body.data!.url, newOwner.name)).status).toBe(200);
    expect((await nominations(s._id)).signers.map((x) => x.signed)).toEqual([true, false]);
    const again = await coSign(newOwner, s._id, 'NOMINEE');
    expect(errorType(again)).toBe('nomination.signed');

    // Still refused until the secretary general co-signs the owner change.
    const second = await makeProposal(env, env.council[0]!, s._id);
    expect(errorType(second.request)).toBe('nomination.secretary_missing');
    const sec = await coSign(env.secretary, s._id, 'SECRETARY');
    expect(sec.status).toBe(200);
    expect(sec.body.data!.statement).toContain(`secretary general ${env.secretary.wallet.did} co-signs`);
    expect((await env.approve(sec.body.data!.url, env.secretary.name)).status).toBe(200);
    expect((await nominations(s._id)).complete).toBe(true);

    const change = await pass(s._id);
    expect(change.effect).toMatchObject({
      kind: 'CHANGE_OWNER',
      status: 'pending',
      newDid: newOwner.wallet.did,
      target: { _id: target._id, number: target.number },
    });
    expect((await detail(env, target._id)).changedBy).toEqual([
      expect.objectContaining({ _id: change._id, kind: 'CHANGE_OWNER', status: 'pending' }),
    ]);
    const active = await finish(change);
    expect(active.effect!.status).toBe('applied');
    const changed = await waitForProposal(
      env,
      target._id,
      'new owner',
      (d) => d.owner?._id === newOwner.user.id,
    );
    expect(changed.changedBy[0]).toMatchObject({ _id: change._id, number: change.number, status: 'applied' });
  }, 240_000);

  it('asks again after an edit: a consent covers the exact draft it names', async () => {
    const content = { type: 'CHANGE_SECRETARY' as const, newSecretaryDid: newOwner.wallet.did };
    const s = await postSuggestion(env.t, env.owner.token, content);
    await coSignNomination(env, newOwner, s._id);
    expect((await nominations(s._id, newOwner.token)).complete).toBe(true);
    const edit = await env.t.call('PUT', `/suggestion/${s._id}`, {
      token: env.owner.token,
      body: newMotion({ ...content, abstract: 'Appoint a new secretary general, with a longer abstract.' }),
    });
    expect(edit.status).toBe(200);
    const after = await nominations(s._id, newOwner.token);
    expect(after).toMatchObject({ complete: false, mySignRole: 'NOMINEE' });
    expect(after.signers[0]!.statement).toContain('nonce 2');
  });

  it('refuses a nominee whose DID does not resolve', async () => {
    const ghost = await makeUser(env.t.deps.database.db, {
      did: 'did:elastos:iGhostGhostGhostGhostGhost12345',
    });
    const s = await postSuggestion(env.t, env.owner.token, {
      type: 'CHANGE_SECRETARY',
      newSecretaryDid: ghost.user.did!,
    });
    const state = await nominations(s._id);
    expect(state.blocked?.type).toBe('nomination.nominee_unresolvable');
    const sign = await requestWallet(env.t, 'sign-suggestion', env.owner.token, s._id);
    expect(errorType(sign)).toBe('nomination.nominee_unresolvable');
    const co = await requestWallet(env.t, 'co-sign-nomination', ghost.token, {
      suggestionId: s._id,
      role: 'NOMINEE',
    });
    expect(errorType(co)).toBe('nomination.nominee_unresolvable');
  });
});

describe('termination', () => {
  it('ends the target (no further payment) and skips a second termination', async () => {
    const a = await signedSuggestion(env, env.owner, {
      type: 'TERMINATE_PROPOSAL',
      closeProposalNumber: target.number!,
    });
    const b = await signedSuggestion(env, env.owner, {
      type: 'TERMINATE_PROPOSAL',
      closeProposalNumber: target.number!,
    });
    expect((await nominations(a._id)).required).toBe(false);
    const first = await pass(a._id);
    const second = await pass(b._id);
    await finish(first);
    const done = await waitForProposal(env, target._id, 'TERMINATED', (d) => d.status === 'TERMINATED');
    expect(done.changedBy.map((c) => [c.kind, c._id, c.status])).toEqual([
      ['CHANGE_OWNER', expect.any(String), 'applied'],
      ['TERMINATE', first._id, 'applied'],
      ['TERMINATE', second._id, 'pending'],
    ]);
    const req = await requestWallet(env.t, 'request-payment', newOwner.token, {
      proposalId: target._id,
      stage: 1,
      message: 'Milestone done.',
    });
    expect(req.status).toBe(409);
    expect(errorType(req)).toBe('milestone.closed');

    const skipped = await finish(second);
    expect(skipped.effect).toMatchObject({
      kind: 'TERMINATE',
      status: 'skipped',
      target: { _id: target._id },
    });
    expect((await detail(env, target._id)).status).toBe('TERMINATED');
  }, 240_000);
});
