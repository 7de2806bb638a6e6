import path from 'node:path';
import { Transaction, Wallet, parseEther, randomBytes, hexlify, type TransactionRequest } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { governanceInterface } from '@cr/contracts-abi/artifacts';
import { postCallback } from '@cr/did/wallet/wallet-approve';
import { evmWalletFromMnemonic, openWallet } from '@cr/did/wallet/wallet-store';
import {
  CHAIN_ID,
  detail,
  makeProposal,
  mineTo,
  signedSuggestion,
  startProposalEnv,
  voteAndPost,
  waitForProposal,
  type Person,
  type ProposalEnv,
} from './proposal-harness';
import { requestWallet, walletState } from './wallet-harness';

/**
 * issue 20: an `esctransaction` reply (unsigned `{ result }` naming a tx hash) claims its request only once the
 * transaction is found on chain and equals the request. Real local chain (anvil), real api and chain worker, real
 * transactions sent by ethers wallets; the wallet waits only briefly here (WALLET_TX_WAIT_MS).
 */
const WAIT_MS = 1_500;
let env: ProposalEnv;
let holder: Person;
let other: Person;
let proposalId: string;
let draftHash: string;

/** The ethers wallet behind a dev wallet's EVM address (the member's phone). */
async function signerOf(p: Person): Promise<Wallet> {
  const opened = await openWallet(p.name, { walletDir: path.join(env.t.dataDir, 'wallets') });
  const w = evmWalletFromMnemonic(opened.mnemonic);
  return new Wallet(w.privateKey, env.provider);
}

/** Sends `tx` from `p` and waits for its block; a given gasLimit skips estimation (so a reverting call is sent). */
async function send(p: Person, tx: TransactionRequest): Promise<string> {
  const sent = await (await signerOf(p)).sendTransaction(tx);
  await sent.wait(1).catch(() => undefined); // a reverted tx still has its block
  return sent.hash;
}

/** What Essentials POSTs after sending (essentials-intents.md §4.1). */
const published = (txid: string) => ({
  result: JSON.stringify({ published: true, txid, status: 'published' }),
});

async function vetoRequest(p: Person, amount: string) {
  const res = await requestWallet(env.t, 'veto', p.token, {
    proposalId,
    amount,
    from: p.wallet.evmAddress,
  });
  expect(res.status).toBe(200);
  const created = res.body.data!;
  const callbackUrl = new URL(created.url).searchParams.get('callbackurl')!;
  return { ...created, callbackUrl };
}

async function expectPending(req: { id: string; secret: string }, refusal: string) {
  const state = (await walletState(env.t, req.id, req.secret)).body.data!;
  expect(state.status).toBe('pending');
  expect(state.result).toBeNull();
  expect(state.lastRefusal?.type).toBe(refusal);
}

const governance = () => env.deployment.addresses.governance;
const vetoData = () => governanceInterface.encodeFunctionData('veto', [draftHash]);

beforeAll(async () => {
  env = await startProposalEnv({
    votingPeriodBlocks: 40,
    blockTime: 0,
    apiEnv: { WALLET_TX_WAIT_MS: String(WAIT_MS), WALLET_TX_POLL_MS: '100' },
  });
  holder = await env.person('holder');
  other = await env.person('other');
  const s = await signedSuggestion(env, env.owner);
  const made = await makeProposal(env, env.council[0]!, s._id);
  proposalId = made.result!.proposalId;
  const registered = await waitForProposal(
    env,
    proposalId,
    'registration',
    (d) => !!d.window.votingEndHeight,
  );
  draftHash = registered.hash!;
  await Promise.all(env.council.slice(0, 8).map((m) => voteAndPost(env, m, proposalId, 'yes')));
  const eight = await waitForProposal(env, proposalId, '8 counted', (d) => d.outcome.tally.support === 8);
  await mineTo(env, eight.window.votingEndHeight!);
  await waitForProposal(env, proposalId, 'NOTIFICATION', (d) => d.status === 'NOTIFICATION', 90_000);
}, 240_000);
afterAll(async () => {
  await env?.stop();
});

