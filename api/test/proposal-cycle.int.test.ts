import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CouncilOverview } from '@cr/contract/council.contract';
import { PROPOSAL_MESSAGES as PM } from '@cr/contract/proposal.contract';
import { requestWallet } from './wallet-harness';
import type { SuggestionDetail } from '@cr/contract/suggestion.contract';
import { proposalNotifications } from '@cr/core/db/schema/proposal.schema';
import { users } from '@cr/core/db/schema';
import {
  coSignNomination,
  detail,
  makeProposal,
  mineTo,
  signedSuggestion,
  startProposalEnv,
  voteAndPost,
  waitForProposal,
  waitUntil,
  type Person,
  type ProposalEnv,
} from './proposal-harness';

/**
 * Whole proposal cycles on a real chain (anvil, 60-block windows), the real api and a real chain worker: ACTIVE
 * with effects applied only then, REJECT with five yes votes, VETOED by a stake above 10% of the circulating
 * supply; reminders and status e-mails. Blocks come with transactions (automine) and the test mines through the
 * windows itself, so a busy machine cannot close a window before the votes land.
 */
const V = 60;
let env: ProposalEnv;
let nominee: Person;

beforeAll(async () => {
  env = await startProposalEnv({ votingPeriodBlocks: V, blockTime: 0 });
  nominee = await env.person('nominee');
}, 180_000);
afterAll(async () => {
  await env?.stop();
});

const roleOf = async (p: Person) =>
  (await env.t.deps.database.db.select({ role: users.role }).from(users).where(eq(users.id, p.user.id)))[0]!
    .role;
const mailsTo = (p: Person, subjectStart: string) =>
  env.t.mailbox.messages().filter((m) => m.to.includes(p.user.email!) && m.subject.startsWith(subjectStart));

