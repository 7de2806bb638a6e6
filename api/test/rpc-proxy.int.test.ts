import { Interface, type InterfaceAbi, JsonRpcProvider, Network, Wallet, id, parseEther } from 'ethers';
import { governanceArtifact, treasuryArtifact } from '@cr/contracts-abi/artifacts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANVIL_DEFAULT_KEYS, startAnvil, type AnvilHandle } from '@cr/contracts-abi/anvil';
import { clearRate } from '../src/http/rate-limit';
import { RPC_RATE } from '../src/modules/rpc/rpc-proxy';
import { startTestApi, type TestApi } from './test-api';

/**
 * The public read-only RPC proxy against a real chain: reads answer as the node answers, writes and unknown
 * methods are refused before they reach the node, log queries are bounded, batches are bounded, the per-address
 * rate limit holds, and ethers uses it as it uses any node.
 */
const CHAIN_ID = 31337;
let anvil: AnvilHandle;
let t: TestApi;
let txHash: string;
let sender: string;

const clear = async () => {
  for (const a of ['127.0.0.1', '::ffff:127.0.0.1', '::1']) await clearRate(t.deps, RPC_RATE, a);
};

async function rpc(url: string, body: unknown) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return {
    status: res.status,
    headers: res.headers,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- raw JSON-RPC answers of several shapes
    body: (await res.json()) as any,
  };
}
const call = (method: string, params: unknown[] = [], callId: number | string = 1) => ({
  jsonrpc: '2.0',
  id: callId,
  method,
  params,
});
const proxy = () => `${t.url}/api/rpc`;

beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID });
  t = await startTestApi({ CHAIN_RPC_URL: anvil.rpcUrl, CHAIN_ID: String(CHAIN_ID) });
  await clear();
  const node = new JsonRpcProvider(anvil.rpcUrl, Network.from(CHAIN_ID), { staticNetwork: true });
  const wallet = new Wallet(ANVIL_DEFAULT_KEYS[0]!, node);
  sender = wallet.address;
  const tx = await wallet.sendTransaction({ to: Wallet.createRandom().address, value: parseEther('1') });
  await tx.wait();
  txHash = tx.hash;
}, 60_000);
afterAll(async () => {
  if (t) await clear();
  await t?.stop();
  await anvil?.stop();
});

