import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VoteChoice } from '@cr/contracts-abi/governance-enums';
import type { NewChainEvent } from '@cr/core/chain/chain-index.repo';
import { proposals, proposalVotes } from '@cr/core/db/schema/proposal.schema';
import { projectEvents } from '../src/modules/proposal/proposal-projection';
import {
  makeProposal,
  signedSuggestion,
  startProposalEnv,
  waitForProposal,
  waitUntil,
  type ProposalEnv,
} from './proposal-harness';
import { testConfig } from './test-config';

/**
 * A member re-voting while the indexer counts their previous vote (issue 50: the surviving api answered
 * `500 internal` during bench:live). Both transactions lock the proposal row and the member's vote row; they must
 * take them in the same order (proposal first), or PostgreSQL finds a deadlock and aborts one: the vote PUT or
 * the wallet callback answered 500. The interleaving is forced: a third transaction holds the proposal row while
 * the PUT and the projection of a VoteCast event queue behind it, in that order.
 */
describe.runIf(testConfig.TEST_DATABASE === 'postgres')('a vote and the indexer at the same moment', () => {
  let env: ProposalEnv;
  let proposalId: string;
  beforeAll(async () => {
    env = await startProposalEnv({ votingPeriodBlocks: 400 });
    const s = await signedSuggestion(env, env.owner);
    const made = await makeProposal(env, env.council[0]!, s._id);
    proposalId = made.result!.proposalId;
    await waitForProposal(env, proposalId, 'registration', (d) => d.window.votingEndHeight !== null);
  }, 180_000);
  afterAll(async () => {
    await env?.stop();
  });

  it('a vote PUT and the projection of the member’s VoteCast both commit, in either order of their locks', async () => {
    const db = env.t.deps.database.db;
    const member = env.council[1]!;
    const put = (choice: string) =>
      env.t.call('PUT', `/proposals/${proposalId}/vote`, {
        token: member.token,
        body: { choice, reason: `Read the plan again, ${choice} it is.` },
      });
    expect((await put('yes')).status).toBe(200);
    const [p] = await db.select().from(proposals).where(eq(proposals.id, proposalId));
    const [vote] = await db
      .select()
      .from(proposalVotes)
      .where(and(eq(proposalVotes.proposalId, proposalId), eq(proposalVotes.memberDid, member.wallet.did)));
    // The chain's VoteCast of that vote, as the indexer stores and projects it.
    const voteCast: NewChainEvent = {
      blockNumber: 900_000,
      logIndex: 0,
      blockHash: `0x${randomBytes(32).toString('hex')}`,
      txHash: `0x${randomBytes(32).toString('hex')}`,
      stream: 'governance',
      address: '0x0000000000000000000000000000000000000001',
      name: 'VoteCast',
      args: {
        draftHash: p!.draftHash,
        memberId: vote!.memberId,
        choice: String(VoteChoice.YES),
        nonce: String(vote!.version),
        opinionHash: vote!.opinionHash,
      },
    };

    const blocker = new pg.Client({ connectionString: env.t.deps.config.DATABASE_URL });
    await blocker.connect();
    const waiting = async () =>
      Number(
        (
          await blocker.query<{ n: string }>(
            `select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          )
        ).rows[0]!.n,
      );
    try {
      await blocker.query('begin');
      await blocker.query('select id from proposals where id = $1 for update', [proposalId]);
      // The member changes their vote: the PUT waits for the proposal row first.
      const again = put('oppose');
      await waitUntil('the PUT waiting', async () => ((await waiting()) >= 1 ? true : undefined), 20_000, 50);
      // Meanwhile the indexer projects the VoteCast of the first vote.
      const projected = db
        .transaction((tx) => projectEvents([voteCast], tx))
        .then(
          () => 'committed',
          (err: unknown) => `failed: ${String((err as { cause?: Error }).cause?.message ?? err)}`,
        );
      await waitUntil('both waiting', async () => ((await waiting()) >= 2 ? true : undefined), 20_000, 50);
      await blocker.query('commit');

      const [answer, projection] = await Promise.all([again, projected]);
      expect({ status: answer.status, projection }).toEqual({ status: 200, projection: 'committed' });
    } finally {
      await blocker.end();
    }
    // Both changes stand: the new choice recorded, the first one counted from the chain.
    const [after] = await db.select().from(proposalVotes).where(eq(proposalVotes.id, vote!.id));
    expect(after).toMatchObject({ choice: 'oppose', chainedChoice: 'yes' });
    const [counted] = await db.select().from(proposals).where(eq(proposals.id, proposalId));
    expect(counted!.yesCount).toBe(1);
  });
});
