import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  checkOnChain,
  checkVoteReason,
  draftHashProof,
  elaToWei,
  findVoteCast,
  paymentMessageProof,
  reviewOpinionProof,
  sha256Hex,
  TOPICS,
  VOTE_CAST_TOPIC,
  voteReasonProof,
  withdrawalProof,
  type Receipt,
} from './chain-proof';

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

  it('pins the topic of every event a badge reads (the api test pins them to the compiled ABIs)', () => {
    expect(TOPICS).toEqual({
      ProposalRegistered: '0x2351cab5cb6c7b7ce30af3fbfcce7fb19b7fb900a6ccbb2d54c76ba260e63cc7',
      VoteCast: VOTE_CAST_TOPIC,
      Concluded: '0x22c12d49f932cd6b40b55fc6460c1a6dbe4bb2fa25e6a3c77fc1d99cc58341fb',
      PaymentRequested: '0xf6da20b96d9037fccfa503a24ab336a5451e485bef11e2b7928cb0c81207194a',
      PaymentReviewed: '0x76c0f88b34bcb9ef3dcb094a4c1d0448309bdae98f6950771e7eaffac8f66306',
      Withdrawn: '0xf7df28786d8d49895250334fa8582daeb147e7840983f80569f72140f0aa34bd',
    });
  });

  it('reads ELA amounts as wei exactly', () => {
    expect(elaToWei('300')).toBe(300n * 10n ** 18n);
    expect(elaToWei('12.5')).toBe(125n * 10n ** 17n);
    expect(elaToWei('0.000000000000000001')).toBe(1n);
    expect(elaToWei('1e3')).toBeNull();
  });

  const TREASURY = '0x0000000000000000000000000000000000000abc';
  const TX = `0x${'22'.repeat(32)}`;
  const at = { address: TREASURY, rpcUrl: 'http://rpc.test' };

  it('checks a payment request message and a review opinion of the stage named, in the one mechanism', async () => {
    const msg = await sha256Hex('Beta published.');
    const opinion = await sha256Hex('同意付款');
    stubRpc({
      logs: [
        // Another stage's request in the same receipt does not count for stage 1.
        {
          address: TREASURY,
          topics: [TOPICS.PaymentRequested, DRAFT, `0x${pad(0)}`],
          data: `0x${pad(5)}${(await sha256Hex('other')).slice(2)}${pad(1)}`,
        },
        {
          address: TREASURY,
          topics: [TOPICS.PaymentRequested, DRAFT, `0x${pad(1)}`],
          data: `0x${pad(5)}${msg.slice(2)}${pad(1)}`,
        },
        {
          address: TREASURY,
          topics: [TOPICS.PaymentReviewed, DRAFT, `0x${pad(1)}`],
          data: `0x${pad(1)}${opinion.slice(2)}${pad(2)}`,
        },
      ],
    });
    expect(await checkOnChain(paymentMessageProof('Beta published.', 1, TX), at)).toMatchObject({
      state: 'verified',
    });
    expect(await checkOnChain(paymentMessageProof('Beta published!', 1, TX), at)).toMatchObject({
      state: 'mismatch',
      chainHash: msg,
    });
    expect(await checkOnChain(reviewOpinionProof('同意付款', 1, TX), at)).toMatchObject({
      state: 'verified',
    });
    // Stage 2 has no review in this transaction.
    expect(await checkOnChain(reviewOpinionProof('同意付款', 2, TX), at)).toMatchObject({
      state: 'mismatch',
      reason: 'no_event',
    });
  });

  it('checks a withdrawal by amount and recipient, the draft hash by ProposalRegistered', async () => {
    const to = '0x00000000000000000000000000000000000000aa';
    stubRpc({
      logs: [
        {
          address: TREASURY,
          topics: [TOPICS.Withdrawn, DRAFT, `0x${pad(0xaa)}`],
          data: `0x${pad(300n * 10n ** 18n)}${pad(0)}${pad(1)}`,
        },
        {
          address: TREASURY,
          topics: [TOPICS.ProposalRegistered, await sha256Hex('{"a":1}'), `0x${pad(1)}`, MEMBER],
          data: '0x',
        },
      ],
    });
    expect(await checkOnChain(withdrawalProof('300', to, TX), at)).toMatchObject({
      state: 'verified',
      chainHash: `${300n * 10n ** 18n} wei to ${to}`,
    });
    expect(await checkOnChain(withdrawalProof('301', to, TX), at)).toMatchObject({ state: 'mismatch' });
    expect(await checkOnChain(draftHashProof('{"a":1}', TX), at)).toMatchObject({ state: 'verified' });
    expect(await checkOnChain(draftHashProof('{"a":2}', TX), at)).toMatchObject({ state: 'mismatch' });
  });

  it('a vote of another member in the receipt does not verify this one', async () => {
    stubRpc(receiptFor(await sha256Hex('Good plan')));
    const at2 = { address: GOV, rpcUrl: 'http://rpc.test' };
    expect(await checkOnChain(voteReasonProof('Good plan', TX, MEMBER), at2)).toMatchObject({
      state: 'verified',
    });
    expect(await checkOnChain(voteReasonProof('Good plan', TX, `0x${'ee'.repeat(32)}`), at2)).toMatchObject({
      state: 'mismatch',
      reason: 'no_event',
    });
  });

  it('in a transaction that relays several actions (a RelayBatch), the proposal’s draft hash picks its log', async () => {
    const OTHER_DRAFT = `0x${'ef'.repeat(32)}`;
    const reasonHere = await sha256Hex('Good plan');
    const reasonThere = await sha256Hex('Too expensive');
    const vote = (draft: string, opinion: string) => ({
      address: GOV,
      topics: [VOTE_CAST_TOPIC, draft, MEMBER],
      data: `0x${pad(1)}${opinion.slice(2)}${pad(7)}${pad(0)}`,
    });
    // The same member's votes on two proposals, relayed in one transaction.
    stubRpc({ status: '0x1', logs: [vote(OTHER_DRAFT, reasonThere), vote(DRAFT, reasonHere)] });
    const at2 = { address: GOV, rpcUrl: 'http://rpc.test' };
    expect(await checkOnChain(voteReasonProof('Good plan', TX, MEMBER, DRAFT), at2)).toMatchObject({
      state: 'verified',
    });
    // The other proposal's reason shown on this one's page is a mismatch.
    expect(await checkOnChain(voteReasonProof('Too expensive', TX, MEMBER, DRAFT), at2)).toMatchObject({
      state: 'mismatch',
      chainHash: reasonHere,
    });
    stubRpc({
      logs: [
        {
          address: TREASURY,
          topics: [TOPICS.PaymentRequested, OTHER_DRAFT, `0x${pad(1)}`],
          data: `0x${pad(5)}${reasonThere.slice(2)}${pad(1)}`,
        },
        {
          address: TREASURY,
          topics: [TOPICS.PaymentRequested, DRAFT, `0x${pad(1)}`],
          data: `0x${pad(5)}${reasonHere.slice(2)}${pad(1)}`,
        },
      ],
    });
    expect(await checkOnChain(paymentMessageProof('Too expensive', 1, TX, DRAFT), at)).toMatchObject({
      state: 'mismatch',
    });
    expect(await checkOnChain(paymentMessageProof('Good plan', 1, TX, DRAFT), at)).toMatchObject({
      state: 'verified',
    });
  });
});
