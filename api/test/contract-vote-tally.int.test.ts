import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyTerms } from '@cr/contracts-abi/statements';
import { makeIdentity } from '@cr/contracts-abi/test-support/identities';
import {
  finalize,
  mineSoNextTxIsAt,
  mined,
  register,
  startGovernanceChain,
  TEST_PARAMS,
  statusOf,
  voteCall,
  type GovernanceChain,
} from '@cr/contracts-abi/test-support/governance-chain';
import type { Hex32 } from '@cr/contracts-abi/statements';
import { holdsTwoThirds, passes, voteOutcome } from '@cr/contract/vote-tally';

type Mix = { yes: number; oppose: number; abstain: number };

/** Councils and vote mixes around the 2/3 line: each proposal's counts are one below, at or above it. */
const COUNCILS: { seats: number; seated: number; mixes: Mix[] }[] = [
  { seats: 3, seated: 3, mixes: [m(2, 0, 0), m(1, 1, 1), m(1, 0, 0), m(0, 0, 2)] },
  { seats: 4, seated: 4, mixes: [m(3, 1, 0), m(2, 0, 2), m(2, 0, 0)] },
  { seats: 5, seated: 5, mixes: [m(4, 1, 0), m(3, 2, 0), m(3, 0, 0)] },
  { seats: 7, seated: 7, mixes: [m(5, 0, 2), m(4, 3, 0), m(4, 0, 0)] },
  // Seats, not seated members, set the threshold: 9 of 12 seated still need 8 yes.
  { seats: 12, seated: 9, mixes: [m(8, 1, 0), m(7, 0, 2), m(7, 0, 0)] },
  { seats: 12, seated: 12, mixes: [m(8, 4, 0), m(7, 3, 2), m(12, 0, 0)] },
];

function m(yes: number, oppose: number, abstain: number): Mix {
  return { yes, oppose, abstain };
}

// The TypeScript rule the api, the worker and the web use must decide as the deployed contracts do.
describe('the shared vote tally against Governance and Council on anvil', () => {
  let chain: GovernanceChain;
  const owner = makeIdentity('owner');

  beforeAll(async () => {
    // A window long enough for every vote of one council (one transaction per block) before it closes.
    chain = await startGovernanceChain({
      hardfork: 'osaka',
      params: { ...TEST_PARAMS, votingPeriodBlocks: 100 },
    });
  });
  afterAll(async () => {
    await chain?.anvil.stop();
  });

  it('passes and fails the same proposals as Governance.finalize for several seat counts and vote mixes', async () => {
    let term = 1;
    for (const council of COUNCILS) {
      term++;
      const members = chain.members.slice(0, council.seated);
      await mined(
        chain,
        'setCouncil',
        chain.op.council.getFunction('setCouncil')(
          term,
          council.seats,
          members.map((x) => x.did),
          members.map((x) => x.key.qx),
          members.map((x) => x.key.qy),
        ),
      );
      const registered: { draftHash: Hex32; registeredAt: number; mix: Mix }[] = [];
      for (const [i, mix] of council.mixes.entries()) {
        const r = await register(chain, {
          member: members[0]!,
          owner,
          terms: emptyTerms('NORMAL'),
          term,
          nonce: BigInt(i + 1),
        });
        registered.push({ ...r, mix });
      }
      for (const { draftHash, mix } of registered) {
        const choices = [
          ...Array<'YES'>(mix.yes).fill('YES'),
          ...Array<'OPPOSE'>(mix.oppose).fill('OPPOSE'),
          ...Array<'ABSTAIN'>(mix.abstain).fill('ABSTAIN'),
        ];
        for (const [i, choice] of choices.entries())
          await mined(
            chain,
            'vote',
            voteCall(chain, { draftHash, member: members[i]!, choice, nonce: 1n, term }),
          );
      }
      const last = registered.at(-1)!;
      await mineSoNextTxIsAt(chain, last.registeredAt + chain.params.votingPeriodBlocks);
      for (const { draftHash, mix } of registered) {
        const label = `${mix.yes} yes, ${mix.oppose} oppose, ${mix.abstain} abstain of ${council.seats} seats`;
        // The tally the chain counted, through the shared function.
        const p = await chain.c.governance.getFunction('proposal')(draftHash);
        const [yes, oppose, abstain] = [p.yes, p.oppose, p.abstain].map(Number) as [number, number, number];
        expect([yes, oppose, abstain], label).toEqual([mix.yes, mix.oppose, mix.abstain]);
        const outcome = voteOutcome(
          {
            support: yes,
            reject: oppose,
            abstention: abstain,
            undecided: council.seats - yes - oppose - abstain,
          },
          council.seats,
        );
        await finalize(chain, draftHash);
        const status = await statusOf(chain, draftHash);
        expect(status, label).toBe(passes(yes, council.seats) ? 'NOTIFICATION' : 'REJECT');
        // A "decided" marker shown before the window closed must be the outcome the chain reaches.
        if (outcome.decidedOutcome)
          expect(outcome.decidedOutcome, label).toBe(status === 'NOTIFICATION' ? 'pass' : 'fail');
      }
    }
  });

  it('reads a council below 2/3 of its seats as Council does (CouncilBelowTwoThirds, electionRunning)', async () => {
    let term = Number(await chain.c.council.getFunction('currentTerm')());
    for (const [seats, seated] of [
      [12, 8],
      [12, 7],
      [3, 2],
      [3, 1],
      [5, 4],
      [5, 3],
    ] as const) {
      term++;
      const members = chain.members.slice(0, seated);
      const receipt = await mined(
        chain,
        'setCouncil',
        chain.op.council.getFunction('setCouncil')(
          term,
          seats,
          members.map((x) => x.did),
          members.map((x) => x.key.qx),
          members.map((x) => x.key.qy),
        ),
      );
      const below = receipt.logs
        .map((log) => chain.op.council.interface.parseLog(log))
        .some((e) => e?.name === 'CouncilBelowTwoThirds');
      const label = `${seated} seated of ${seats}`;
      expect(below, label).toBe(!holdsTwoThirds(seated, seats));
      expect(await chain.c.council.getFunction('electionRunning')(), label).toBe(below);
    }
  });
});
