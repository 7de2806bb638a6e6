import { describe, expect, it } from 'vitest';
import { parseEther } from 'ethers';
import { ProposalStatus, nameOf } from './governance-enums';
import {
  emptyTerms,
  formatEla,
  isValidDid,
  statementDigest,
  termsSummary,
  voteStatement,
} from './statements';

describe('statements', () => {
  it('writes ELA amounts without trailing zeros', () => {
    expect(formatEla(0n)).toBe('0');
    expect(formatEla(parseEther('12.5'))).toBe('12.5');
    expect(formatEla(parseEther('3'))).toBe('3');
    expect(formatEla(1n)).toBe('0.000000000000000001');
  });

  it('builds the vote statement of the brief, ending with term, nonce and chain', () => {
    const h = `0x${'1'.repeat(64)}`;
    expect(
      voteStatement({ draftHash: h, choice: 'YES', opinionHash: h, term: 1, nonce: 7n, chainId: 20 }),
    ).toBe(`Cyber Republic council vote: YES on proposal ${h}, opinion ${h}, term 1, nonce 7, chain 20`);
  });

  it('summarises a budget in words and hashes statements with SHA-256 of UTF-8', () => {
    const terms = {
      ...emptyTerms('NORMAL'),
      recipient: `0x${'ab'.repeat(20)}`,
      stages: [{ kind: 'COMPLETION' as const, amount: parseEther('1') }],
    };
    expect(termsSummary(terms)).toBe(`NORMAL budget 1 ELA in 1 stage to 0x${'ab'.repeat(20)}`);
    expect(statementDigest('abc')).toBe('0xba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('accepts only did:elastos: DIDs with base58 ids, so a DID cannot inject words into a statement', () => {
    expect(isValidDid('did:elastos:iXyz123')).toBe(true);
    expect(isValidDid('did:elastos:iXyz, nonce 9')).toBe(false);
    expect(isValidDid('did:elastos:i0')).toBe(false);
  });

  it('names enum values read from the chain', () => {
    expect(nameOf(ProposalStatus, 6n)).toBe('ACTIVE');
  });
});