describe('a signed suggestion through council voting and the veto window', () => {
  it('passes with 8 yes votes on chain: PROPOSED → NOTIFICATION → ACTIVE, effects only when ACTIVE, reminders once', async () => {
    const [normal, change] = await Promise.all([
      signedSuggestion(env, env.owner),
      signedSuggestion(env, env.owner, {
        type: 'CHANGE_SECRETARY',
        title: 'Appoint a new secretary general',
        newSecretaryDid: nominee.wallet.did,
      }),
    ]);
    // The nominee accepts the nomination first (co-sign-nomination); registration is refused without it.
    await coSignNomination(env, nominee, change._id);
    const [m1, m2] = env.council;
    const [a, b] = await Promise.all([
      makeProposal(env, m1!, normal._id),
      makeProposal(env, m2!, change._id),
    ]);
    expect(a.approval?.status).toBe(200);
    expect(b.approval?.status).toBe(200);
    const ids = [a.result!.proposalId, b.result!.proposalId];
    // Numbers come from the sequence.
    expect([a.result!.number, b.result!.number].sort()).toEqual([1, 2]);

    // The suggestion is tagged added-to-proposal and linked both ways.
    const sug = (await env.t.call<SuggestionDetail>('GET', `/suggestion/${normal._id}`)).body.data!;
    expect(sug.tags.map((t) => t.type)).toContain('ADDED_TO_PROPOSAL');
    expect(sug.proposalNumber).toBe(a.result!.number);
    expect(sug.proposalHash).toBe(`0x${normal.draftHash}`);
    const first = await detail(env, ids[0]!);
    expect(first).toMatchObject({ status: 'PROPOSED', hash: `0x${normal.draftHash}`, kind: 'NORMAL' });
    expect(first.suggestion).toEqual({ _id: normal._id, number: normal.number, title: normal.title });
    expect(first.referee?.did).toBe(m1!.wallet.did);
    expect(first.budgetRequested).toBe('1000');

    // The block watcher may index the registration event before the confirm job records `chained` (they run
    // independently), so wait for both.
    const registered = await Promise.all(
      ids.map((id) =>
        waitForProposal(
          env,
          id,
          'registration on chain',
          (d) => d.window.votingEndHeight !== null && d.chainStatus === 'chained',
        ),
      ),
    );
    for (const d of registered) {
      expect(d.chainStatus).toBe('chained');
      expect(d.txHash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(d.window.votingEndHeight! - d.window.registeredHeight!).toBe(V);
      expect(d.window.vetoEndHeight! - d.window.votingEndHeight!).toBe(V);
      expect(d.window.votingOpen).toBe(true);
      expect(d.votes).toHaveLength(12);
      expect(d.votes.every((v) => v.result === 'undecided' && v.choice === null)).toBe(true);
    }

    const voters = env.council.slice(0, 8);
    const answers = await Promise.all(ids.flatMap((id) => voters.map((m) => voteAndPost(env, m, id, 'yes'))));
    expect(answers.every((x) => (x as { message: string }).message === PM.voteRecorded)).toBe(true);
    for (const id of ids) {
      const d = await waitForProposal(
        env,
        id,
        '8 votes chained and counted',
        // The action turns chained at its confirmation; the tally moves when the VoteCast event is indexed.
        (x) =>
          x.votes.filter((v) => v.chainStatus === 'chained').length === 8 && x.outcome.tally.support === 8,
      );
      const row = d.votes.find((v) => v.member.did === voters[0]!.wallet.did)!;
      expect(row).toMatchObject({
        choice: 'yes',
        chainedChoice: 'yes',
        result: 'support',
        chainStatus: 'chained',
      });
      expect(row.reason).toContain('reviewed the budget');
      expect(row.txHash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(d.outcome).toMatchObject({ decided: true, decidedOutcome: 'pass', passThreshold: 8 });
      expect(d.outcome.tally).toEqual({ support: 8, reject: 0, abstention: 0, undecided: 4 });
      expect(d.transactions.filter((x) => x.kind === 'proposal.vote' && x.status === 'chained')).toHaveLength(
        8,
      );
      // Never an e-mail on the page.
      for (const m of env.council) expect(JSON.stringify(d)).not.toContain(m.user.email!);
    }

    // Reminders to the four members who have not voted: 25 and 8 blocks before the end of a 60-block window.
    const votingEnd = Math.max(...registered.map((d) => d.window.votingEndHeight!));
    const vetoEnd = Math.max(...registered.map((d) => d.window.vetoEndHeight!));
    const db = env.t.deps.database.db;
    const reminderRows = async (kind: string) =>
      (await db.select().from(proposalNotifications)).filter((r) => r.kind === kind);
    expect(await reminderRows('reminder:early')).toHaveLength(0);
    await mineTo(env, votingEnd - 20);
    await waitUntil('early reminders', async () =>
      (await reminderRows('reminder:early')).length === 8 ? true : undefined,
    );
    await mineTo(env, votingEnd - 5);
    await waitUntil('late reminders', async () =>
      (await reminderRows('reminder:late')).length === 8 ? true : undefined,
    );
    await mineTo(env, votingEnd - 3); // more blocks inside the zone schedule nothing more
    await mineTo(env, votingEnd);
    const notified = await waitForProposal(env, ids[1]!, 'NOTIFICATION', (d) => d.status === 'NOTIFICATION');
    expect(notified.veto).toMatchObject({ thresholdEla: '100', totalEla: '0' });
    // During the veto window nothing of the change has happened.
    expect(await roleOf(env.secretary)).toBe('SECRETARY');
    expect(await roleOf(nominee)).toBe('MEMBER');

    await mineTo(env, vetoEnd);
    const done = await Promise.all(
      ids.map((id) => waitForProposal(env, id, 'ACTIVE', (d) => d.status === 'ACTIVE')),
    );
    expect(done[0]!.transactions.filter((x) => x.kind === 'proposal.finalize').length).toBeGreaterThanOrEqual(
      1,
    );
    // CHANGE_SECRETARY applied once ACTIVE: the role moved, and the chain's secretary general is the nominee.
    await waitUntil('secretary role moved', async () =>
      (await roleOf(nominee)) === 'SECRETARY' ? true : undefined,
    );
    expect(await roleOf(env.secretary)).toBe('MEMBER');
    const council = (await env.t.call<CouncilOverview>('GET', '/council')).body.data!;
    expect(council.secretariat.secretaryGeneral?.did).toBe(nominee.wallet.did);

    // The owner heard of each status change, once each.
    for (const n of [a.result!.number, b.result!.number]) {
      await env.t.mailbox.waitFor(
        (m) => m.to.includes(env.owner.user.email!) && m.subject === `Proposal #${n} is now: Passed`,
      );
      expect(mailsTo(env.owner, `Proposal #${n} is now: Community veto period`)).toHaveLength(1);
      expect(mailsTo(env.owner, `Proposal #${n} is now: Passed`)).toHaveLength(1);
    }
    // Members who did not vote got each reminder once per proposal, each in their own message.
    const rows = await db.select().from(proposalNotifications);
    for (const id of ids)
      for (const m of env.council.slice(8)) {
        const mine = rows.filter((r) => r.proposalId === id && r.recipientId === m.user.id);
        expect(mine.map((r) => r.kind).sort()).toEqual(['reminder:early', 'reminder:late']);
      }
    for (const m of env.council.slice(8)) {
      const got = await waitUntil('reminders sent', async () => {
        const list = mailsTo(m, 'Proposal #');
        return list.filter((x) => x.subject.includes('council voting ends')).length >= 4 ? list : undefined;
      });
      expect(got.filter((x) => x.subject.includes('council voting ends'))).toHaveLength(4);
      expect(got.every((x) => x.to.length === 1)).toBe(true);
    }
    // Voters, whose votes were on chain before the first reminder, got none.
    for (const m of voters) expect(rows.filter((r) => r.recipientId === m.user.id)).toHaveLength(0);
  }, 180_000);

  it('is rejected with only five yes votes, and refuses votes once the window has closed', async () => {
    const s = await signedSuggestion(env, env.owner);
    const made = await makeProposal(env, env.council[3]!, s._id);
    const id = made.result!.proposalId;
    await waitForProposal(env, id, 'registration', (d) => d.window.votingEndHeight !== null);
    await Promise.all(env.council.slice(0, 5).map((m) => voteAndPost(env, m, id, 'yes')));
    const five = await waitForProposal(env, id, '5 chained', (d) => d.outcome.tally.support === 5);
    expect(five.outcome.decided).toBe(false);
    await mineTo(env, five.window.votingEndHeight!);
    const rejected = await waitForProposal(env, id, 'REJECT', (d) => d.status === 'REJECT');
    expect(rejected.window.currentEndHeight).toBeNull();
    const late = await env.t.call('PUT', `/proposals/${id}/vote`, {
      token: env.council[9]!.token,
      body: { choice: 'yes', reason: 'Too late' },
    });
    expect(late.status).toBe(409);
    expect(late.body.error).toMatchObject({ type: 'proposal.voting_closed', message: PM.votingClosed });
    await env.t.mailbox.waitFor(
      (m) =>
        m.to.includes(env.owner.user.email!) &&
        m.subject === `Proposal #${made.result!.number} is now: Rejected`,
    );
  }, 120_000);

  it('is vetoed when the locked stake exceeds 10% of the circulating supply', async () => {
    const holder = await env.person('holder');
    const s = await signedSuggestion(env, env.owner);
    const made = await makeProposal(env, env.council[5]!, s._id);
    const id = made.result!.proposalId;
    await waitForProposal(env, id, 'registration', (d) => d.window.votingEndHeight !== null);
    // Not yet: the community veto window opens when council voting ends.
    const stake = { proposalId: id, amount: '150', from: holder.wallet.evmAddress };
    const early = await requestWallet(env.t, 'veto', holder.token, stake);
    expect(early.status).toBe(409);
    expect(early.body.error?.type).toBe('proposal.veto_closed');
    await Promise.all(env.council.slice(0, 8).map((m) => voteAndPost(env, m, id, 'yes')));
    const eight = await waitForProposal(env, id, '8 counted', (d) => d.outcome.tally.support === 8);
    await mineTo(env, eight.window.votingEndHeight!);
    const notification = await waitForProposal(
      env,
      id,
      'NOTIFICATION',
      (d) => d.status === 'NOTIFICATION',
      90_000,
    );
    expect(notification.my.canVeto).toBe(false); // anonymous caller
    expect((await detail(env, id, holder.token)).my.canVeto).toBe(true);

    const req = await requestWallet(env.t, 'veto', holder.token, stake);
    expect(req.status).toBe(200);
    expect(req.body.data!.intent).toBe('esctransaction');
    expect(req.body.data!.url).toContain('/esctransaction?');
    const sent = await env.approve(req.body.data!.url, holder.name);
    expect(sent.status).toBe(200);
    const staked = await waitForProposal(
      env,
      id,
      'veto stake indexed and its transaction confirmed',
      (d) =>
        d.veto.totalEla === '150' &&
        d.transactions.some((x) => x.kind === 'proposal.veto' && x.status === 'chained'),
    );
    expect(staked.veto).toMatchObject({ thresholdEla: '100', percentOfThreshold: 150, stakes: 1 });
    const tracked = staked.transactions.find((x) => x.kind === 'proposal.veto')!;
    expect(tracked).toMatchObject({ mode: 'track', status: 'chained' });
    await mineTo(env, eight.window.vetoEndHeight!);
    const vetoed = await waitForProposal(env, id, 'VETOED', (d) => d.status === 'VETOED', 90_000);
    expect(vetoed.vetoPercent).toBe(15);
  }, 180_000);
});
