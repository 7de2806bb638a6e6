// The relayer's sends in nonce order, one request at a time (raw-tx-sender.ts), against a real anvil.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Transaction, Wallet } from 'ethers';
import { ANVIL_DEFAULT_KEYS, startAnvil, type AnvilHandle } from '@cr/contracts-abi/anvil';
import { createChainProvider, isAlreadyKnown, isNonceTooLow } from '../src/chain-client';
import { RawTxSender } from '../src/raw-tx-sender';

let anvil: AnvilHandle;
let proxy: http.Server;
/** Each request the sender made, as the nonces of its transactions in the order they were in it. */
const requests: number[][] = [];

beforeAll(async () => {
  anvil = await startAnvil({});
  // A pass-through in front of the node that records what each request carried.
  proxy = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const calls = [JSON.parse(body) as { method: string; params: string[] }].flat();
      if (calls.every((c) => c.method === 'eth_sendRawTransaction'))
        requests.push(
          calls.map((c) => (c.params[0]!.length > 20 ? Transaction.from(c.params[0]!).nonce : -1)),
        );
      const up = http.request(anvil.rpcUrl, { method: 'POST', headers: req.headers }, (r) => {
        res.writeHead(r.statusCode ?? 500, r.headers);
        r.pipe(res);
      });
      up.end(body);
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
});

afterAll(async () => {
  await new Promise((resolve) => proxy?.close(resolve));
  await anvil?.stop();
});

function setup(batchMax: number) {
  const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  const provider = createChainProvider(url, 31337, { batchMax: 50 });
  const wallet = new Wallet(ANVIL_DEFAULT_KEYS[3]!, provider);
  return { provider, wallet, sender: new RawTxSender(provider, batchMax) };
}

async function transfers(wallet: Wallet, count: number) {
  const nonce = await wallet.provider!.getTransactionCount(wallet.address, 'latest');
  const fees = await wallet.provider!.getFeeData();
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      wallet.signTransaction({
        to: wallet.address,
        value: 1n,
        nonce: nonce + i,
        gasLimit: 21_000n,
        chainId: 31337,
        type: 2,
        maxFeePerGas: fees.maxFeePerGas!,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas!,
      }),
    ),
  );
}

const shuffled = <T>(xs: T[]) =>
  xs
    .map((x) => [Math.random(), x] as const)
    .sort((a, b) => a[0] - b[0])
    .map(([, x]) => x);

describe('RawTxSender', () => {
  it('sends what waits together in nonce order, one request at a time, and every transaction is mined', async () => {
    const { provider, wallet, sender } = setup(8);
    for (let round = 0; round < 30; round++) {
      const raws = await transfers(wallet, 2 + (round % 20));
      const first = Transaction.from(raws[0]!).nonce;
      requests.length = 0;
      // Asked in any order, at once (as the jobs and the pump of one signing run are).
      await Promise.all(shuffled(raws).map((raw) => sender.send(raw, Transaction.from(raw).nonce)));
      const sent = requests.flat();
      expect(sent).toHaveLength(raws.length);
      // Each request in nonce order, at most 8: the first with those asked together, the next with the rest.
      expect(sent).toEqual([...sent].sort((a, b) => a - b));
      for (const req of requests) {
        expect(req).toEqual([...req].sort((a, b) => a - b));
        expect(req.length).toBeLessThanOrEqual(8);
      }
      await expect
        .poll(() => provider.getTransactionCount(wallet.address, 'latest'), { timeout: 5_000 })
        .toBe(first + raws.length);
    }
    provider.destroy();
  }, 120_000);

  it('gives each transaction its own answer: the same bytes share one send; a bad one fails alone', async () => {
    const { provider, wallet, sender } = setup(50);
    const [a, b] = await transfers(wallet, 2);
    const nonceA = Transaction.from(a!).nonce;
    requests.length = 0;
    const results = await Promise.allSettled([
      sender.send(a!, nonceA),
      sender.send(a!, nonceA),
      sender.send('0x02deadbeef', nonceA + 1),
      sender.send(b!, nonceA + 1),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(requests.flat().filter((n) => n === nonceA)).toHaveLength(1);
    await expect
      .poll(() => provider.getTransactionCount(wallet.address, 'latest'), { timeout: 5_000 })
      .toBe(nonceA + 2);
    // Sent again once mined: the node's own error, which the worker reads as before.
    const again = await sender.send(a!, nonceA).catch((e: unknown) => e);
    expect(isNonceTooLow(again) || isAlreadyKnown(again)).toBe(true);
    provider.destroy();
  });
});
