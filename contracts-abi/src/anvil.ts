import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Starts a local anvil chain (npm @foundry-rs/anvil, the real binary; nothing is downloaded) on 127.0.0.1.
 * The binary is launched through a tiny `sh` watchdog reading our stdin pipe: when this process exits for any
 * reason (even SIGKILL) the pipe closes and the watchdog sends anvil SIGTERM, so no chain is left behind and
 * `--state` is still written.
 */

export interface AnvilOptions {
  /** TCP port; default 0 = a free port chosen by the OS. */
  port?: number;
  /** Seconds between blocks (interval mining); default: a block per transaction (automine). */
  blockTime?: number;
  /** EVM hardfork; `osaka` has the P-256 precompile (RIP-7212 at 0x100), `prague` does not. Default osaka. */
  hardfork?: 'osaka' | 'prague';
  /** File to load the chain from and dump it to on exit (and every `stateIntervalSeconds`): keeps the chain
   *  across restarts. */
  statePath?: string;
  /** Dump interval for `statePath`, seconds (default 10). */
  stateIntervalSeconds?: number;
  /** Chain id (default 31337). */
  chainId?: number;
  /**
   * Genesis timestamp (seconds). Anvils started at the same second mine identical blocks (same hashes); a test
   * that tells its chain from others' by block hash gives its own.
   */
  genesisTimestamp?: number;
  /** Milliseconds to wait for the RPC to answer (default 15,000). */
  readyTimeoutMs?: number;
}

export interface AnvilHandle {
  rpcUrl: string;
  port: number;
  /** Stops anvil (SIGTERM, so `--state` is written) and resolves when it has exited. Idempotent. */
  stop(): Promise<void>;
}

/** Thrown when anvil cannot start or does not become ready. */
export class AnvilStartError extends Error {
  readonly type = 'chain.anvil_start';
}

const require = createRequire(import.meta.url);

/** Absolute path of the anvil binary shipped by @foundry-rs/anvil-linux-amd64. */
export function anvilBinaryPath(): string {
  const pkg = require.resolve('@foundry-rs/anvil-linux-amd64/package.json');
  return path.join(path.dirname(pkg), 'bin', 'anvil');
}

/** Anvil's first default account key (public knowledge; dev chains only). Deployer of the dev contracts. */
/**
 * Anvil's tenth default account (index 9 of its test mnemonic): deploys the dev chain's RelayBatch as its first
 * transaction, so the forwarder's address is fixed (relay-batch.ts, ensureRelayBatch); used for nothing else.
 */
export const RELAY_BATCH_DEPLOYER_KEY = '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6';

export const ANVIL_DEFAULT_KEYS = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
] as const;

// Runs anvil, waits for it; on EOF of stdin (parent gone or stop()), TERMs it. Exits with anvil's status.
// (An asynchronous list gets /dev/null as stdin, so the pipe is kept on fd 3 first.)
const WATCHDOG =
  'exec 3<&0; "$0" "$@" </dev/null & pid=$!; (read -r _ignored <&3; kill -TERM "$pid" 2>/dev/null) & wait "$pid"';

async function rpcReady(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    });
    return response.ok;
  } catch {
    return false;
  }
}

/** Starts anvil and resolves once its JSON-RPC answers. */
export async function startAnvil(options: AnvilOptions = {}): Promise<AnvilHandle> {
  const args = [
    '--host',
    '127.0.0.1',
    '--port',
    String(options.port ?? 0),
    '--hardfork',
    options.hardfork ?? 'osaka',
  ];
  if (options.blockTime !== undefined) args.push('--block-time', String(options.blockTime));
  if (options.chainId !== undefined) args.push('--chain-id', String(options.chainId));
  if (options.genesisTimestamp !== undefined) args.push('--timestamp', String(options.genesisTimestamp));
  if (options.statePath) {
    args.push('--state', options.statePath, '--state-interval', String(options.stateIntervalSeconds ?? 10));
  }

  const child: ChildProcess = spawn('sh', ['-c', WATCHDOG, anvilBinaryPath(), ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new AnvilStartError(`anvil did not report its port in time:\n${output}`)),
      options.readyTimeoutMs ?? 15_000,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Listening on 127\.0\.0\.1:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new AnvilStartError(`anvil exited with code ${String(code)} before listening:\n${output}`));
    });
  });
  // Keep draining output so anvil never blocks on a full pipe; remember only the tail for diagnostics.
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4_000)));

  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.stdin?.end();
    await exited;
    process.off('exit', onParentExit);
  };
  const onParentExit = () => child.stdin?.end();
  process.once('exit', onParentExit);

  const rpcUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.readyTimeoutMs ?? 15_000);
  while (!(await rpcReady(rpcUrl))) {
    if (Date.now() > deadline) {
      await stop();
      throw new AnvilStartError(`anvil RPC at ${rpcUrl} did not answer in time`);
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return { rpcUrl, port, stop };
}
