import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ANVIL = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../node_modules/.bin/anvil');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface Anvil {
  rpcUrl: string;
  chainId: number;
  stop(): Promise<void>;
}

/** A real anvil chain on a free port (npm @foundry-rs/anvil), stopped by `stop()`. */
export async function startAnvil(chainId = 31337): Promise<Anvil> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    ANVIL,
    ['--host', '127.0.0.1', '--port', String(port), '--chain-id', String(chainId), '--silent'],
    {
      stdio: 'ignore',
    },
  );
  const rpcUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`anvil exited with ${child.exitCode}`);
    try {
      const res = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('anvil did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    rpcUrl,
    chainId,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
