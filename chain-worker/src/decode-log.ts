import type { Interface, Log, Result } from 'ethers';
import type { NewChainEvent } from '@cr/core/chain/chain-index.repo';

// One decoding of contract logs into chain_events rows, shared by the block watcher and `npm run reindex`, so a
// rebuilt index holds byte-for-byte the rows the watcher would have stored.

/** The stored event of one log (`Unknown` with the raw topics and data when the ABI does not know it). */
export function decodeLog(stream: string, iface: Interface, log: Log): NewChainEvent[] {
  let parsed;
  try {
    parsed = iface.parseLog({ topics: [...log.topics], data: log.data });
  } catch {
    parsed = null;
  }
  return [
    {
      blockNumber: log.blockNumber,
      logIndex: log.index,
      blockHash: log.blockHash,
      txHash: log.transactionHash,
      stream,
      address: log.address,
      name: parsed?.name ?? 'Unknown',
      args: parsed
        ? toJson(
            parsed.args,
            parsed.fragment.inputs.map((i) => i.name),
          )
        : { topics: log.topics, data: log.data },
    },
  ];
}

/** Event args as JSON: named fields, big numbers as exact decimal strings. */
function toJson(args: Result, names: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  names.forEach((name, i) => {
    out[name || `arg${i}`] = jsonValue(args[i]);
  });
  return out;
}

function jsonValue(v: unknown): unknown {
  if (typeof v === 'bigint') return v.toString();
  if (Array.isArray(v)) return v.map(jsonValue);
  return v;
}
