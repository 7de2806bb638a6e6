/**
 * Public block explorers of the chains Essentials knows (Elastos Smart Chain mainnet 20, testnet 21). Other
 * chains (a local anvil) have none: the hash is shown with a copy button instead of a link.
 */
const EXPLORERS: Record<number, string> = {
  20: 'https://esc.elastos.io',
  21: 'https://esc-testnet.elastos.io',
};

export function explorerTxUrl(chainId: number | null | undefined, txHash: string): string | null {
  const base = chainId ? EXPLORERS[chainId] : undefined;
  return base && /^0x[0-9a-fA-F]{64}$/.test(txHash) ? `${base}/tx/${txHash}` : null;
}

/** 0x1234…abcd */
export function shortHash(hash: string): string {
  return hash.length > 14 ? `${hash.slice(0, 8)}…${hash.slice(-6)}` : hash;
}
