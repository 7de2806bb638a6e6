import path from 'node:path';
import { z } from 'zod';
import { readDevChainEndpoint, readDevEidUrl } from '../dev-endpoints';
import { REPO_ROOT } from '../eid-simulator/eid-simulator.config';

/**
 * The dev wallet's settings: flags win over env vars (WALLET_DIR, EID_RESOLVER_URL, CHAIN_RPC_URL, CHAIN_ID),
 * which win over what a running `npm start` advertises under DATA_DIR (default `.data` at the repo root).
 */
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

/** The SDK's default simulated-ID-chain address, for a simulator started on its own. */
const SDK_DEFAULT_RESOLVER = 'http://127.0.0.1:9123/';

const blank = (v: string | undefined) => (v === undefined || v.trim() === '' ? undefined : v.trim());

export function loadWalletConfig(
  flags: WalletFlags,
  env: Record<string, string | undefined> = process.env,
): WalletConfig {
  const dataDir = path.resolve(REPO_ROOT, blank(env.DATA_DIR) ?? '.data');
  const devChain = readDevChainEndpoint(dataDir);
  const result = schema.safeParse({
    walletDir: path.resolve(blank(flags.walletDir) ?? blank(env.WALLET_DIR) ?? path.join(dataDir, 'wallets')),
    resolverUrl:
      blank(flags.resolverUrl) ??
      blank(env.EID_RESOLVER_URL) ??
      readDevEidUrl(dataDir) ??
      SDK_DEFAULT_RESOLVER,
    chainRpcUrl: blank(flags.chainRpcUrl) ?? blank(env.CHAIN_RPC_URL) ?? devChain?.rpcUrl,
    chainId: blank(flags.chainId) ?? blank(env.CHAIN_ID) ?? devChain?.chainId,
  });
  if (!result.success) {
    throw new Error(
      `wallet configuration is invalid:\n${result.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`).join('\n')}`,
    );
  }
  return result.data;
}
