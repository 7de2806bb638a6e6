import { JsonRpcProvider } from 'ethers';
import { DidError } from '../did-error';
import { isPlainObject } from '../encoding';
import type { ParsedIntentUrl } from '../intents/intent-url-parse';
import { evmWalletFromMnemonic, type OpenedWallet } from './wallet-store';

export interface EscTransactionOutcome {
  /** What Essentials reports (esctransaction.page.ts): published with the hash, or error with none. */
  result: { published: true; txid: string; status: 'published' } | { txid: null; status: 'error' };
  error?: string;
}

/**
 * esctransaction: sends `payload.params[0]` (to, data, value in wei, gas?) from the wallet's EVM account
 * on the configured chain and waits until it is mined, as Essentials does before answering.
 */
export async function sendEscTransaction(
  wallet: OpenedWallet,
  intent: ParsedIntentUrl,
  chain: { chainRpcUrl?: string; chainId?: number },
): Promise<EscTransactionOutcome> {
  const { params } = intent;
  const payload = isPlainObject(params.payload) ? params.payload : null;
  const call =
    payload && Array.isArray(payload.params) && isPlainObject(payload.params[0]) ? payload.params[0] : null;
  if (!call) throw new DidError('did.intent_invalid', 'esctransaction needs payload.params[0]');
  if (!chain.chainRpcUrl)
    throw new DidError('did.chain_failed', 'no chain RPC URL configured (CHAIN_RPC_URL or --chain-rpc)');
  const provider = new JsonRpcProvider(chain.chainRpcUrl, undefined, {
    staticNetwork: true,
    polling: true,
    pollingInterval: 250,
  });
  try {
    const network = await provider.getNetwork();
    // Essentials matches chainId loosely against the networks it knows and answers nothing when unknown.
    if (params.chainId !== undefined && String(params.chainId) !== String(network.chainId)) {
      throw new DidError(
        'did.intent_invalid',
        `chain ${String(params.chainId)} is not the configured chain ${network.chainId}`,
      );
    }
    if (chain.chainId !== undefined && BigInt(chain.chainId) !== network.chainId) {
      throw new DidError('did.chain_failed', `the RPC serves chain ${network.chainId}, not ${chain.chainId}`);
    }
    const signer = evmWalletFromMnemonic(wallet.mnemonic).connect(provider);
    try {
      const tx = await signer.sendTransaction({
        to: String(call.to),
        data: typeof call.data === 'string' ? call.data : '0x',
        value: call.value === undefined ? 0n : BigInt(String(call.value)),
        gasLimit: call.gas === undefined ? undefined : BigInt(String(call.gas)),
      });
      await tx.wait(1);
      return { result: { published: true, txid: tx.hash, status: 'published' } };
    } catch (err) {
      return {
        result: { txid: null, status: 'error' },
        error: err instanceof Error ? err.message : String(err),
      };
    }
  } finally {
    provider.destroy();
  }
}
