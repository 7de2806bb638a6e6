import { JsonRpcProvider } from 'ethers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEscTransactionRequest } from '../src/intents/esctransaction-request';
import { parseCallbackBody, parseEscTransactionResult } from '../src/verify/callback-body';
import { approveRequest } from '../src/wallet/wallet-approve';
import { describeRequest } from '../src/wallet/wallet-describe';
import { createWallet, type WalletInfo } from '../src/wallet/wallet-store';
import { startAnvil, type Anvil } from './anvil';
import { startDidHarness, token, type DidHarness } from './harness';

// esctransaction: the dev wallet sends the call from its own EVM account on a real anvil chain, then
// POSTs the unsigned { result: "<JSON string>" } Essentials sends; the server must look the tx up on chain.
let h: DidHarness;
let anvil: Anvil;
let carol: WalletInfo;
let provider: JsonRpcProvider;

beforeAll(async () => {
  [h, anvil] = await Promise.all([startDidHarness(), startAnvil()]);
  carol = await createWallet('carol', h.walletOpts);
  provider = new JsonRpcProvider(anvil.rpcUrl, undefined, { staticNetwork: true });
  await provider.send('anvil_setBalance', [carol.evmAddress, '0x8ac7230489e80000']); // 10 ETH
});
afterAll(async () => {
  provider?.destroy();
  await Promise.all([h?.stop(), anvil?.stop()]);
});

describe('esctransaction', () => {
  const to = '0x000000000000000000000000000000000000dEaD';
  const data = '0x12345678';

  it('sends the transaction and posts { result } with published/txid/status, as Essentials does', async () => {
    const req = buildEscTransactionRequest({
      chainId: anvil.chainId,
      call: { from: carol.evmAddress, to, data, value: 1234n },
      callbackUrl: h.callback.url,
      callbackToken: token(),
    });
    expect(
      req.url.startsWith(`https://wallet.web3essentials.io/esctransaction?chainId=${anvil.chainId}&payload=`),
    ).toBe(true);
    const d = await describeRequest(req.url, h.walletOpts);
    expect(d.details).toEqual({
      chainId: String(anvil.chainId),
      call: { from: carol.evmAddress, to, data, value: '0x4d2' },
    });

    h.callback.handler = async () => ({ status: 200, body: { code: 1 } });
    const result = await approveRequest(req.url, 'carol', {
      ...h.walletOpts,
      chainRpcUrl: anvil.rpcUrl,
      chainId: anvil.chainId,
    });
    expect(result.status).toBe(200);
    expect(result.sent.chainError).toBeUndefined();

    const cb = h.callback.received.at(-1)!;
    expect(Object.keys(cb.body as object)).toEqual(['result']);
    expect(typeof (cb.body as { result: unknown }).result).toBe('string');
    const raw = JSON.parse((cb.body as { result: string }).result) as Record<string, unknown>;
    expect(Object.keys(raw)).toEqual(['published', 'txid', 'status']);
    const parsed = parseCallbackBody(cb.body);
    if (parsed.kind !== 'result') throw new Error('expected a result');
    const outcome = parseEscTransactionResult(parsed.result);
    expect(outcome.status).toBe('published');

    const tx = await provider.getTransaction(outcome.txid!);
    expect(tx).toMatchObject({
      from: carol.evmAddress,
      to,
      data,
      value: 1234n,
      chainId: BigInt(anvil.chainId),
    });
    expect((await provider.getTransactionReceipt(outcome.txid!))?.status).toBe(1);
  });

  it('reports { txid: null, status: "error" } when the account cannot pay', async () => {
    const req = buildEscTransactionRequest({
      chainId: anvil.chainId,
      call: { to, data: '0x', value: 10n ** 24n },
      callbackUrl: h.callback.url,
      callbackToken: token(),
    });
    const result = await approveRequest(req.url, 'carol', { ...h.walletOpts, chainRpcUrl: anvil.rpcUrl });
    expect(result.sent.body).toEqual({ result: JSON.stringify({ txid: null, status: 'error' }) });
    expect(result.sent.chainError).toBeTruthy();
  });

  it('does not answer a request for a chain it does not know', async () => {
    const req = buildEscTransactionRequest({
      chainId: 20,
      call: { to, data: '0x', value: 0n },
      callbackUrl: h.callback.url,
      callbackToken: token(),
    });
    const before = h.callback.received.length;
    await expect(
      approveRequest(req.url, 'carol', { ...h.walletOpts, chainRpcUrl: anvil.rpcUrl }),
    ).rejects.toMatchObject({
      type: 'did.intent_invalid',
    });
    expect(h.callback.received.length).toBe(before);
  });
});
