import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkVoteReason, findVoteCast, sha256Hex, VOTE_CAST_TOPIC, type Receipt } from './chain-proof';

const GOV = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const pad = (n: number | bigint) => BigInt(n).toString(16).padStart(64, '0');
const DRAFT = `0x${'ab'.repeat(32)}`;
const MEMBER = `0x${'cd'.repeat(32)}`;

function receiptFor(opinionHash: string, address = GOV): Receipt {
  return {
    status: '0x1',
    logs: [
      { address: '0x0000000000000000000000000000000000000001', topics: [VOTE_CAST_TOPIC], data: '0x' },
      {
        address,
        topics: [VOTE_CAST_TOPIC, DRAFT, MEMBER],
        data: `0x${pad(1)}${opinionHash.slice(2)}${pad(7)}${pad(0)}`,
      },
    ],
  };
}

const stubRpc = (result: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ jsonrpc: '2.0', id: 1, result }), { status: 200 })),
  );

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('chain-proof', () => {
  it('pins the VoteCast topic (the api test pins the same value to ethers id())', () => {
    expect(VOTE_CAST_TOPIC).toBe('0x9d7d26ac61c79c75b16a742e8dd7a90cb12b04e6d6b0d8cb12363b676ab62341');
  });

  it('hashes UTF-8 text with SHA-256 as contracts-abi textHash does', async () => {
    expect(await sha256Hex('')).toBe('0xe3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(await sha256Hex('abc')).toBe('0xba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    // Non-ASCII text hashes its UTF-8 bytes.
    expect(await sha256Hex('同意')).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await sha256Hex('同意')).not.toBe(await sha256Hex('同 意'));
  });

  it('decodes the VoteCast log of the governance contract only', async () => {
    const h = await sha256Hex('Good plan');
    const e = findVoteCast(receiptFor(h), GOV.toLowerCase());
    expect(e).toEqual({
      draftHash: DRAFT,
      memberId: MEMBER,
      choice: 1,
      opinionHash: h,
      nonce: 7n,
      replaced: 0,
    });
    expect(findVoteCast(receiptFor(h, '0x0000000000000000000000000000000000000002'), GOV)).toBeNull();
    expect(findVoteCast({ logs: [] }, GOV)).toBeNull();
  });

  it('verifies the reason shown against the chain, and reports a changed text as a mismatch', async () => {
    const recorded = await sha256Hex('Good plan');
    stubRpc(receiptFor(recorded));
    const args = { txHash: `0x${'11'.repeat(32)}`, governance: GOV, rpcUrl: 'http://rpc.test/api/rpc' };
    expect(await checkVoteReason({ ...args, reason: 'Good plan' })).toEqual({
      state: 'verified',
      shownHash: recorded,
      chainHash: recorded,
    });
    const changed = await checkVoteReason({ ...args, reason: 'Bad plan' });
    expect(changed).toMatchObject({ state: 'mismatch', chainHash: recorded });
    expect(changed.shownHash).not.toBe(recorded);
  });

  it('a transaction without the vote event is a mismatch; an unreadable chain is unavailable', async () => {
    const args = { reason: 'x', txHash: `0x${'11'.repeat(32)}`, governance: GOV, rpcUrl: 'http://rpc.test' };
    stubRpc({ status: '0x0', logs: [] });
    expect(await checkVoteReason(args)).toMatchObject({
      state: 'mismatch',
      reason: 'no_event',
      chainHash: null,
    });
    stubRpc(null);
    expect(await checkVoteReason(args)).toMatchObject({ state: 'unavailable', reason: 'no_receipt' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new Error('offline'))),
    );
    expect(await checkVoteReason(args)).toMatchObject({ state: 'unavailable', reason: 'rpc' });
  });
});
