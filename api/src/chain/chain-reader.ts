import { JsonRpcProvider, Network } from 'ethers';
import type { ApiConfig } from '../config/api-config';
import { withTimeout } from '@cr/core/infra/with-timeout';

/** A read that takes longer than this is answered as unavailable rather than holding the page. */
export const READ_TIMEOUT_MS = 5_000;

const providers = new WeakMap<object, JsonRpcProvider>();

/**
 * The api process's read-only view of the governance chain: one provider on the configured RPC and chain id,
 * with a static network, so an unreachable node fails the read instead of leaving ethers retrying its network
 * detection in the background (one per deps object). Null when the chain is not configured.
 */
export function chainReader(deps: {
  config: Pick<ApiConfig, 'CHAIN_RPC_URL' | 'CHAIN_ID'>;
}): JsonRpcProvider | null {
  const { CHAIN_RPC_URL: rpcUrl, CHAIN_ID: chainId } = deps.config;
  if (!rpcUrl || !chainId) return null;
  let provider = providers.get(deps);
  if (!provider) {
    provider = new JsonRpcProvider(rpcUrl, Network.from(chainId), { staticNetwork: true });
    providers.set(deps, provider);
  }
  return provider;
}

/** `work`, or a rejection after READ_TIMEOUT_MS. */
export function withReadTimeout<T>(work: Promise<T>): Promise<T> {
  return withTimeout(work, READ_TIMEOUT_MS, 'the chain read');
}
