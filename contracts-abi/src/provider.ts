import { JsonRpcProvider } from 'ethers';

/**
 * A JSON-RPC provider safe for back-to-back transactions: ethers' default 250 ms cache hands back stale
 * nonces on a fast chain ("nonce has already been used"), so caching is off. Polls every `pollingMs`.
 */
export function createProvider(rpcUrl: string, pollingMs = 100): JsonRpcProvider {
  const provider = new JsonRpcProvider(rpcUrl, undefined, { cacheTimeout: -1, staticNetwork: true });
  provider.pollingInterval = pollingMs;
  return provider;
}
