import {
  DEFAULT_INTENT_HOSTS,
  encodeQuery,
  hostRoot,
  withCallbackToken,
  type IntentHosts,
} from './intent-hosts';
import type { BuiltRequest } from './credaccess-request';

/** One `eth_sendTransaction`-style call, as Essentials reads `payload.params[0]`. */
export interface EscTransactionCall {
  /** Used by Essentials only for gas estimation. */
  from?: string;
  to: string;
  /** 0x-prefixed calldata. */
  data: string;
  /** Amount in wei. */
  value: bigint;
  gas?: bigint;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * `https://wallet.web3essentials.io/esctransaction?chainId=<n>&payload={"params":[{from?,to,data,value}]}&callbackurl=<url>`.
 * Essentials sends it from the member's EVM account and, once mined, POSTs the unsigned
 * `{ "result": "{\"published\":true,\"txid\":\"0x…\",\"status\":\"published\"}" }`.
 */
export function buildEscTransactionRequest(input: {
  chainId: number;
  call: EscTransactionCall;
  callbackUrl: string;
  callbackToken: string;
  hosts?: IntentHosts;
}): BuiltRequest {
  const { call } = input;
  if (!Number.isSafeInteger(input.chainId) || input.chainId <= 0)
    throw new Error('chainId must be a positive integer');
  if (!ADDRESS.test(call.to)) throw new Error('to must be a 0x address');
  if (call.from !== undefined && !ADDRESS.test(call.from)) throw new Error('from must be a 0x address');
  if (!/^0x(?:[0-9a-fA-F]{2})*$/.test(call.data)) throw new Error('data must be 0x-prefixed hex');
  if (call.value < 0n) throw new Error('value must not be negative');
  const param: Record<string, string> = {};
  if (call.from) param.from = call.from;
  param.to = call.to;
  param.data = call.data;
  param.value = `0x${call.value.toString(16)}`;
  if (call.gas !== undefined) param.gas = `0x${call.gas.toString(16)}`;
  const callbackUrl = withCallbackToken(input.callbackUrl, input.callbackToken);
  const query = encodeQuery([
    ['chainId', String(input.chainId)],
    ['payload', JSON.stringify({ params: [param] })],
    ['callbackurl', callbackUrl],
  ]);
  const hosts = input.hosts ?? DEFAULT_INTENT_HOSTS;
  return { url: `${hostRoot(hosts.wallet)}/esctransaction?${query}`, callbackUrl };
}