describe('POST /api/rpc', () => {
  it('answers allowed reads exactly as the node does', async () => {
    for (const [method, params] of [
      ['eth_chainId', []],
      ['net_version', []],
      ['eth_blockNumber', []],
      ['eth_getBlockByNumber', ['0x1', false]],
      ['eth_getTransactionByHash', [txHash]],
      ['eth_getTransactionReceipt', [txHash]],
      ['eth_getBalance', [sender, 'latest']],
      ['eth_getCode', [sender, 'latest']],
    ] as const) {
      const viaProxy = await rpc(proxy(), call(method, [...params], 7));
      const direct = await rpc(anvil.rpcUrl, call(method, [...params], 7));
      expect(viaProxy.status, method).toBe(200);
      expect(viaProxy.body, method).toEqual(direct.body);
    }
    const ids = await rpc(proxy(), call('eth_chainId'));
    expect(ids.body.result).toBe(`0x${CHAIN_ID.toString(16)}`);
  });

  it('refuses writes and unknown methods with -32601, without reaching the node', async () => {
    const before = await rpc(anvil.rpcUrl, call('eth_blockNumber'));
    const signed = await new Wallet(ANVIL_DEFAULT_KEYS[1]!).signTransaction({
      to: sender,
      value: 1n,
      chainId: CHAIN_ID,
      nonce: 0,
      gasLimit: 21000n,
      gasPrice: 10n ** 10n,
    });
    for (const [method, params] of [
      ['eth_sendRawTransaction', [signed]],
      ['eth_sendTransaction', [{ from: sender, to: sender, value: '0x1' }]],
      ['anvil_setBalance', [sender, '0x0']],
      ['debug_traceTransaction', [txHash]],
    ] as const) {
      const res = await rpc(proxy(), call(method, [...params], 'w'));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ jsonrpc: '2.0', id: 'w', error: { code: -32601 } });
      expect(res.body.error.message).toContain('read-only');
    }
    expect((await rpc(anvil.rpcUrl, call('eth_blockNumber'))).body).toEqual(before.body);
    expect((await rpc(anvil.rpcUrl, call('eth_getBalance', [sender, 'latest']))).body.result).toBe(
      (await rpc(proxy(), call('eth_getBalance', [sender, 'latest']))).body.result,
    );
  });

  it('bounds eth_getLogs (an address, at most 5,000 blocks) and batches (at most 20)', async () => {
    const noAddress = await rpc(proxy(), call('eth_getLogs', [{ fromBlock: '0x0', toBlock: '0x1' }]));
    expect(noAddress.body.error).toMatchObject({ code: -32602 });
    const wide = await rpc(
      proxy(),
      call('eth_getLogs', [{ address: sender, fromBlock: '0x0', toBlock: '0x1388' }]),
    );
    expect(wide.body.error.message).toMatch(/5000 blocks/);
    const ok = await rpc(
      proxy(),
      call('eth_getLogs', [{ address: sender, fromBlock: '0x0', toBlock: 'latest' }]),
    );
    expect(ok.body).toEqual({ jsonrpc: '2.0', id: 1, result: [] });

    const batch = await rpc(proxy(), [
      call('eth_chainId', [], 1),
      call('eth_sendRawTransaction', ['0x00'], 2),
    ]);
    expect(batch.body).toHaveLength(2);
    expect(batch.body[0]).toEqual({ jsonrpc: '2.0', id: 1, result: `0x${CHAIN_ID.toString(16)}` });
    expect(batch.body[1].error.code).toBe(-32601);
    const big = await rpc(
      proxy(),
      Array.from({ length: 21 }, (_, i) => call('eth_chainId', [], i)),
    );
    expect(big.body.error).toMatchObject({ code: -32600 });
    expect((await rpc(proxy(), '{not json')).body.error).toMatchObject({ code: -32700 });
    const huge = await rpc(proxy(), call('eth_call', [{ to: sender, data: `0x${'00'.repeat(70_000)}` }]));
    expect(huge.status).toBe(413);
  });

  it('serves ethers as a JsonRpcProvider', async () => {
    const provider = new JsonRpcProvider(proxy(), undefined, { batchMaxCount: 5 });
    expect(Number((await provider.getNetwork()).chainId)).toBe(CHAIN_ID);
    const receipt = await provider.getTransactionReceipt(txHash);
    expect(receipt?.from).toBe(sender);
    expect(receipt?.status).toBe(1);
    expect(await provider.getBalance(sender)).toBeGreaterThan(0n);
    await expect(provider.send('eth_sendRawTransaction', ['0x00'])).rejects.toThrow(/read-only/);
    provider.destroy();
  });

  it('answers 503 when the site has no chain', async () => {
    const bare = await startTestApi({});
    try {
      const res = await rpc(`${bare.url}/api/rpc`, call('eth_chainId'));
      expect(res.status).toBe(503);
      expect(res.body.error.code).toBe(-32003);
    } finally {
      await bare.stop();
    }
  });

  it('limits each client address to 300 requests a minute (429 with Retry-After)', async () => {
    await clear();
    const body = call('eth_chainId');
    for (let i = 0; i < RPC_RATE.limit; i += 50) {
      const statuses = await Promise.all(
        Array.from({ length: 50 }, () => rpc(proxy(), body).then((r) => r.status)),
      );
      expect(statuses.every((s) => s === 200)).toBe(true);
    }
    const over = await rpc(proxy(), body);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(over.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32005 } });
    await clear();
    expect((await rpc(proxy(), body)).status).toBe(200);
  });
});

// web/src/lib/chain-proof.ts holds this topic as a constant (the web has no ethers); its own test pins the same value.
it('the VoteCast topic the web checks votes with is the Governance ABI event', () => {
  const topic = '0x9d7d26ac61c79c75b16a742e8dd7a90cb12b04e6d6b0d8cb12363b676ab62341';
  expect(id('VoteCast(bytes32,bytes32,uint8,bytes32,uint64,uint8)')).toBe(topic);
  expect(new Interface(governanceArtifact.abi as InterfaceAbi).getEvent('VoteCast')!.topicHash).toBe(topic);
});

// The other topics the integrity badges read (web/src/lib/chain-proof.ts TOPICS, same values pinned by its test).
it('the topics the web badges read are the compiled ABIs’ events', () => {
  const gov = new Interface(governanceArtifact.abi as InterfaceAbi);
  const treasury = new Interface(treasuryArtifact.abi as InterfaceAbi);
  expect({
    ProposalRegistered: gov.getEvent('ProposalRegistered')!.topicHash,
    Concluded: gov.getEvent('Concluded')!.topicHash,
    PaymentRequested: treasury.getEvent('PaymentRequested')!.topicHash,
    PaymentReviewed: treasury.getEvent('PaymentReviewed')!.topicHash,
    Withdrawn: treasury.getEvent('Withdrawn')!.topicHash,
  }).toEqual({
    ProposalRegistered: '0x2351cab5cb6c7b7ce30af3fbfcce7fb19b7fb900a6ccbb2d54c76ba260e63cc7',
    Concluded: '0x22c12d49f932cd6b40b55fc6460c1a6dbe4bb2fa25e6a3c77fc1d99cc58341fb',
    PaymentRequested: '0xf6da20b96d9037fccfa503a24ab336a5451e485bef11e2b7928cb0c81207194a',
    PaymentReviewed: '0x76c0f88b34bcb9ef3dcb094a4c1d0448309bdae98f6950771e7eaffac8f66306',
    Withdrawn: '0xf7df28786d8d49895250334fa8582daeb147e7840983f80569f72140f0aa34bd',
  });
});
