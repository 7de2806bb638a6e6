import type { JsonFragment } from 'ethers';

/** The shape of artifacts/<Contract>.json, written by src/compile.ts. */
export interface ContractArtifact {
  contractName: string;
  sourceName: string;
  abi: readonly JsonFragment[] | unknown[];
  /** Creation bytecode, 0x-prefixed. */
  bytecode: string;
  /** Runtime bytecode, 0x-prefixed, with zeros where immutables go. */
  deployedBytecode: string;
  /** Byte ranges of immutables in the runtime code, by AST id. */
  immutableReferences: Record<string, { start: number; length: number }[]>;
  /** SHA-256 of { abi, bytecode, deployedBytecode }. */
  contentHash: string;
  build: {
    compiler: string;
    settings: unknown;
    /** SHA-256 of compiler version + settings + every source unit; see solc-build.ts. */
    sourceHash: string;
    sources: string[];
  };
}
