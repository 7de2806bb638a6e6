import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseEther } from 'ethers';
import { workspaceDir } from './solc-build';
import { emptyTerms, type ProposalTerms } from './statements';
import { makeIdentity } from './test-support/identities';
import {
  concludeCall,
  finalize,
  mineSoNextTxIsAt,
  mined,
  register,
  requestPaymentCall,
  reviewPaymentCall,
  startGovernanceChain,
  voteCall,
  voteYes,
  withdrawCall,
  type GovernanceChain,
} from './test-support/governance-chain';

/**
 * `npm run gas -w contracts-abi`: runs one full proposal cycle on anvil with and without the P-256 precompile
 * (osaka / prague) and writes the gas of each call to docs/chain-gas.md.
 */

const hardforks = ['osaka', 'prague'] as const;

async function scenario(chain: GovernanceChain): Promise<void> {
  const V = chain.params.votingPeriodBlocks;
  const owner = makeIdentity('owner');
  const recipient = '0x00000000000000000000000000000000000A11CE';
  const terms: ProposalTerms = {
    ...emptyTerms('NORMAL'),
    recipient,
    stages: [
      { kind: 'ADVANCE', amount: parseEther('5') },
      { kind: 'CONDITIONED', amount: parseEther('10') },
      { kind: 'CONDITIONED', amount: parseEther('10') },
      { kind: 'COMPLETION', amount: parseEther('15') },
    ],
  };
  const { draftHash, registeredAt } = await register(
    chain,
    { member: chain.members[0]!, owner, terms },
    'register (NORMAL, 4 stages)',
  );
  await mined(
    chain,
    'vote (first)',
    voteCall(chain, { draftHash, member: chain.members[0]!, choice: 'OPPOSE', nonce: 1n }),
  );
  await mined(
    chain,
    'vote (replacing an earlier vote)',
    voteCall(chain, { draftHash, member: chain.members[0]!, choice: 'YES', nonce: 2n }),
  );
  await voteYes(chain, draftHash, 7, 1);
  await mineSoNextTxIsAt(chain, registeredAt + V);
  await mined(
    chain,
    'veto (also finalizes the council window)',
    chain.c.governance.connect(chain.holders[0]!).getFunction('veto')(draftHash, { value: parseEther('1') }),
  );
  await mined(
    chain,
    'veto (second stake)',
    chain.c.governance.connect(chain.holders[1]!).getFunction('veto')(draftHash, { value: parseEther('1') }),
  );
  await mineSoNextTxIsAt(chain, registeredAt + 2 * V);
  await finalize(chain, draftHash, 'finalize → ACTIVE (NORMAL, advance approved)');
  await mined(
    chain,
    'reclaimVeto',
    chain.c.governance.connect(chain.holders[0]!).getFunction('reclaimVeto')(draftHash),
  );
  const pay = { draftHash, stageCount: 4 };
  await mined(
    chain,
    'withdraw (1 stage)',
    withdrawCall(chain, { draftHash, owner, amount: parseEther('5'), recipient, nonce: 1n }),
  );
  await mined(
    chain,
    'requestPayment',
    requestPaymentCall(chain, { ...pay, owner, stage: 1, amount: parseEther('10'), nonce: 2n }),
  );
  await mined(
    chain,
    'reviewPayment (reject)',
    reviewPaymentCall(chain, {
      ...pay,
      signer: chain.secretary,
      approve: false,
      stage: 1,
      amount: parseEther('10'),
      nonce: 1n,
    }),
  );
  await mined(
    chain,
    'requestPayment',
    requestPaymentCall(chain, { ...pay, owner, stage: 1, amount: parseEther('10'), nonce: 3n }),
  );
  await mined(
    chain,
    'reviewPayment (approve)',
    reviewPaymentCall(chain, {
      ...pay,
      signer: chain.secretary,
      approve: true,
      stage: 1,
      amount: parseEther('10'),
      nonce: 2n,
    }),
  );
  await mined(
    chain,
    'requestPayment',
    requestPaymentCall(chain, { ...pay, owner, stage: 2, amount: parseEther('10'), nonce: 4n }),
  );
  await mined(
    chain,
    'reviewPayment (approve)',
    reviewPaymentCall(chain, {
      ...pay,
      signer: chain.secretary,
      approve: true,
      stage: 2,
      amount: parseEther('10'),
      nonce: 3n,
    }),
  );
  await mined(
    chain,
    'withdraw (2 stages)',
    withdrawCall(chain, { draftHash, owner, amount: parseEther('20'), recipient, nonce: 5n }),
  );
  await mined(
    chain,
    'conclude (INCOMPLETED, owner + secretary)',
    concludeCall(chain, { draftHash, owner, outcome: 'INCOMPLETED', nonce: 6n }),
  );

  const rejected = await register(
    chain,
    { member: chain.members[1]!, owner, terms, nonce: 2n },
    'register (NORMAL, 4 stages)',
  );
  await mineSoNextTxIsAt(chain, rejected.registeredAt + V);
  await finalize(chain, rejected.draftHash, 'finalize → REJECT (budget released)');

  const nominee = makeIdentity('nominee');
  const change: ProposalTerms = {
    ...emptyTerms('CHANGE_SECRETARY'),
    newDid: nominee.did,
    newQx: nominee.key.qx,
    newQy: nominee.key.qy,
  };
  const sg = await register(
    chain,
    { member: chain.members[2]!, owner, terms: change },
    'register (CHANGE_SECRETARY)',
  );
  await voteYes(chain, sg.draftHash, 8);
  await mineSoNextTxIsAt(chain, sg.registeredAt + V);
  await finalize(chain, sg.draftHash, 'finalize → NOTIFICATION');
  await mineSoNextTxIsAt(chain, sg.registeredAt + 2 * V);
  await finalize(chain, sg.draftHash, 'finalize → ACTIVE (CHANGE_SECRETARY)');

  const members = Array.from({ length: 12 }, (_, i) => makeIdentity(`t2-${i}`));
  await mined(
    chain,
    'setCouncil (12 members)',
    chain.op.council.getFunction('setCouncil')(
      2,
      12,
      members.map((m) => m.did),
      members.map((m) => m.key.qx),
      members.map((m) => m.key.qy),
    ),
  );
  await mined(
    chain,
    'setSecretary',
    chain.op.council.getFunction('setSecretary')(nominee.did, owner.key.qx, owner.key.qy),
  );
  await mined(
    chain,
    'setCirculatingSupply',
    chain.op.governance.getFunction('setCirculatingSupply')(parseEther('33000000')),
  );
  await mined(
    chain,
    'fund treasury (receive)',
    chain.operator.sendTransaction({ to: chain.addresses.treasury, value: parseEther('1') }),
  );
}