describe('an esctransaction reply is believed only as the chain shows it', () => {
  it('refuses every reply that is not the requested transaction, leaving the request pending; the genuine one is accepted', async () => {
    // An earlier veto by the same member with the same amount: its hash is real, matches everything, and is used.
    const first = await vetoRequest(holder, '10');
    const firstReply = await env.approve(first.url, holder.name);
    expect(firstReply.status).toBe(200);
    const firstHash = (await walletState(env.t, first.id, first.secret)).body.data!.result!.txHash as string;

    const req = await vetoRequest(holder, '10');
    const value = parseEther('10');
    const refuse = async (txid: string, status: number, type: string, message?: RegExp) => {
      const started = Date.now();
      const res = await postCallback(req.callbackUrl, published(txid));
      expect(res.status).toBe(status);
      const error = (res.body as { error?: { type: string; message: string } }).error!;
      expect(error.type).toBe(type);
      if (message) expect(error.message).toMatch(message);
      await expectPending(req, type);
      return Date.now() - started;
    };

    // 1. A random hash that exists nowhere: waited for (bounded), then refused.
    const waited = await refuse(hexlify(randomBytes(32)), 422, 'wallet.transaction_not_found', /was found/);
    expect(waited).toBeGreaterThanOrEqual(WAIT_MS - 100);
    expect(waited).toBeLessThan(WAIT_MS + 5_000);

    // 2. A plain transfer of the same value by the same sender.
    const transfer = await send(holder, { to: Wallet.createRandom().address, value });
    await refuse(transfer, 422, 'wallet.transaction_mismatch', /calls 0x.*call data differs/);

    // 3. The same contract, the same value, other calldata (a view that is not payable: mined, reverted).
    const otherData = governanceInterface.encodeFunctionData('vetoStakeOf', [
      draftHash,
      holder.wallet.evmAddress,
    ]);
    const otherCall = await send(holder, { to: governance(), data: otherData, value, gasLimit: 100_000 });
    await refuse(otherCall, 422, 'wallet.transaction_mismatch', /call data differs/);

    // 4. Exactly the requested call, but sent by another member's wallet (a real veto of theirs).
    const byOther = await send(other, { to: governance(), data: vetoData(), value });
    await refuse(byOther, 422, 'wallet.transaction_mismatch', /sent by/);

    // 5. Exactly the requested call from the member, signed for another chain id: the node refuses to take it, so
    //    it can never be on this chain and its hash is not found. (A found tx with another chainId is refused as a
    //    mismatch: wallet-transaction.test.ts.)
    const signer = await signerOf(holder);
    const foreign = await new Wallet(signer.privateKey).signTransaction({
      type: 2,
      chainId: 20,
      nonce: await signer.getNonce(),
      to: governance(),
      data: vetoData(),
      value,
      gasLimit: 200_000,
      maxFeePerGas: parseEther('0.000001'),
      maxPriorityFeePerGas: 1n,
    });
    await expect(env.provider.broadcastTransaction(foreign)).rejects.toThrow();
    await refuse(Transaction.from(foreign).hash!, 422, 'wallet.transaction_not_found');

    // 6. The hash of the earlier veto (same member, same call, same value): one transaction answers one request.
    await refuse(firstHash, 409, 'wallet.transaction_used', /already answered another request/);

    // The member's real wallet now answers: accepted, 200 exactly.
    const genuine = await env.approve(req.url, holder.name);
    expect(genuine.status).toBe(200);
    expect(genuine.body).toMatchObject({ data: { ok: true } });
    const state = (await walletState(env.t, req.id, req.secret)).body.data!;
    expect(state).toMatchObject({ status: 'signed', lastRefusal: null });
    const hash = state.result!.txHash as string;
    expect(hash).not.toBe(firstHash);
    const tx = await env.provider.getTransaction(hash);
    expect(tx!.from).toBe(holder.wallet.evmAddress);
    expect(tx!.chainId).toBe(BigInt(CHAIN_ID));

    // Once claimed, a later reply is answered 409 and changes nothing.
    const late = await postCallback(req.callbackUrl, published(hash));
    expect(late.status).toBe(409);

    // On the page: the holder's two stakes and the other member's stake (sent in step 4; the total comes from
    // indexed events), and the two accepted replies' transactions confirmed.
    const staked = await waitForProposal(
      env,
      proposalId,
      'the stakes indexed and both tracked transactions confirmed',
      (d) =>
        d.veto.totalEla === '30' &&
        d.transactions.filter((x) => x.kind === 'proposal.veto' && x.status === 'chained').length === 2,
    );
    expect(staked.veto.stakes).toBe(3); // three locks (VetoLocked events)
    const hashes = staked.transactions.filter((x) => x.kind === 'proposal.veto').map((x) => x.txHash);
    expect(hashes.sort()).toEqual([firstHash, hash].sort());
  }, 120_000);

  it('records a reply whose transaction reverted as failed with the reason; the request is then answered', async () => {
    const before = (await detail(env, proposalId)).veto.totalEla;
    const req = await vetoRequest(holder, '5');
    // The requested call exactly, with too little gas: mined, reverted.
    const reverted = await send(holder, {
      to: governance(),
      data: vetoData(),
      value: parseEther('5'),
      gasLimit: 30_000,
    });
    expect((await env.provider.getTransactionReceipt(reverted))!.status).toBe(0);
    const res = await postCallback(req.callbackUrl, published(reverted));
    expect(res.status).toBe(422);
    expect((res.body as { error: { type: string } }).error.type).toBe('wallet.transaction_reverted');
    const state = (await walletState(env.t, req.id, req.secret)).body.data!;
    expect(state.status).toBe('failed');
    expect(state.lastRefusal).toMatchObject({ type: 'wallet.transaction_reverted' });
    expect(state.lastRefusal!.message).toContain('ran out of gas');
    // Final: another reply is answered 409, and the locked total did not move.
    expect((await postCallback(req.callbackUrl, published(reverted))).status).toBe(409);
    expect((await detail(env, proposalId)).veto.totalEla).toBe(before);
  }, 60_000);
});
