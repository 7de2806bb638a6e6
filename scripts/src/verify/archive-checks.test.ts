import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { toPublicKeyXY } from '@cr/contracts-abi/p256';
import {
  compressedKeyHex,
  ownerStatement,
  registrationStatement,
  termsHash,
  textHash,
  voteStatement,
  withdrawalStatement,
} from '@cr/contracts-abi/statements';
import { encodeBase58 } from 'ethers';
import type { ProposalArchive } from '@cr/api/contract/proposal-archive.contract';
import { suggestionDraftHash } from '@cr/api/contract/suggestion-hash';
import { checkAgainstChain, checkArchive, memberIdOf, toTerms, type ChainFacts } from './archive-checks';

interface Signer {
  did: string;
  key: KeyObject;
  compressed: string;
  base58: string;
}
function signer(did: string): Signer {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const xy = toPublicKeyXY(publicKey);
  const compressed = compressedKeyHex(xy.qx, xy.qy);
  return { did, key: privateKey, compressed, base58: encodeBase58(compressed) };
}
const sigOf = (s: Signer, statement: string) =>
  `0x${sign('sha256', Buffer.from(statement, 'utf8'), { key: s.key, dsaEncoding: 'ieee-p1363' }).toString('hex')}`;
const didDocument = (s: Signer) => ({
  id: s.did,
  publicKey: [
    { id: `${s.did}#primary`, type: 'ECDSAsecp256r1', controller: s.did, publicKeyBase58: s.base58 },
  ],
});

const owner = signer('did:elastos:iqwnerAbcdefghijkmnopqrstuvwx');
const member = signer('did:elastos:iMemberAbcdefghijkmnopqrstuvw');
const secretary = signer('did:elastos:iSecretaryAbcdefghijkmnopqrs');
const CHAIN = 31337;

/** A consistent archive: one registration, one vote and one withdrawal, every statement signed. */
function makeArchive(): ProposalArchive {
  const content = { title: 'Archive test', abstract: 'Why', budget: { payments: [] } };
  const draftHash = `0x${suggestionDraftHash(7, content)}`;
  const terms = {
    kind: 'NORMAL' as const,
    recipient: '0x1111111111111111111111111111111111111111',
    stages: [{ kind: 'COMPLETION' as const, amount: '5000000000000000000' }],
    target: `0x${'0'.repeat(64)}`,
    newDid: '',
    newQx: `0x${'0'.repeat(64)}`,
    newQy: `0x${'0'.repeat(64)}`,
    newRecipient: '0x0000000000000000000000000000000000000000',
  };
  const ownerXY = toPublicKeyXY(owner.compressed);
  const ownerStmt = ownerStatement({ draftHash, ownerDid: owner.did, terms: toTerms(terms), chainId: CHAIN });
  const regStmt = registrationStatement({
    draftHash,
    ownerDid: owner.did,
    ownerQx: ownerXY.qx,
    ownerQy: ownerXY.qy,
    terms: toTerms(terms),
    term: 1,
    nonce: 42n,
    chainId: CHAIN,
  });
  const reason = 'A sound plan: yes.';
  const voteStmt = voteStatement({
    draftHash,
    choice: 'YES',
    opinionHash: textHash(reason),
    term: 1,
    nonce: 1,
    chainId: CHAIN,
  });
  const withdrawStmt = withdrawalStatement({
    draftHash,
    amount: 5n * 10n ** 18n,
    recipient: terms.recipient,
    nonce: 9n,
    chainId: CHAIN,
  });
  return {
    format: 'cyber-republic-proposal-archive',
    version: 1,
    generatedAt: '2026-01-01T00:00:00.000Z',
    chain: {
      chainId: CHAIN,
      council: null,
      governance: '0x2222222222222222222222222222222222222222',
      treasury: null,
    },
    proposal: {
      id: '00000000-0000-4000-8000-000000000001',
      number: 3,
      status: 'ACTIVE',
      type: '1',
      title: 'Archive test',
      abstract: 'Why',
      suggestion: { number: 7, content },
      draftHash,
      termsHash: termsHash(toTerms(terms)),
      terms,
      term: 1,
      registerTxHash: `0x${'a'.repeat(64)}`,
    },
    owner: { did: owner.did, statement: ownerStmt, signature: sigOf(owner, ownerStmt) },
    registration: {
      memberDid: member.did,
      nonce: '42',
      statement: regStmt,
      signature: sigOf(member, regStmt),
      txHash: `0x${'a'.repeat(64)}`,
    },
    votes: [
      {
        memberDid: member.did,
        choice: 'YES',
        reason,
        opinionHash: textHash(reason),
        nonce: '1',
        statement: voteStmt,
        signature: sigOf(member, voteStmt),
        txHash: `0x${'b'.repeat(64)}`,
      },
    ],
    vetoes: [],
    payments: [
      {
        action: 'withdrawal',
        signerDid: owner.did,
        stage: null,
        amountWei: '5000000000000000000',
        recipient: terms.recipient,
        approve: null,
        text: null,
        textHash: null,
        nonce: '9',
        statement: withdrawStmt,
        signature: sigOf(owner, withdrawStmt),
        txHash: `0x${'c'.repeat(64)}`,
      },
    ],
    signers: [owner, member, secretary].map((s) => ({
      did: s.did,
      publicKey: s.compressed,
      didDocument: didDocument(s),
      resolveError: null,
    })),
  };
}

