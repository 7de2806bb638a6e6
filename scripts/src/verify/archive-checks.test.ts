import { describe, expect, it } from 'vitest';
import { toPublicKeyXY } from '@cr/contracts-abi/p256';
import { textHash } from '@cr/contracts-abi/statements';
import type { ProposalArchiveV1 } from '@cr/contract/proposal-archive.contract';
import { checkAgainstChain, checkArchive, memberIdOf, type ChainFacts } from './archive-checks';
import { CHAIN, makeArchive, member, owner, secretary } from './archive-fixture';

const failures = (a: ProposalArchiveV1) =>
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
      governanceLogs: new Map(),
      related: new Map(),
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
