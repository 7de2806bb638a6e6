import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Pure building blocks of the contract build, shared by the compile script and the artifacts test. */

const require = createRequire(import.meta.url);

/** The contracts-abi workspace folder. */
export const workspaceDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const contractsDir = path.join(workspaceDir, 'contracts');
export const artifactsDir = path.join(workspaceDir, 'artifacts');

/** Contracts written to artifacts/ (libraries and interfaces are inlined, never deployed alone). */
export const artifactNames = [
  'Council',
  'Governance',
  'Treasury',
  'RelayBatch',
  'StatementsHarness',
  'TestRecipient',
] as const;
export type ArtifactName = (typeof artifactNames)[number];

/**
 * Compiler settings. `paris` bytecode (no PUSH0, no transient storage, no MCOPY) runs on anvil's prague and
 * osaka and on older EVM chains. viaIR is needed: the registration path keeps too many values on the stack.
 */
export const compilerSettings = {
  evmVersion: 'paris',
  viaIR: true,
  optimizer: { enabled: true, runs: 200 },
  metadata: { bytecodeHash: 'none', appendCBOR: false },
  outputSelection: {
    '*': {
      '*': [
        'abi',
        'evm.bytecode.object',
        'evm.deployedBytecode.object',
        'evm.deployedBytecode.immutableReferences',
      ],
    },
  },
} as const;

export interface SourceUnit {
  /** Source unit name as solc sees it: `contracts/Council.sol` or `@openzeppelin/contracts/...`. */
  name: string;
  content: string;
}

const importPattern = /import\s+(?:[^'";]*?\s+from\s+)?["']([^"']+)["']\s*;/g;

function listSolidityFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return listSolidityFiles(full);
    return entry.name.endsWith('.sol') ? [full] : [];
  });
}

function readUnit(name: string): string {
  if (name.startsWith('contracts/')) return readFileSync(path.join(workspaceDir, name), 'utf8');
  return readFileSync(require.resolve(name), 'utf8');
}

function resolveImport(from: string, spec: string): string {
  if (spec.startsWith('./') || spec.startsWith('../'))
    return path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  return spec;
}

/** Every source unit of the build: the files under contracts/ and, transitively, what they import. */
export function collectSources(): SourceUnit[] {
  const roots = listSolidityFiles(contractsDir).map((file) =>
    path.relative(workspaceDir, file).split(path.sep).join('/'),
  );
  const units = new Map<string, string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const name = queue.pop() as string;
    if (units.has(name)) continue;
    const content = readUnit(name);
    units.set(name, content);
    for (const match of content.matchAll(importPattern)) queue.push(resolveImport(name, match[1] as string));
  }
  return [...units.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, content]) => ({ name, content }));
}

/** SHA-256 over the compiler version, the settings and every source unit (name and content). */
export function sourceHash(sources: SourceUnit[], compilerVersion: string): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify({ compilerVersion, compilerSettings }));
  for (const unit of sources) hash.update(`\0${unit.name}\0${unit.content}`);
  return `0x${hash.digest('hex')}`;
}

/** The installed solc-js version string, e.g. `0.8.37+commit.f401782d.Emscripten.clang`. */
export function solcVersion(): string {
  const pkg = require('solc/package.json') as { version: string };
  return pkg.version;
}

/** SHA-256 of what an artifact carries (abi and bytecode), to detect hand edits of the committed file. */
export function contentHash(artifact: { abi: unknown; bytecode: string; deployedBytecode: string }): string {
  const json = JSON.stringify({
    abi: artifact.abi,
    bytecode: artifact.bytecode,
    deployedBytecode: artifact.deployedBytecode,
  });
  return `0x${createHash('sha256').update(json).digest('hex')}`;
}
