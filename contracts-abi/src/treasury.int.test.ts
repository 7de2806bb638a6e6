import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Contract, ContractFactory, parseEther } from 'ethers';
import { testRecipientArtifact } from './artifacts';
import { emptyTerms, type Hex32, type ProposalTerms } from './statements';
import { makeIdentity } from './test-support/identities';
import {
  concludeCall,
  finalize,
  mineSoNextTxIsAt,
  mined,
  register,
  registerActive,
  requestPaymentCall,
  reviewPaymentCall,
  revertName,
  revertTo,
  snapshot,
  stageStatus,
  startGovernanceChain,
  statusOf,
  voteYes,
  withdrawCall,
  withdrawalSig,
  type GovernanceChain,
} from './test-support/governance-chain';

describe.each(['osaka', 'prague'] as const)('treasury on anvil --hardfork %s', (hardfork) => {
  let chain: GovernanceChain;
  let snap: string;
  const V = 20;
  const owner = makeIdentity('owner');
  const newOwner = makeIdentity('new-owner');
  const recipient = '0x00000000000000000000000000000000000A11CE';
  const ADVANCE = parseEther('5');
  const MILESTONE = parseEther('10');
  const COMPLETION = parseEther('15');

  const budget = (to = recipient): ProposalTerms => ({
    ...emptyTerms('NORMAL'),
    recipient: to,
    stages: [
      { kind: 'ADVANCE', amount: ADVANCE },
      { kind: 'CONDITIONED', amount: MILESTONE },
      { kind: 'COMPLETION', amount: COMPLETION },
    ],
  });
  const request = (draftHash: Hex32, stage: number, amount: bigint, nonce: bigint, who = owner) =>
    requestPaymentCall(chain, { draftHash, owner: who, stage, stageCount: 3, amount, nonce });
  const review = (
    draftHash: Hex32,
    stage: number,
    amount: bigint,
    approve: boolean,
    nonce: bigint,
    signer = chain.secretary,
  ) => reviewPaymentCall(chain, { draftHash, signer, approve, stage, stageCount: 3, amount, nonce });
  const withdraw = (draftHash: Hex32, amount: bigint, nonce: bigint, who = owner, to = recipient) =>
    withdrawCall(chain, { draftHash, owner: who, amount, recipient: to, nonce });

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

  it('pays stage by stage: advance at activation, request → secretary approval → withdrawal, then FINAL', async () => {
    const { draftHash } = await registerActive(chain, { owner, terms: budget() });
    expect(await stageStatus(chain, draftHash, 0)).toBe('WAITING_FOR_WITHDRAWAL');
    await mined(chain, 'withdraw (1 stage)', withdraw(draftHash, ADVANCE, 1n));
    expect(await chain.provider.getBalance(recipient)).toBe(ADVANCE);

    await mined(chain, 'requestPayment', request(draftHash, 1, MILESTONE, 2n));
    expect(await stageStatus(chain, draftHash, 1)).toBe('WAITING_FOR_APPROVAL');
    await mined(chain, 'reviewPayment (approve)', review(draftHash, 1, MILESTONE, true, 1n));
    await mined(chain, 'requestPayment', request(draftHash, 2, COMPLETION, 3n));
    await mined(chain, 'reviewPayment (approve)', review(draftHash, 2, COMPLETION, true, 2n));
    // One withdrawal pays every approved, unpaid stage.
    await mined(chain, 'withdraw (2 stages)', withdraw(draftHash, MILESTONE + COMPLETION, 4n));
    expect(await chain.provider.getBalance(recipient)).toBe(ADVANCE + MILESTONE + COMPLETION);
    expect(await chain.c.treasury.getFunction('committed')()).toBe(0n);

    await mined(
      chain,
      'conclude (FINAL)',
      concludeCall(chain, { draftHash, owner, outcome: 'FINAL', nonce: 5n }),
    );
    expect(await statusOf(chain, draftHash)).toBe('FINAL');
  });

  it('keeps stage order: a later stage cannot be requested before the earlier one is approved', async () => {
    const { draftHash } = await registerActive(chain, { owner, terms: budget() });
    expect(await revertName(request(draftHash, 2, COMPLETION, 1n))).toBe('StageOutOfOrder');
    await mined(chain, 'requestPayment', request(draftHash, 1, MILESTONE, 2n));
    expect(await revertName(request(draftHash, 2, COMPLETION, 3n))).toBe('StageOutOfOrder');
    expect(await revertName(request(draftHash, 1, MILESTONE, 4n))).toBe('StageNotRequestable');
  });

  it('takes approval only from the secretary general, and a rejected stage can be requested again', async () => {
    const { draftHash } = await registerActive(chain, { owner, terms: budget() });
    await mined(chain, 'requestPayment', request(draftHash, 1, MILESTONE, 1n));
    expect(await revertName(review(draftHash, 1, MILESTONE, true, 1n, owner))).toBe('InvalidSignature');
    expect(await revertName(review(draftHash, 1, MILESTONE, true, 1n, chain.members[0]!))).toBe(
      'InvalidSignature',
    );
    await mined(chain, 'reviewPayment (reject)', review(draftHash, 1, MILESTONE, false, 1n));
    expect(await stageStatus(chain, draftHash, 1)).toBe('REJECTED');
    // Only the advance is payable; the rejected stage is not.
    expect(await chain.c.treasury.getFunction('withdrawable')(draftHash)).toBe(ADVANCE);
    // The old request signature cannot be replayed; a new one (new nonce) works.
    expect(await revertName(request(draftHash, 1, MILESTONE, 1n))).toBe('SignatureReplayed');
    await mined(chain, 'requestPayment (again)', request(draftHash, 1, MILESTONE, 3n));
    await mined(chain, 'reviewPayment (approve)', review(draftHash, 1, MILESTONE, true, 2n));
    expect(await stageStatus(chain, draftHash, 1)).toBe('WAITING_FOR_WITHDRAWAL');
  });

  it('never pays twice: a second withdrawal has nothing to pay and a replayed withdrawal signature is refused', async () => {
    const terms: ProposalTerms = {
      ...budget(),
      stages: [
        { kind: 'ADVANCE', amount: MILESTONE },
        { kind: 'CONDITIONED', amount: MILESTONE },
        { kind: 'COMPLETION', amount: COMPLETION },
      ],
    };
    const { draftHash } = await registerActive(chain, { owner, terms });
    const sig = withdrawalSig(chain, { owner, draftHash, amount: MILESTONE, recipient, nonce: 1n });
    const withdrawWith = () => chain.c.treasury.getFunction('withdraw')(draftHash, 1n, sig);
    await mined(chain, 'withdraw', withdrawWith());
    expect(await revertName(withdrawWith())).toBe('NothingToWithdraw');
    await mined(chain, 'requestPayment', request(draftHash, 1, MILESTONE, 2n));
    await mined(chain, 'reviewPayment (approve)', review(draftHash, 1, MILESTONE, true, 1n));
    // Same amount due again: the very same signed withdrawal would match, but it was used.
    expect(await revertName(withdrawWith())).toBe('SignatureReplayed');
    expect(await chain.provider.getBalance(recipient)).toBe(MILESTONE);
  });

  it('refuses payment actions before the proposal is ACTIVE and signatures by anyone but the owner', async () => {
    const { draftHash, registeredAt } = await register(chain, {
      member: chain.members[0]!,
      owner,
      terms: budget(),
    });
    await voteYes(chain, draftHash, 8);
    await mineSoNextTxIsAt(chain, registeredAt + V);
    await finalize(chain, draftHash);
    expect(await statusOf(chain, draftHash)).toBe('NOTIFICATION');
    expect(await revertName(request(draftHash, 1, MILESTONE, 1n))).toBe('ProposalNotActive');
    expect(await revertName(withdraw(draftHash, ADVANCE, 1n))).toBe('ProposalNotActive');
    await mineSoNextTxIsAt(chain, registeredAt + 2 * V);
    await finalize(chain, draftHash);
    expect(await revertName(withdraw(draftHash, ADVANCE, 1n, newOwner))).toBe('InvalidSignature');
    expect(await revertName(withdraw(draftHash, ADVANCE + 1n, 1n))).toBe('InvalidSignature'); // wrong amount
  });

  it('concludes FINAL only when every stage is approved; INCOMPLETED cancels the rest and frees the reservation', async () => {
    const { draftHash } = await registerActive(chain, { owner, terms: budget() });
    expect(await revertName(concludeCall(chain, { draftHash, owner, outcome: 'FINAL', nonce: 1n }))).toBe(
      'StagesOutstanding',
    );
    expect(
      await revertName(
        concludeCall(chain, { draftHash, owner, secretary: newOwner, outcome: 'INCOMPLETED', nonce: 1n }),
      ),
    ).toBe('InvalidSignature');
    await mined(
      chain,
      'conclude (INCOMPLETED)',
      concludeCall(chain, { draftHash, owner, outcome: 'INCOMPLETED', nonce: 2n }),
    );
    expect(await statusOf(chain, draftHash)).toBe('INCOMPLETED');
    expect(await stageStatus(chain, draftHash, 1)).toBe('CANCELLED');
    // The approved advance stays owed and payable; the rest is no longer reserved.
    expect(await chain.c.treasury.getFunction('committed')()).toBe(ADVANCE);
    await mined(chain, 'withdraw', withdraw(draftHash, ADVANCE, 3n));
    expect(await revertName(request(draftHash, 1, MILESTONE, 4n))).toBe('ProposalNotActive');
  });

  it('CHANGE_OWNER moves the key and recipient only when ACTIVE; TERMINATE ends the target, approved stages stay payable', async () => {
    const { draftHash: target } = await registerActive(chain, { owner, terms: budget() });
    const newRecipient = '0x0000000000000000000000000000000000000B0B';
    const change: ProposalTerms = {
      ...emptyTerms('CHANGE_OWNER'),
      target,
      newDid: newOwner.did,
      newQx: newOwner.key.qx,
      newQy: newOwner.key.qy,
      newRecipient,
    };
    const { draftHash: changeHash, registeredAt } = await register(chain, {
      member: chain.members[1]!,
      owner,
      terms: change,
    });
    await voteYes(chain, changeHash, 8);
    await mineSoNextTxIsAt(chain, registeredAt + V);
    await finalize(chain, changeHash);
    // NOTIFICATION: nothing changed yet.
    await mined(chain, 'requestPayment', request(target, 1, MILESTONE, 1n, owner));
    await mineSoNextTxIsAt(chain, registeredAt + 2 * V);
    await finalize(chain, changeHash, 'finalize → ACTIVE (CHANGE_OWNER)');
    await mined(chain, 'reviewPayment (approve)', review(target, 1, MILESTONE, true, 1n));
    expect(await revertName(withdraw(target, ADVANCE + MILESTONE, 2n, owner))).toBe('InvalidSignature');
    await mined(chain, 'withdraw', withdraw(target, ADVANCE + MILESTONE, 1n, newOwner, newRecipient));
    expect(await chain.provider.getBalance(newRecipient)).toBe(ADVANCE + MILESTONE);

    const terminate: ProposalTerms = { ...emptyTerms('TERMINATE'), target };
    const t = await register(chain, { member: chain.members[2]!, owner: newOwner, terms: terminate });
    await voteYes(chain, t.draftHash, 8);
    await mined(chain, 'requestPayment', request(target, 2, COMPLETION, 2n, newOwner));
    await mineSoNextTxIsAt(chain, t.registeredAt + V);
    await finalize(chain, t.draftHash);
    expect(await statusOf(chain, target)).toBe('ACTIVE');
    await mineSoNextTxIsAt(chain, t.registeredAt + 2 * V);
    await finalize(chain, t.draftHash, 'finalize → ACTIVE (TERMINATE)');
    expect(await statusOf(chain, target)).toBe('TERMINATED');
    expect(await stageStatus(chain, target, 2)).toBe('CANCELLED');
    expect(await chain.c.treasury.getFunction('committed')()).toBe(0n);
  });

  it('pays through checks-effects-interactions: a re-entering recipient is paid once, a refusing one changes nothing', async () => {
    const factory = new ContractFactory(
      testRecipientArtifact.abi as never,
      testRecipientArtifact.bytecode,
      chain.operator,
    );
    const hostile = (await (await factory.deploy()).waitForDeployment()) as unknown as Contract;
    const hostileAddress = await hostile.getAddress();
    const { draftHash } = await registerActive(chain, { owner, terms: budget(hostileAddress) });
    const second = withdrawalSig(chain, {
      owner,
      draftHash,
      amount: ADVANCE,
      recipient: hostileAddress,
      nonce: 2n,
    });
    const reentry = chain.c.treasury.interface.encodeFunctionData('withdraw', [draftHash, 2n, second]);
    await mined(
      chain,
      'armReentry',
      hostile.getFunction('armReentry')(await chain.c.treasury.getAddress(), reentry),
    );
    await mined(chain, 'withdraw', withdraw(draftHash, ADVANCE, 1n, owner, hostileAddress));
    expect(await hostile.getFunction('reentrySucceeded')()).toBe(false);
    expect(await chain.provider.getBalance(hostileAddress)).toBe(ADVANCE);

    await mined(chain, 'requestPayment', request(draftHash, 1, MILESTONE, 3n));
    await mined(chain, 'reviewPayment (approve)', review(draftHash, 1, MILESTONE, true, 1n));
    await mined(chain, 'setRefusePayments', hostile.getFunction('setRefusePayments')(true));
    expect(await revertName(withdraw(draftHash, MILESTONE, 4n, owner, hostileAddress))).toBe('PaymentFailed');
    expect(await stageStatus(chain, draftHash, 1)).toBe('WAITING_FOR_WITHDRAWAL');
  });
});
