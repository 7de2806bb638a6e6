import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { toPublicKeyXY } from '@cr/contracts-abi/p256';
import {
  compressedKeyHex,
  conclusionStatement,
  ownerStatement,
  registrationStatement,
  termsHash,
  textHash,
  voteStatement,
  withdrawalStatement,
} from '@cr/contracts-abi/statements';
import { encodeBase58 } from 'ethers';
import type { ProposalArchive, ProposalArchiveV1 } from '@cr/contract/proposal-archive.contract';
import { elipVoteStatement } from '@cr/contract/elip-vote-statement';
import { suggestionDraftHash } from '@cr/contract/suggestion-hash';
import { toTerms } from './archive-checks';

/** Test support for the verifier's unit tests: P-256 signers with DID documents and a consistent archive. */
export interface Signer {
  did: string;
  key: KeyObject;
  compressed: string;
  base58: string;
}
export function signer(did: string): Signer {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const xy = toPublicKeyXY(publicKey);
  const compressed = compressedKeyHex(xy.qx, xy.qy);
  return { did, key: privateKey, compressed, base58: encodeBase58(compressed) };
}
export const sigOf = (s: Signer, statement: string) =>
  `0x${sign('sha256', Buffer.from(statement, 'utf8'), { key: s.key, dsaEncoding: 'ieee-p1363' }).toString('hex')}`;
export const didDocument = (s: Signer) => ({
  id: s.did,
  publicKey: [
    { id: `${s.did}#primary`, type: 'ECDSAsecp256r1', controller: s.did, publicKeyBase58: s.base58 },
  ],
});

export const owner = signer('did:elastos:iqwnerAbcdefghijkmnopqrstuvwx');
export const member = signer('did:elastos:iMemberAbcdefghijkmnopqrstuvw');
export const secretary = signer('did:elastos:iSecretaryAbcdefghijkmnopqrs');
export const CHAIN = 31337;

/** A consistent version 1 archive: one registration, one vote and one withdrawal, every statement signed. */
export function makeArchive(): ProposalArchiveV1 {
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

/**
 * A consistent version 2 archive of a FINAL proposal: the version 1 parts, a published tracking message and final
 * summary with their reviews, the conclusion co-signed by the owner and the secretary general over the summary's
 * hash, and an ELIP voted by the member.
 */
export function makeArchiveV2(): ProposalArchive {
  const v1 = makeArchive();
  const message = 'Milestone one: the beta is out.';
  const summary = 'We delivered everything we promised.';
  const summaryHash = textHash(summary);
  const statement = conclusionStatement({
    draftHash: v1.proposal.draftHash,
    outcome: 'FINAL',
    summaryHash,
    nonce: 77n,
    chainId: CHAIN,
  });
  const elip = { id: '00000000-0000-4000-8000-0000000000e1', number: 4, title: 'Better blocks' };
  const vote = {
    voterDid: member.did,
    term: 1,
    value: 'YES' as const,
    reason: 'Needed.',
    elipUpdatedAt: '2026-01-01T00:00:00.000Z',
  };
  const elipStmt = elipVoteStatement({
    ...vote,
    did: member.did,
    ...elip,
    elipId: elip.id,
    updatedAt: vote.elipUpdatedAt,
  }).statement;
  const published = (id: string, kind: 'TRACKING' | 'SUMMARY', content: string, reviewComment: string) => ({
    id,
    kind,
    content,
    contentHash: textHash(content),
    reviewComment,
    reviewHash: textHash(reviewComment),
    reviewerDid: secretary.did,
    publishedAt: '2026-02-01T00:00:00.000Z',
  });
  return {
    ...v1,
    version: 2,
    site: 'http://127.0.0.1:1',
    proposal: { ...v1.proposal, status: 'FINAL' },
    conclusion: {
      outcome: 'FINAL',
      text: summary,
      summaryHash,
      nonce: '77',
      statement,
      ownerDid: owner.did,
      ownerSignature: sigOf(owner, statement),
      secretaryDid: secretary.did,
      secretarySignature: sigOf(secretary, statement),
      txHash: `0x${'d'.repeat(64)}`,
    },
    tracking: [
      published('00000000-0000-4000-8000-0000000000t1'.replace('t', 'a'), 'TRACKING', message, 'Fine.'),
      published('00000000-0000-4000-8000-0000000000s1'.replace('s', 'b'), 'SUMMARY', summary, ''),
    ],
    related: [],
    elip: { ...elip, votes: [{ ...vote, statement: elipStmt, signature: sigOf(member, elipStmt) }] },
  };
}
