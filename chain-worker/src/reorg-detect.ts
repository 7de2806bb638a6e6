/**
 * Reorg detection for the block watcher: the stored hashes of the last blocks are compared with what the node says
 * now. The lowest block whose hash differs (or that the node no longer has) is where the fork starts; everything
 * indexed from there is deleted and read again. Pure, so it is unit-tested without a chain.
 */
export interface StoredBlock {
  number: number;
  hash: string;
}

/** `nodeHashes` maps block number → hash on the node now (undefined = the node has no such block). */
export function findForkBlock(
  stored: readonly StoredBlock[],
  nodeHashes: ReadonlyMap<number, string | undefined>,
): number | null {
  let fork: number | null = null;
  for (const block of stored) {
    const now = nodeHashes.get(block.number);
    if (now === undefined || now.toLowerCase() !== block.hash.toLowerCase()) {
      if (fork === null || block.number < fork) fork = block.number;
    }
  }
  return fork;
}

/** Checks that fetched headers chain onto each other and onto the last stored block; returns the first break. */
export function firstBrokenLink(
  previous: StoredBlock | undefined,
  headers: readonly { number: number; hash: string; parentHash: string }[],
): number | null {
  let prev = previous;
  for (const h of headers) {
    if (prev && prev.number === h.number - 1 && prev.hash.toLowerCase() !== h.parentHash.toLowerCase())
      return h.number;
    prev = h;
  }
  return null;
}
