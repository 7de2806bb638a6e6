import { normalizeEscAddress } from '@cr/contract/address';

/** What the wallet was asked to send (the chain action's expected tx). */
export interface ExpectedTx {
  chainId: number;
  /** The sender the request names; absent when the member's wallet chooses its own address (any sender). */
  from?: string;
  to: string;
  data: string;
  /** Wei, decimal string. */
  value: string;
}

/** The tx as the node reports it. */
export interface SeenTx {
  chainId: bigint | number;
  from: string;
  to: string | null;
  data: string;
  value: bigint;
}

/**
 * Why a wallet-sent tx is not the one asked for, as readable sentences (empty when it matches). The wallet's answer
 * is unsigned, so the tx on chain is the only thing believed: chain, sender, target, calldata and value must all match.
 */
export function txMismatches(expected: ExpectedTx, seen: SeenTx): string[] {
  const problems: string[] = [];
  if (BigInt(seen.chainId) !== BigInt(expected.chainId))
    problems.push(`it is on chain ${seen.chainId}, expected ${expected.chainId}`);
  if (expected.from !== undefined && !sameAddress(seen.from, expected.from))
    problems.push(`it was sent by ${seen.from}, expected ${expected.from}`);
  if (!seen.to || !sameAddress(seen.to, expected.to))
    problems.push(`it calls ${seen.to ?? 'no address (contract creation)'}, expected ${expected.to}`);
  if (seen.data.toLowerCase() !== expected.data.toLowerCase())
    problems.push('its call data differs from the request');
  if (seen.value !== BigInt(expected.value))
    problems.push(`it sends ${seen.value} wei, expected ${expected.value}`);
  return problems;
}

function sameAddress(a: string, b: string): boolean {
  const na = normalizeEscAddress(a);
  return na !== null && na === normalizeEscAddress(b);
}
