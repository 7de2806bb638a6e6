import { parseEther } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyTerms, ZERO_ADDRESS, type Hex32, type ProposalTerms } from '@cr/contracts-abi/statements';
import { makeIdentity } from '@cr/contracts-abi/test-support/identities';
import {
  concludeCall,
  mineSoNextTxIsAt,
  mined,
  randomHash,
  register,
  registerActive,
  registerCall,
  requestPaymentCall,
  revertName,
  reviewPaymentCall,
  revertTo,
  rpc,
  snapshot,
  startGovernanceChain,
  TEST_PARAMS,
  voteCall,
  withdrawCall,
  type GovernanceChain,
} from '@cr/contracts-abi/test-support/governance-chain';
import {
  chainViewOf,
  readConclusionState,
  readPaymentState,
  readRegistrationState,
  readVoteState,
  readWithdrawalState,
  type ChainView,
} from '../src/chain/chain-state';
import {
  conclusionRefusal,
  paymentRequestRefusal,
  paymentReviewRefusal,
  registrationRefusal,
  voteRefusal,
  withdrawalRefusal,
  type ChainRefusal,
} from '@cr/contract/chain-refusals';

/** The contract error a predicted refusal is on chain: a wrong signer or other words fail the signature check. */
const onChain = (r: ChainRefusal) =>
  r.name === 'NotOwner' || r.name === 'NotSecretary' || r.name === 'WithdrawalChanged'
    ? 'InvalidSignature'
    : r.name;

