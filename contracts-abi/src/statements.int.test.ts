import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Contract, ContractFactory, Wallet, parseEther } from 'ethers';
import { ANVIL_DEFAULT_KEYS, startAnvil, type AnvilHandle } from './anvil';
import { statementsHarnessArtifact } from './artifacts';
import { ProposalStatus, VoteChoice } from './governance-enums';
import { createProvider } from './provider';
import {
  compressedKeyHex,
  conclusionStatement,
  emptyTerms,
  formatEla,
  isValidDid,
  ownerStatement,
  paymentRequestStatement,
  paymentReviewStatement,
  registrationStatement,
  termsHash,
  termsTuple,
  voteStatement,
  withdrawalStatement,
  type ProposalTerms,
} from './statements';
import { makeIdentity } from './test-support/identities';
import { randomHash } from './test-support/governance-chain';

// TypeScript builders and contracts/Statements.sol must agree byte for byte: the member reads the TS string,
// the contract rebuilds its own and checks the signature over its SHA-256.
describe('statements: TypeScript and Solidity agree byte for byte', () => {
  let anvil: AnvilHandle;
  let harness: Contract;
  let chainId: bigint;
  const call = (name: string, ...args: unknown[]) => harness.getFunction(name)(...args) as Promise<unknown>;

  beforeAll(async () => {
    anvil = await startAnvil({ hardfork: 'prague' });
    const provider = createProvider(anvil.rpcUrl);
    const deployer = new Wallet(ANVIL_DEFAULT_KEYS[0], provider);
    const factory = new ContractFactory(
      statementsHarnessArtifact.abi as never,
      statementsHarnessArtifact.bytecode,
      deployer,
    );
    harness = (await (await factory.deploy()).waitForDeployment()) as unknown as Contract;
    chainId = (await provider.getNetwork()).chainId;
  });
  afterAll(async () => {
    await anvil?.stop();
  });

  const owner = makeIdentity('owner');
  const nominee = makeIdentity('nominee');
  const amounts = [
    0n,
    1n,
    10n ** 17n,
    parseEther('1'),
    parseEther('12.5'),
    123456789012345678901234567n,
    2n ** 128n - 1n,
  ];
  const termsCases: ProposalTerms[] = [
    emptyTerms('NORMAL'),
    {
      ...emptyTerms('NORMAL'),
      recipient: '0x00000000000000000000000000000000000A11CE',
      stages: [{ kind: 'COMPLETION', amount: 1n }],
    },
    {
      ...emptyTerms('NORMAL'),
      recipient: '0xabcdef0123456789abcdef0123456789abcdef01',
      stages: [
        { kind: 'ADVANCE', amount: parseEther('0.5') },
        { kind: 'CONDITIONED', amount: parseEther('12.25') },
        { kind: 'COMPLETION', amount: 3n },
      ],
    },
    {
      ...emptyTerms('CHANGE_OWNER'),
      target: randomHash(),
      newDid: nominee.did,
      newQx: nominee.key.qx,
      newQy: nominee.key.qy,
      newRecipient: '0x0000000000000000000000000000000000000B0B',
    },
    { ...emptyTerms('CHANGE_SECRETARY'), newDid: nominee.did, newQx: nominee.key.qx, newQy: nominee.key.qy },
    { ...emptyTerms('TERMINATE'), target: randomHash() },
  ];

  it('formats amounts in ELA identically', async () => {
    for (const amount of amounts) expect(await call('ela', amount)).toBe(formatEla(amount));
  });

  it('hashes the terms and writes the compressed key identically', async () => {
    for (const terms of termsCases) expect(await call('termsHash', termsTuple(terms))).toBe(termsHash(terms));
    for (let i = 0; i < 6; i++) {
      const { key } = makeIdentity(`k${i}`);
      expect(await call('compressedKeyHex', key.qx, key.qy)).toBe(compressedKeyHex(key.qx, key.qy));
    }
  });

  it('accepts and refuses the same DIDs', async () => {
    const dids = [
      owner.did,
      'did:elastos:iXyz1',
      'did:elastos:',
      'did:elastos:i0OIl',
      'did:elastos:ia b',
      'did:ela:iXyz',
      `did:elastos:${'a'.repeat(52)}`,
      `did:elastos:${'a'.repeat(53)}`,
    ];
    for (const did of dids) expect(await call('isValidDid', did)).toBe(isValidDid(did));
  });

  it('builds every action statement identically', async () => {
    for (const terms of termsCases) {
      const draftHash = randomHash();
      expect(await call('ownerSignature', draftHash, owner.did, termsTuple(terms))).toBe(
        ownerStatement({ draftHash, ownerDid: owner.did, terms, chainId }),
      );
      expect(
        await call(
          'registration',
          draftHash,
          owner.did,
          owner.key.qx,
          owner.key.qy,
          termsTuple(terms),
          3,
          77n,
        ),
      ).toBe(
        registrationStatement({
          draftHash,
          ownerDid: owner.did,
          ownerQx: owner.key.qx,
          ownerQy: owner.key.qy,
          terms,
          term: 3,
          nonce: 77n,
          chainId,
        }),
      );
    }
    const draftHash = randomHash();
    const hash = randomHash();
    for (const choice of ['YES', 'OPPOSE', 'ABSTAIN'] as const) {
      expect(await call('vote', draftHash, VoteChoice[choice], hash, 1, 2n ** 64n - 1n)).toBe(
        voteStatement({ draftHash, choice, opinionHash: hash, term: 1, nonce: 2n ** 64n - 1n, chainId }),
      );
    }
    for (const amount of amounts.slice(1)) {
      expect(await call('paymentRequest', draftHash, 0, 3, amount, hash, 9n)).toBe(
        paymentRequestStatement({
          draftHash,
          stage: 0,
          stageCount: 3,
          amount,
          messageHash: hash,
          nonce: 9n,
          chainId,
        }),
      );
      for (const approve of [true, false]) {
        expect(await call('paymentReview', draftHash, approve, 2, 3, amount, hash, 10n)).toBe(
          paymentReviewStatement({
            draftHash,
            approve,
            stage: 2,
            stageCount: 3,
            amount,
            opinionHash: hash,
            nonce: 10n,
            chainId,
          }),
        );
      }
      const to = '0xabcdef0123456789abcdef0123456789abcdef01';
      expect(await call('withdrawal', draftHash, amount, to, 11n)).toBe(
        withdrawalStatement({ draftHash, amount, recipient: to, nonce: 11n, chainId }),
      );
    }
    for (const outcome of ['FINAL', 'INCOMPLETED'] as const) {
      expect(await call('conclusion', draftHash, ProposalStatus[outcome], hash, 12n)).toBe(
        conclusionStatement({ draftHash, outcome, summaryHash: hash, nonce: 12n, chainId }),
      );
    }
  });
});
