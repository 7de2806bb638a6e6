import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { ENDPOINT_FILE } from '../eid-simulator/eid-simulator';
import { REPO_ROOT } from '../eid-simulator/eid-simulator.config';

/** The dev wallet's settings: flags win over env vars (WALLET_DIR, EID_RESOLVER_URL, CHAIN_RPC_URL, CHAIN_ID). */
const schema = z.object({
  walletDir: z.string().min(1),
  resolverUrl: z.url({ protocol: /^https?$/ }),
  chainRpcUrl: z.url({ protocol: /^(https?|wss?)$/ }).optional(),
  chainId: z.coerce.number().int().positive().optional(),
});

export type WalletConfig = z.infer<typeof schema>;

export interface WalletFlags {
  walletDir?: string;
  resolverUrl?: string;
  chainRpcUrl?: string;
  chainId?: string;
}

/** Where a running dev simulator advertises itself (`.data/eid-simulator/endpoint.json`), else the SDK default port. */
function defaultResolverUrl(): string {
  const file = path.join(REPO_ROOT, '.data', 'eid-simulator', ENDPOINT_FILE);
  if (existsSync(file)) {
    const { url } = JSON.parse(readFileSync(file, 'utf8')) as { url?: unknown };
    if (typeof url === 'string') return url;
  }
  return 'http://127.0.0.1:9123/';
}

const blank = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v.trim());

export function loadWalletConfig(
  flags: WalletFlags,
  env: Record<string, string | undefined> = process.env,
): WalletConfig {
  const result = schema.safeParse({
    walletDir: path.resolve(
      blank(flags.walletDir) ?? blank(env.WALLET_DIR) ?? path.join(REPO_ROOT, '.data', 'wallets'),
    ),
    resolverUrl: blank(flags.resolverUrl) ?? blank(env.EID_RESOLVER_URL) ?? defaultResolverUrl(),
    chainRpcUrl: blank(flags.chainRpcUrl) ?? blank(env.CHAIN_RPC_URL),
    chainId: blank(flags.chainId) ?? blank(env.CHAIN_ID),
  });
  if (!result.success) {
    throw new Error(
      `wallet configuration is invalid:\n${result.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`).join('\n')}`,
    );
  }
  return result.data;
}