// Each shared rule must predict what the deployed contracts answer: the same revert, or success.
describe('the shared chain refusals against Governance, Treasury and Council on anvil', () => {
  let chain: GovernanceChain;
  let view: ChainView;
  const owner = makeIdentity('owner');
  const stranger = makeIdentity('stranger');
  const recipient = '0x00000000000000000000000000000000000000A1';
  let nonce = 100n;
  const next = () => ++nonce;

  /** The rule's answer, then the call: the call reverts with the predicted error, or is mined when none. */
  async function agree(label: string, predicted: ChainRefusal | null, send: () => Promise<unknown>) {
    if (predicted) expect(await revertName(send()), label).toBe(onChain(predicted));
    else await mined(chain, label, send() as never);
    return predicted?.name ?? null;
  }

  function normal(stages: ProposalTerms['stages']): ProposalTerms {
    return { ...emptyTerms('NORMAL'), recipient, stages };
  }

  async function registration(
    label: string,
    terms: ProposalTerms,
    member = chain.members[0]!,
    draftHash = randomHash(),
  ) {
    const state = await readRegistrationState(
      view,
      { draftHash, ownerDid: owner.did, ownerQx: owner.key.qx, ownerQy: owner.key.qy, terms },
      member.did,
    );
    return agree(label, registrationRefusal(state), () =>
      registerCall(chain, { member, owner, terms, draftHash, nonce: next() }),
    );
  }

  beforeAll(async () => {
    // A short term (its election 1,000 blocks before its end) so the test can reach the election quickly.
    chain = await startGovernanceChain({
      hardfork: 'osaka',
      params: { ...TEST_PARAMS, termLengthBlocks: 3_000, electionPeriodBlocks: 1_000 },
    });
    view = chainViewOf(chain.provider, chain.addresses);
  });
  afterAll(async () => {
    await chain?.anvil.stop();
  });

  it('registration: accepted, already registered, not seated, target not active, stage rules, election', async () => {
    const one = parseEther('1');
    const draftHash = randomHash();
    const ok = normal([
      { kind: 'CONDITIONED', amount: one },
      { kind: 'COMPLETION', amount: one },
    ]);
    expect(await registration('new', ok, chain.members[0], draftHash)).toBeNull();
    expect(await registration('again', ok, chain.members[1], draftHash)).toBe('AlreadyRegistered');
    expect(await registration('stranger', ok, stranger)).toBe('NotCouncilMember');
    const terminate = { ...emptyTerms('TERMINATE'), target: draftHash };
    expect(await registration('terminate a voting proposal', terminate)).toBe('TargetNotActive');
    const unordered = normal([
      { kind: 'COMPLETION', amount: one },
      { kind: 'CONDITIONED', amount: one },
    ]);
    expect(await registration('completion first', unordered)).toBe('InvalidBudget');
    expect(await registration('no recipient', { ...ok, recipient: ZERO_ADDRESS })).toBe('InvalidBudget');
    const snap = await snapshot(chain);
    const info = await chain.c.council.getFunction('termInfo')(1);
    await mineSoNextTxIsAt(chain, Number(info.electionStart));
    expect(await registration('in the election', ok)).toBe('ElectionRunning');
    await revertTo(chain, snap);
  });

  it('vote: accepted, replaced only by a newer nonce, not seated, unknown, window closed, term over', async () => {
    const { draftHash, registeredAt } = await register(chain, {
      member: chain.members[0]!,
      owner,
      terms: emptyTerms('NORMAL'),
      nonce: next(),
    });
    const vote = async (label: string, member = chain.members[1]!, n = 1n, hash: Hex32 = draftHash) => {
      const state = await readVoteState(view, {
        draftHash: hash,
        memberDid: member.did,
        choice: 'YES',
        nonce: n,
      });
      return agree(label, voteRefusal(state), () =>
        voteCall(chain, { draftHash: hash, member, choice: 'YES', nonce: n }),
      );
    };
    expect(await vote('first')).toBeNull();
    expect(await vote('same nonce')).toBe('StaleNonce');
    expect(await vote('newer nonce', chain.members[1], 2n)).toBeNull();
    expect(await vote('stranger', stranger)).toBe('NotCouncilMember');
    expect(await vote('unknown', chain.members[2], 1n, randomHash())).toBe('UnknownProposal');
    const snap = await snapshot(chain);
    const members = chain.members;
    await mined(
      chain,
      'setCouncil',
      chain.op.council.getFunction('setCouncil')(
        2,
        12,
        members.map((m) => m.did),
        members.map((m) => m.key.qx),
        members.map((m) => m.key.qy),
      ),
    );
    expect(await vote('after the term', chain.members[3])).toBe('TermOver');
    await revertTo(chain, snap);
    await mineSoNextTxIsAt(chain, registeredAt + chain.params.votingPeriodBlocks - 1);
    expect(await vote('last block of the window', chain.members[4])).toBeNull();
    expect(await vote('window closed', chain.members[5])).toBe('VotingClosed');
  });

  it('payments, withdrawal and conclusion: order, reviewer, amount, treasury balance, outstanding stages', async () => {
    const [a, b, c] = [parseEther('1'), parseEther('2'), parseEther('3')];
    const { draftHash } = await registerActive(chain, {
      owner,
      nonce: next(),
      terms: normal([
        { kind: 'ADVANCE', amount: a },
        { kind: 'CONDITIONED', amount: b },
        { kind: 'COMPLETION', amount: c },
      ]),
    });
    const amounts = [a, b, c];
    const request = async (label: string, stage: number, signer = owner) => {
      const s = await readPaymentState(view, { draftHash, stage, signerDid: signer.did, role: 'owner' });
      return agree(label, paymentRequestRefusal(s), () =>
        requestPaymentCall(chain, {
          draftHash,
          owner: signer,
          stage,
          stageCount: 3,
          amount: amounts[stage]!,
          nonce: next(),
        }),
      );
    };
    const review = async (label: string, stage: number, signer = chain.secretary) => {
      const s = await readPaymentState(view, { draftHash, stage, signerDid: signer.did, role: 'secretary' });
      return agree(label, paymentReviewRefusal(s), () =>
        reviewPaymentCall(chain, {
          draftHash,
          signer,
          approve: true,
          stage,
          stageCount: 3,
          amount: amounts[stage]!,
          nonce: next(),
        }),
      );
    };
    const withdraw = async (label: string, amount: bigint) => {
      const s = await readWithdrawalState(view, {
        draftHash,
        signerDid: owner.did,
        amountWei: amount,
        recipient,
      });
      return agree(label, withdrawalRefusal(s), () =>
        withdrawCall(chain, { draftHash, owner, amount, recipient, nonce: next() }),
      );
    };
    const conclude = async (label: string, outcome: 'FINAL' | 'INCOMPLETED', hash: Hex32 = draftHash) => {
      const s = await readConclusionState(view, {
        draftHash: hash,
        outcome,
        signerDid: owner.did,
        role: 'owner',
      });
      return agree(label, conclusionRefusal(s), () =>
        concludeCall(chain, { draftHash: hash, owner, outcome, nonce: next() }),
      );
    };

    expect(await request('stage 3 before stage 2', 2)).toBe('StageOutOfOrder');
    expect(await request('stage 2 by a stranger', 1, stranger)).toBe('NotOwner');
    expect(await review('stage 2 not requested', 1)).toBe('StageNotRequested');
    expect(await request('stage 2', 1)).toBeNull();
    expect(await request('stage 2 again', 1)).toBe('StageNotRequestable');
    expect(await review('stage 2 by a council member', 1, chain.members[0])).toBe('NotSecretary');
    expect(await review('stage 2 approved', 1)).toBeNull();
    expect(await withdraw('less than due', a)).toBe('WithdrawalChanged');
    const treasury = chain.addresses.treasury;
    const balance = await chain.provider.getBalance(treasury);
    await rpc(chain, 'anvil_setBalance', [treasury, '0x1']);
    expect(await withdraw('treasury short', a + b)).toBe('TreasuryInsufficient');
    await rpc(chain, 'anvil_setBalance', [treasury, `0x${balance.toString(16)}`]);
    expect(await withdraw('advance and stage 2', a + b)).toBeNull();
    expect(await withdraw('again', a + b)).toBe('NothingToWithdraw');
    expect(await conclude('unknown', 'INCOMPLETED', randomHash())).toBe('UnknownProposal');
    expect(await conclude('completed with stage 3 outstanding', 'FINAL')).toBe('StagesOutstanding');
    expect(await conclude('incomplete', 'INCOMPLETED')).toBeNull();
    expect(await conclude('concluded again', 'INCOMPLETED')).toBe('WrongStatus');
    expect(await request('stage 3 after the end', 2)).toBe('ProposalNotActive');
  });
});
