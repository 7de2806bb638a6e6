/**
 * The local chain's clock, for the demo. The governance windows are timed by block height, so the demo lets them
 * pass by mining empty blocks on anvil (`anvil_mine`) instead of waiting for them. Only a local dev chain accepts
 * this; a real chain's windows pass on their own.
 */
export class DemoChain {
  constructor(readonly rpcUrl: string) {}

  async rpc<T>(method: string, params: unknown[] = []): Promise<T> {
    const res = await fetch(this.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const json = (await res.json()) as { result?: T; error?: { message: string } };
    if (json.error) throw new Error(`${method}: ${json.error.message}`);
    return json.result as T;
  }

  async height(): Promise<number> {
    return Number(BigInt(await this.rpc<string>('eth_blockNumber')));
  }

  /** Mines empty blocks until the chain is at `height` or past it. */
  async mineTo(height: number): Promise<void> {
    const now = await this.height();
    if (height > now) await this.rpc('anvil_mine', [`0x${(height - now).toString(16)}`]);
  }
}
