import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import { parseEther } from 'ethers';
import { toContractSig } from './p256';
import { emptyTerms, statementDigest, type ProposalTerms } from './statements';
import { highSSignature, makeIdentity, signdigestSig } from './test-support/identities';
import {
  CIRCULATING_SUPPLY_WEI,
  blockNumber,
  finalize,
  memberId,
  mineSoNextTxIsAt,
  mined,
  register,
  registerActive,
  registerCall,
  registrationArgs,
  revertName,
  revertTo,
  snapshot,
  startGovernanceChain,
  statusOf,
  voteCall,
  voteYes,
  type GovernanceChain,
} from './test-support/governance-chain';

// The whole suite runs twice: with the P-256 precompile (osaka) and without it (prague: OpenZeppelin's
// Solidity verification). Each test runs on a chain snapshot, reverted afterwards.
describe.each(['osaka', 'prague'] as const)('governance on anvil --hardfork %s', (hardfork) => {
  let chain: GovernanceChain;
  let snap: string;
  const V = 20; // TEST_PARAMS.votingPeriodBlocks

  const normalTerms = (recipient: string, amounts = [parseEther('10'), parseEther('20')]): ProposalTerms => ({
    ...emptyTerms('NORMAL'),
    recipient,
    stages: amounts.map((amount, i) => ({
      kind: i === amounts.length - 1 ? 'COMPLETION' : 'CONDITIONED',
      amount,
    })),
  });

  beforeAll(async () => {
    chain = await startGovernanceChain({ hardfork });
  });
  afterAll(async () => {
    await chain?.anvil.stop();
  });
  beforeEach(async () => {
    snap = await snapshot(chain);
  });
  afterEach(async () => {
    await revertTo(chain, snap);
  });

  const owner = makeIdentity('owner');
  const outsider = makeIdentity('outsider');
  const recipient = '0x000000000000000000000000000000000000dEaD';
  const member = (i: number) => chain.members[i]!;

  describe('registration', () => {
    it('registers with the member and owner signatures and opens the voting window at the registration height', async () => {
      const { draftHash, registeredAt } = await register(chain, {
        member: member(0),
        owner,
        terms: normalTerms(recipient),
      });
      const p = await chain.c.governance.getFunction('proposal')(draftHash);
      expect(await statusOf(chain, draftHash)).toBe('PROPOSED');
      expect(Number(p.registeredAt)).toBe(registeredAt);
      expect(Number(p.votingEnd)).toBe(registeredAt + V);
      expect(Number(p.vetoEnd)).toBe(registeredAt + 2 * V);
      expect(p.ownerDid).toBe(owner.did);
      expect(await chain.c.treasury.getFunction('committed')()).toBe(parseEther('30'));
    });

    it('accepts signatures made through signdigest over sha256(statement), and high-s signatures once normalised', async () => {
      const draftHash = `0x${'ab'.repeat(32)}` as const;
      const terms = normalTerms(recipient);
      const { memberStatement } = registrationArgs(chain, { member: member(0), owner, terms, draftHash });
      const high = highSSignature(member(0), memberStatement);
      // Raw high-s is refused by OpenZeppelin P256 (malleability); the relayer's normalisation makes it valid.
      const raw = { r: `0x${high.raw.slice(0, 64)}`, s: `0x${high.raw.slice(64)}` } as never;
      expect(
        await revertName(registerCall(chain, { member: member(0), owner, terms, draftHash, memberSig: raw })),
      ).toBe('InvalidSignature');
      await mined(
        chain,
        'register (high-s normalised)',
        registerCall(chain, {
          member: member(0),
          owner,
          terms,
          draftHash,
          memberSig: toContractSig(high.raw),
        }),
      );
      const other = registrationArgs(chain, { member: member(1), owner, terms });
      await mined(
        chain,
        'register (signdigest)',
        registerCall(chain, {
          member: member(1),
          owner,
          terms,
          draftHash: other.draftHash,
          memberSig: signdigestSig(member(1), other.memberStatement),
        }),
      );
      expect(await statusOf(chain, other.draftHash)).toBe('PROPOSED');
    });

    it('never registers the same draft hash twice', async () => {
      const { draftHash } = await register(chain, {
        member: member(0),
        owner,
        terms: normalTerms(recipient),
      });
      const again = registerCall(chain, {
        member: member(1),
        owner,
        terms: normalTerms(recipient),
        draftHash,
        nonce: 2n,
      });
      expect(await revertName(again)).toBe('AlreadyRegistered');
    });

    it('refuses a signer who is not a seated council member', async () => {
      expect(
        await revertName(registerCall(chain, { member: outsider, owner, terms: normalTerms(recipient) })),
      ).toBe('NotCouncilMember');
    });

    it('refuses a forged member signature and a signature by another member’s key', async () => {
      const forged = registerCall(chain, {
        member: member(0),
        owner,
        terms: normalTerms(recipient),
        memberSig: outsider.sig('Cyber Republic proposal: something else'),
      });
      expect(await revertName(forged)).toBe('InvalidSignature');
      const built = registrationArgs(chain, { member: member(1), owner, terms: normalTerms(recipient) });
      // Member 1 signed, but the relayer claims it is member 0.
      const impersonated = registerCall(chain, {
        member: member(1),
        owner,
        terms: normalTerms(recipient),
        draftHash: built.draftHash,
        memberIdOverride: memberId(member(0)),
      });
      expect(await revertName(impersonated)).toBe('InvalidSignature');
    });

    it('refuses a relayer substituting the owner key or altering the terms after signing', async () => {
      const terms = normalTerms(recipient);
      const honest = registrationArgs(chain, { member: member(0), owner, terms });
      // The attacker signs the owner statement with their own key and claims to be the owner: the member's
      // statement committed to the real owner's key, so it no longer verifies.
      const substituted = registerCall(chain, {
        member: member(0),
        owner: outsider,
        ownerDid: owner.did,
        terms,
        draftHash: honest.draftHash,
        memberSig: member(0).sig(honest.memberStatement),
      });
      expect(await revertName(substituted)).toBe('InvalidSignature');
      // Both signatures were over a different recipient.
      const args = registrationArgs(chain, { member: member(0), owner, terms });
      const altered = registerCall(chain, {
        member: member(0),
        owner,
        terms: {
          ...terms,
          recipient: outsider.did ? '0x000000000000000000000000000000000000bEEF' : recipient,
        },
        draftHash: args.draftHash,
        memberSig: args.args[3] as never,
        ownerSig: args.args[4] as never,
      });
      expect(await revertName(altered)).toBe('InvalidSignature');
    });

    it('caps one proposal at 10% of the available treasury balance', async () => {
      const cap = (await chain.c.treasury.getFunction('budgetCap')()) as bigint;
      expect(cap).toBe(parseEther('100'));
      const over = registerCall(chain, {
        member: member(0),
        owner,
        terms: normalTerms(recipient, [cap + 1n]),
      });
      expect(await revertName(over)).toBe('BudgetOverCap');
      await register(chain, { member: member(0), owner, terms: normalTerms(recipient, [cap]) });
      // 100 ELA is now reserved: the next cap is 10% of the 900 ELA left.
      expect(await chain.c.treasury.getFunction('budgetCap')()).toBe(parseEther('90'));
    });

    it('allows 128 proposals per member per term and refuses the 129th', { timeout: 120_000 }, async () => {
      const terms = { ...emptyTerms('NORMAL') };
      for (let i = 0; i < 128; i++)
        await register(chain, { member: member(2), owner, terms, nonce: BigInt(i + 1) });
      expect(await chain.c.governance.getFunction('proposalCount')(1, memberId(member(2)))).toBe(128n);
      expect(await revertName(registerCall(chain, { member: member(2), owner, terms, nonce: 129n }))).toBe(
        'ProposalLimitReached',
      );
      await register(chain, { member: member(3), owner, terms });
    });

    it('refuses registration while an election runs: in the election period, or below 2/3 of seats', async () => {
      // Remove 5 of 12: 7 < 8 seats held.
      for (let i = 7; i < 12; i++)
        await mined(chain, 'removeMember', chain.op.council.getFunction('removeMember')(memberId(member(i))));
      expect(await chain.c.council.getFunction('electionRunning')()).toBe(true);
      expect(
        await revertName(registerCall(chain, { member: member(0), owner, terms: normalTerms(recipient) })),
      ).toBe('ElectionRunning');
      await revertTo(chain, snap);
      snap = await snapshot(chain);
      // A short term 2 (200 blocks, election in its last 100) so the test need not mine 99,000 blocks.
      await mined(chain, 'setTermParams', chain.op.council.getFunction('setTermParams')(200, 100));
      await mined(
        chain,
        'setCouncil',
        chain.op.council.getFunction('setCouncil')(
          2,
          12,
          chain.members.map((m) => m.did),
          chain.members.map((m) => m.key.qx),
          chain.members.map((m) => m.key.qy),
        ),
      );
      const term = await chain.c.council.getFunction('termInfo')(2);
      expect(term.electionStart - term.start).toBe(100n);
      await mineSoNextTxIsAt(chain, term.electionStart - 1n);
      await register(chain, { member: member(0), owner, terms: normalTerms(recipient), term: 2 }); // last block before
      expect(
        await revertName(
          registerCall(chain, {
            member: member(0),
            owner,
            terms: normalTerms(recipient),
            term: 2,
            nonce: 2n,
          }),
        ),
      ).toBe('ElectionRunning');
    });
  });

  describe('council votes', () => {
    it('accepts votes until the last block of the window (R+V-1) and refuses them at R+V', async () => {
      const { draftHash, registeredAt } = await register(chain, {
        member: member(0),
        owner,
        terms: normalTerms(recipient),
      });
      await mineSoNextTxIsAt(chain, registeredAt + V - 1);
      const receipt = await mined(
        chain,
        'vote',
        voteCall(chain, { draftHash, member: member(0), choice: 'YES', nonce: 1n }),
      );
      expect(receipt.blockNumber).toBe(registeredAt + V - 1);
      expect(
        await revertName(voteCall(chain, { draftHash, member: member(1), choice: 'YES', nonce: 1n })),
      ).toBe('VotingClosed');
      expect(await blockNumber(chain)).toBe(registeredAt + V - 1);
    });

    it('replaces an earlier vote with a later one and keeps the tallies', async () => {
      const { draftHash } = await register(chain, {
        member: member(0),
        owner,
        terms: normalTerms(recipient),
      });
      await mined(chain, 'vote', voteCall(chain, { draftHash, member: member(0), choice: 'YES', nonce: 1n }));
      await mined(
        chain,
        'vote (replacing)',
        voteCall(chain, { draftHash, member: member(0), choice: 'OPPOSE', nonce: 2n }),
      );
      await mined(
        chain,
        'vote',
        voteCall(chain, { draftHash, member: member(1), choice: 'ABSTAIN', nonce: 1n }),
      );
      const p = await chain.c.governance.getFunction('proposal')(draftHash);
      expect([p.yes, p.oppose, p.abstain]).toEqual([0n, 1n, 1n]);
      const ballot = await chain.c.governance.getFunction('ballot')(draftHash, memberId(member(0)));
      expect([ballot.choice, ballot.nonce]).toEqual([2n, 2n]);
    });

    it('refuses replayed and stale votes, non-members, forged signatures and another member’s key', async () => {
      const { draftHash } = await register(chain, {
        member: member(0),
        owner,
        terms: normalTerms(recipient),
      });
      const first = { draftHash, member: member(0), choice: 'YES' as const, nonce: 5n, opinion: 'fixed' };
      await mined(chain, 'vote', voteCall(chain, first));
      expect(await revertName(voteCall(chain, first))).toBe('StaleNonce');
      expect(await revertName(voteCall(chain, { ...first, choice: 'OPPOSE', nonce: 4n }))).toBe('StaleNonce');
      expect(
        await revertName(voteCall(chain, { draftHash, member: outsider, choice: 'YES', nonce: 1n })),
      ).toBe('NotCouncilMember');
      expect(
        await revertName(
          voteCall(chain, { draftHash, member: member(1), signer: member(2), choice: 'YES', nonce: 1n }),
        ),
      ).toBe('InvalidSignature');
      expect(
        await revertName(
          voteCall(chain, { draftHash, member: member(1), signer: outsider, choice: 'YES', nonce: 1n }),
        ),
      ).toBe('InvalidSignature');
      // A signature for term 2 does not count in term 1.
      expect(
        await revertName(
          voteCall(chain, { draftHash, member: member(1), choice: 'YES', nonce: 1n, term: 2 }),
        ),
      ).toBe('InvalidSignature');
    });

    it('needs 2/3 of seats: 7 yes of 12 → REJECT, 8 yes → NOTIFICATION; finalize only from R+V', async () => {
      const a = await register(chain, { member: member(0), owner, terms: normalTerms(recipient) });
      const b = await register(chain, { member: member(1), owner, terms: normalTerms(recipient) });
      await voteYes(chain, a.draftHash, 7);
      await mined(
        chain,
        'vote',
        voteCall(chain, { draftHash: a.draftHash, member: member(7), choice: 'OPPOSE', nonce: 1n }),
      );
      await voteYes(chain, b.draftHash, 8);
      await mineSoNextTxIsAt(chain, a.registeredAt + V - 1);
      expect(await revertName(chain.c.governance.getFunction('finalize')(a.draftHash))).toBe(
        'NothingToFinalize',
      );
      await mineSoNextTxIsAt(chain, a.registeredAt + V);
      await finalize(chain, a.draftHash, 'finalize → REJECT');
      expect(await statusOf(chain, a.draftHash)).toBe('REJECT');
      await mineSoNextTxIsAt(chain, b.registeredAt + V);
      await finalize(chain, b.draftHash, 'finalize → NOTIFICATION');
      expect(await statusOf(chain, b.draftHash)).toBe('NOTIFICATION');
      // The rejected proposal's reservation went back to the treasury; the passed one still holds 30 ELA.
      expect(await chain.c.treasury.getFunction('committed')()).toBe(parseEther('30'));
    });

    it('passes with 2 of 3 seats in an interim council, and fails with 1', async () => {
      const interim = chain.members.slice(0, 3);
      await mined(
        chain,
        'setCouncil (interim, 3 seats)',
        chain.op.council.getFunction('setCouncil')(
          2,
          3,
          interim.map((m) => m.did),
          interim.map((m) => m.key.qx),
          interim.map((m) => m.key.qy),
        ),
      );
      const a = await register(chain, { member: member(0), owner, terms: normalTerms(recipient), term: 2 });
      const b = await register(chain, { member: member(1), owner, terms: normalTerms(recipient), term: 2 });
      for (const i of [0, 1])
        await mined(
          chain,
          'vote',
          voteCall(chain, { draftHash: a.draftHash, member: member(i), choice: 'YES', nonce: 1n, term: 2 }),
        );
      await mined(
        chain,
        'vote',
        voteCall(chain, { draftHash: b.draftHash, member: member(0), choice: 'YES', nonce: 1n, term: 2 }),
      );
      expect(
        await revertName(
          voteCall(chain, { draftHash: b.draftHash, member: member(5), choice: 'YES', nonce: 1n, term: 2 }),
        ),
      ).toBe('NotCouncilMember');
      await mineSoNextTxIsAt(chain, b.registeredAt + V);
      await finalize(chain, a.draftHash);
      await finalize(chain, b.draftHash);
      expect(await statusOf(chain, a.draftHash)).toBe('NOTIFICATION');
      expect(await statusOf(chain, b.draftHash)).toBe('REJECT');
    });

    it('lets only the operator seat a council, and reports a council below 2/3 of seats', async () => {
      const seat = chain.c.council.getFunction('setCouncil')(
        2,
        12,
        [owner.did],
        [owner.key.qx],
        [owner.key.qy],
      );
      await expect(seat).rejects.toThrow();
      for (let i = 11; i >= 8; i--) {
        const receipt = await mined(
          chain,
          'removeMember',
          chain.op.council.getFunction('removeMember')(memberId(member(i))),
        );
        const below = receipt.logs
          .map((log) => chain.op.council.interface.parseLog(log))
          .filter((e) => e?.name === 'CouncilBelowTwoThirds');
        // 12 seats: 8 held is still 2/3; the 5th removal (7 held) would be below.
        expect(below).toHaveLength(0);
      }
      const receipt = await mined(
        chain,
        'removeMember',
        chain.op.council.getFunction('removeMember')(memberId(member(7))),
      );
      const below = receipt.logs
        .map((log) => chain.op.council.interface.parseLog(log))
        .find((e) => e?.name === 'CouncilBelowTwoThirds');
      expect(below?.args.map(Number)).toEqual([1, 7, 12]);
    });

    it('defers a proposal whose council term ended inside its voting window, and refuses later votes', async () => {
      const { draftHash, registeredAt } = await register(chain, {
        member: member(0),
        owner,
        terms: normalTerms(recipient),
      });
      await voteYes(chain, draftHash, 8);
      const next = chain.members.map((m) => ({ did: m.did, publicKey: m.key }));
      await mined(
        chain,
        'setCouncil',
        chain.op.council.getFunction('setCouncil')(
          2,
          12,
          next.map((m) => m.did),
          next.map((m) => m.publicKey.qx),
          next.map((m) => m.publicKey.qy),
        ),
      );
      expect(
        await revertName(voteCall(chain, { draftHash, member: member(9), choice: 'YES', nonce: 1n })),
      ).toBe('TermOver');
      await mineSoNextTxIsAt(chain, registeredAt + V);
      await finalize(chain, draftHash, 'finalize → DEFERRED');
      expect(await statusOf(chain, draftHash)).toBe('DEFERRED');
    });
  });

  describe('community veto', () => {
    async function inNotification() {
      const registered = await register(chain, { member: member(0), owner, terms: normalTerms(recipient) });
      await voteYes(chain, registered.draftHash, 8);
      return registered;
    }
    const veto = (draftHash: string, value: bigint, holder = 0) =>
      chain.c.governance.connect(chain.holders[holder]!).getFunction('veto')(draftHash, { value });

    it('accepts veto stakes only in blocks [R+V, R+2V) and refunds them after the window', async () => {
      const { draftHash, registeredAt } = await inNotification();
      await mineSoNextTxIsAt(chain, registeredAt + V - 1);
      expect(await revertName(veto(draftHash, 1n))).toBe('NotInVetoWindow');
      await mineSoNextTxIsAt(chain, registeredAt + V);
      await mined(chain, 'veto (finalizes the council window)', veto(draftHash, parseEther('1')));
      expect(await statusOf(chain, draftHash)).toBe('NOTIFICATION');
      await mineSoNextTxIsAt(chain, registeredAt + 2 * V - 1);
      const reclaimEarly = chain.c.governance.connect(chain.holders[0]!).getFunction('reclaimVeto')(
        draftHash,
      );
      expect(await revertName(reclaimEarly)).toBe('VetoWindowOpen');
      await mined(chain, 'veto', veto(draftHash, parseEther('2')));
      expect(await revertName(veto(draftHash, 1n))).toBe('NotInVetoWindow'); // at R+2V
      const before = await chain.provider.getBalance(chain.holders[0]!.address);
      const receipt = await mined(
        chain,
        'reclaimVeto',
        chain.c.governance.connect(chain.holders[0]!).getFunction('reclaimVeto')(draftHash),
      );
      const after = await chain.provider.getBalance(chain.holders[0]!.address);
      expect(after - before + receipt.gasUsed * receipt.gasPrice).toBe(parseEther('3'));
      expect(
        await revertName(chain.c.governance.connect(chain.holders[0]!).getFunction('reclaimVeto')(draftHash)),
      ).toBe('NothingToReclaim');
    });

    it('is VETOED only when the stake exceeds 10% of circulating supply: exactly 10% → ACTIVE, +1 wei → VETOED', async () => {
      const threshold = CIRCULATING_SUPPLY_WEI / 10n;
      const a = await inNotification();
      const b = await inNotification();
      await mineSoNextTxIsAt(chain, b.registeredAt + V);
      await mined(chain, 'veto', veto(a.draftHash, threshold));
      await mined(chain, 'veto', veto(b.draftHash, threshold, 0));
      await mined(chain, 'veto', veto(b.draftHash, 1n, 1));
      expect((await chain.c.governance.getFunction('proposal')(a.draftHash)).vetoThreshold).toBe(threshold);
      await mineSoNextTxIsAt(chain, b.registeredAt + 2 * V);
      await finalize(chain, a.draftHash, 'finalize → ACTIVE');
      await finalize(chain, b.draftHash, 'finalize → VETOED');
      expect(await statusOf(chain, a.draftHash)).toBe('ACTIVE');
      expect(await statusOf(chain, b.draftHash)).toBe('VETOED');
    });
  });

  describe('effects apply only when ACTIVE', () => {
    it('CHANGE_SECRETARY installs the new secretary at ACTIVE, not in NOTIFICATION, and not when vetoed', async () => {
      const nominee = makeIdentity('nominee');
      const terms: ProposalTerms = {
        ...emptyTerms('CHANGE_SECRETARY'),
        newDid: nominee.did,
        newQx: nominee.key.qx,
        newQy: nominee.key.qy,
      };
      const vetoed = await register(chain, { member: member(1), owner, terms });
      await voteYes(chain, vetoed.draftHash, 8);
      const { draftHash, registeredAt } = await register(chain, { member: member(0), owner, terms });
      await voteYes(chain, draftHash, 12);
      await mineSoNextTxIsAt(chain, registeredAt + V);
      await finalize(chain, vetoed.draftHash);
      await finalize(chain, draftHash);
      await mined(
        chain,
        'veto',
        chain.c.governance.connect(chain.holders[0]!).getFunction('veto')(vetoed.draftHash, {
          value: parseEther('60'),
        }),
      );
      expect(await chain.c.council.getFunction('secretaryDid')()).toBe(chain.secretary.did);
      await mineSoNextTxIsAt(chain, registeredAt + 2 * V);
      await finalize(chain, vetoed.draftHash);
      expect(await chain.c.council.getFunction('secretaryDid')()).toBe(chain.secretary.did);
      await finalize(chain, draftHash, 'finalize → ACTIVE (CHANGE_SECRETARY)');
      expect(await chain.c.council.getFunction('secretaryDid')()).toBe(nominee.did);
      expect(await chain.c.council.getFunction('secretaryQx')()).toBe(nominee.key.qx);
    });

    it('refuses a target that is not ACTIVE, and inconsistent terms', async () => {
      const { draftHash } = await register(chain, {
        member: member(0),
        owner,
        terms: normalTerms(recipient),
      });
      const terminate: ProposalTerms = { ...emptyTerms('TERMINATE'), target: draftHash };
      expect(
        await revertName(registerCall(chain, { member: member(0), owner, terms: terminate, nonce: 2n })),
      ).toBe('TargetNotActive');
      const budgetOnSecretary: ProposalTerms = {
        ...normalTerms(recipient),
        kind: 'CHANGE_SECRETARY',
        newDid: owner.did,
        newQx: owner.key.qx,
        newQy: owner.key.qy,
      };
      expect(
        await revertName(
          registerCall(chain, { member: member(0), owner, terms: budgetOnSecretary, nonce: 3n }),
        ),
      ).toBe('InvalidTerms');
    });

    it('registers every status change as an event and reads statements hashed as SHA-256', async () => {
      const { draftHash, receipt } = await registerActive(chain, { owner, terms: normalTerms(recipient) });
      expect(receipt.logs.length).toBeGreaterThan(0);
      const filter = chain.c.governance.filters.StatusChanged!(draftHash);
      const events = await chain.c.governance.queryFilter(filter);
      expect(events.map((e) => ('args' in e ? Number(e.args[2]) : -1))).toEqual([1, 2, 6]);
      expect(statementDigest('abc')).toBe(
        '0xba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
      );
    });
  });
});