async function main(): Promise<void> {
  const results = new Map<string, Map<string, bigint>>();
  for (const hardfork of hardforks) {
    const chain = await startGovernanceChain({ hardfork });
    try {
      await scenario(chain);
      results.set(hardfork, chain.gas);
    } finally {
      await chain.anvil.stop();
    }
  }
  const labels = [...results.get('osaka')!.keys()];
  const fmt = (n: bigint | undefined) => (n === undefined ? '—' : n.toLocaleString('en-US'));
  const rows = labels.map((label) => {
    const osaka = results.get('osaka')!.get(label);
    const prague = results.get('prague')!.get(label);
    return `| ${label} | ${fmt(osaka)} | ${fmt(prague)} |`;
  });
  const doc = `# Gas per call

Generated by \`npm run gas -w contracts-abi\` (src/gas-report.ts): one full proposal cycle on anvil 1.7.1, 12-seat
council, each call's \`gasUsed\` from its receipt (first occurrence). **osaka** verifies P-256 with the RIP-7212
precompile at 0x100; **prague** has no precompile, so OpenZeppelin's P256 falls back to Solidity. Each signature
check costs roughly the difference divided by the number of signatures in the call (registration checks two,
conclusion two, the others one). Compiled with solc 0.8.37, viaIR, optimizer 200 runs, evmVersion paris. Every run
makes fresh DIDs and signatures (their bytes and, without the precompile, the verifier's work depend on the numbers),
so the figures move slightly from run to run: about 1% in the prague column, less with the precompile.

| call | osaka (precompile) | prague (Solidity P-256) |
|---|---:|---:|
${rows.join('\n')}
`;
  const target = path.resolve(workspaceDir, '..', 'docs', 'chain-gas.md');
  writeFileSync(target, doc);
  console.log(doc);
}

await main();
