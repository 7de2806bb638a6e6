import { existsSync, readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where the local services of `npm start` (dev only) advertise themselves under the data directory, so the dev
 * wallet CLI run in another terminal finds the EID simulator and the chain without flags. Both listen on free
 * ports, so their URLs change on every start.
 */
export const devEidDir = (dataDir: string) => path.join(dataDir, 'eid');
export const devEidEndpointFile = (dataDir: string) => path.join(devEidDir(dataDir), 'endpoint.json');
export const devChainEndpointFile = (dataDir: string) => path.join(dataDir, 'chain', 'endpoint.json');

export interface DevChainEndpoint {
  rpcUrl: string;
  chainId: number;
}

/** Written by the dev stack once its anvil answers; removed when it stops. */
export async function writeDevChainEndpoint(
  dataDir: string,
  endpoint: DevChainEndpoint,
): Promise<() => Promise<void>> {
  const file = devChainEndpointFile(dataDir);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, JSON.stringify({ ...endpoint, pid: process.pid }));
  return () => rm(file, { force: true });
}

function readJson(file: string): Record<string, unknown> | null {
  if (!existsSync(file)) return null;
  try {
    const value: unknown = JSON.parse(readFileSync(file, 'utf8'));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null; // a half-written file from a start in progress: as if absent
  }
}

/** The running dev EID simulator's URL, or null when none advertises itself. */
export function readDevEidUrl(dataDir: string): string | null {
  const url = readJson(devEidEndpointFile(dataDir))?.url;
  return typeof url === 'string' ? url : null;
}

/** The running dev chain's RPC URL and chain id, or null when none advertises itself. */
export function readDevChainEndpoint(dataDir: string): DevChainEndpoint | null {
  const json = readJson(devChainEndpointFile(dataDir));
  return typeof json?.rpcUrl === 'string' && typeof json.chainId === 'number'
    ? { rpcUrl: json.rpcUrl, chainId: json.chainId }
    : null;
}