const failures = (a: ProposalArchive) =>
  checkArchive(a)
    .filter((r) => !r.ok)
    .map((r) => `${r.item}: ${r.detail}`);

describe('archive checks', () => {
  it('passes a consistent archive, one line per statement, hash and key', () => {
    const results = checkArchive(makeArchive());
    expect(results.filter((r) => !r.ok)).toEqual([]);
    expect(results.map((r) => r.item)).toContain(`vote of ${member.did}`);
    expect(results.length).toBeGreaterThanOrEqual(14);
  });

  it('names the vote whose reason was changed (hash, not the statement, breaks)', () => {
    const a = makeArchive();
    a.votes[0]!.reason = a.votes[0]!.reason.replace('yes', 'yea');
    const failed = failures(a);
    expect(failed.some((f) => f.startsWith(`vote of ${member.did}: reason: hash mismatch`))).toBe(true);
  });

  it('refuses a statement that differs from the fields, a foreign signature and a swapped key', () => {
    const a = makeArchive();
    a.votes[0]!.nonce = '2';
    a.payments[0]!.signature = a.owner.signature;
    a.signers[1]!.publicKey = secretary.compressed;
    const failed = failures(a);
    expect(failed.some((f) => f.startsWith(`vote of ${member.did}: statement mismatch`))).toBe(true);
    expect(failed.some((f) => f.includes('payment withdrawal #1') && f.includes('signature mismatch'))).toBe(
      true,
    );
    expect(failed.some((f) => f.startsWith(`DID document of ${member.did}: public key mismatch`))).toBe(true);
  });

  it('recomputes the draft hash and the terms hash', () => {
    const a = makeArchive();
    a.proposal.suggestion = { number: 8, content: a.proposal.suggestion!.content };
    a.proposal.terms.stages[0]!.amount = '6000000000000000000';
    const failed = failures(a);
    expect(failed.some((f) => f.startsWith('proposal draft: draft hash mismatch'))).toBe(true);
    expect(failed.some((f) => f.startsWith('proposal terms: terms hash mismatch'))).toBe(true);
  });

  it('compares each vote with its VoteCast event and each payment with its Treasury event', () => {
    const a = makeArchive();
    const ownerXY = toPublicKeyXY(owner.compressed);
    const facts = (opinionHash: string): ChainFacts => ({
      chainId: CHAIN,
      proposal: {
        term: 1,
        proposer: memberIdOf(member.did),
        ownerDid: owner.did,
        ownerQx: ownerXY.qx,
        ownerQy: ownerXY.qy,
      },
      voteLogs: new Map([
        [
          a.votes[0]!.txHash!,
          [{ draftHash: a.proposal.draftHash, memberId: memberIdOf(member.did), opinionHash }],
        ],
      ]),
      paymentLogs: new Map([
        [
          a.payments[0]!.txHash!,
          [
            {
              event: 'Withdrawn',
              draftHash: a.proposal.draftHash,
              stage: null,
              amountWei: a.payments[0]!.amountWei,
              hash: null,
              approved: null,
              recipient: a.payments[0]!.recipient,
            },
          ],
        ],
      ]),
    });
    expect(checkAgainstChain(a, facts(a.votes[0]!.opinionHash)).every((r) => r.ok)).toBe(true);
    const bad = checkAgainstChain(a, facts(textHash('another reason'))).filter((r) => !r.ok);
    expect(bad.map((r) => r.item)).toEqual([`vote of ${member.did} on chain`]);
    expect(bad[0]!.detail).toMatch(/^reason: hash mismatch/);
    const recorded = facts(a.votes[0]!.opinionHash);
    a.payments[0]!.amountWei = '1';
    const paid = checkAgainstChain(a, recorded).filter((r) => !r.ok);
    expect(paid.map((r) => `${r.item}: ${r.detail}`)).toEqual([
      `payment withdrawal #1 by ${owner.did} on chain: amount 5000000000000000000 ≠ 1`,
    ]);

    // A transaction that relayed several votes (a RelayBatch): this member's VoteCast is found among them.
    const batched = facts(a.votes[0]!.opinionHash);
    batched.voteLogs.set(a.votes[0]!.txHash!, [
      { draftHash: a.proposal.draftHash, memberId: `0x${'ee'.repeat(32)}`, opinionHash: textHash('other') },
      ...batched.voteLogs.get(a.votes[0]!.txHash!)!,
    ]);
    expect(checkAgainstChain(a, batched).filter((r) => !r.ok && r.item.startsWith('vote'))).toEqual([]);
  });
});
