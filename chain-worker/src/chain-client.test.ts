import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isError } from 'ethers';
import { afterEach, describe, expect, it } from 'vitest';
import { revertDataOf } from '@cr/core/chain/revert-reason';
import { freePort } from '@cr/core/net/free-port';
import { createChainProvider, isConnectivityError } from './chain-client';

/** A JSON-RPC endpoint answering each request with `answer(body)` (status, JSON), after `delayMs`. */
async function node(answer: (req: { method: string; id: number }) => [number, unknown], delayMs = 0) {
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      const body = JSON.parse(text) as { method: string; id: number } | { method: string; id: number }[];
      const one = (r: { method: string; id: number }) => answer(r);
      const replies = Array.isArray(body) ? body.map(one) : [one(body)];
      setTimeout(() => {
        res.writeHead(replies[0]![0], { 'content-type': 'application/json' });
        res.end(JSON.stringify(Array.isArray(body) ? replies.map((r) => r[1]) : replies[0]![1]));
      }, delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

describe('createChainProvider (JSON-RPC over http)', () => {
  it('returns results, one request per batch, each call its own answer', async () => {
    const url = await node(({ id, method }) => [
      200,
      method === 'eth_blockNumber'
        ? { jsonrpc: '2.0', id, result: '0x2a' }
        : { jsonrpc: '2.0', id, result: '0x1' },
    ]);
    const provider = createChainProvider(url, 31337, { batchMax: 10 });
    const [a, b] = await Promise.all([
      provider.send('eth_blockNumber', []),
      provider.send('eth_chainId', []),
    ]);
    expect([a, b]).toEqual(['0x2a', '0x1']);
    provider.destroy();
  });

  it('reads a revert of eth_estimateGas as ethers does: CALL_EXCEPTION with its data', async () => {
    const data = '0x08c379a0' + '0'.repeat(64);
    const url = await node(({ id }) => [
      200,
      { jsonrpc: '2.0', id, error: { code: 3, message: 'execution reverted', data } },
    ]);
    const provider = createChainProvider(url, 31337);
    const err = await provider
      .send('eth_estimateGas', [{ to: '0x' + '11'.repeat(20), data: '0x' }])
      .catch((e) => e);
    expect(revertDataOf(err)).toEqual({ isRevert: true, data });
    provider.destroy();
  });

  it('tells a node that is down or too slow (connectivity) from one that answers with an error', async () => {
    const down = createChainProvider(`http://127.0.0.1:${await freePort()}`, 31337);
    const refused = await down.send('eth_blockNumber', []).catch((e) => e);
    expect(isConnectivityError(refused)).toBe(true);
    down.destroy();

    const slow = createChainProvider(
      await node(({ id }) => [200, { jsonrpc: '2.0', id, result: '0x1' }], 500),
      31337,
      {
        timeoutMs: 100,
      },
    );
    expect(isConnectivityError(await slow.send('eth_blockNumber', []).catch((e) => e))).toBe(true);
    slow.destroy();

    const failing = createChainProvider(await node(() => [502, { oops: true }]), 31337);
    const bad = await failing.send('eth_blockNumber', []).catch((e) => e);
    expect(isError(bad, 'SERVER_ERROR')).toBe(true);
    expect(isConnectivityError(bad)).toBe(false);
    failing.destroy();
  });
});
