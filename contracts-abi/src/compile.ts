import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  artifactNames,
  artifactsDir,
  collectSources,
  compilerSettings,
  contentHash,
  solcVersion,
  sourceHash,
} from './solc-build';
import type { ContractArtifact } from './artifact.types';

/**
 * `npm run compile -w contracts-abi`: compiles contracts/ with solc-js (standard JSON, offline) and writes
 * artifacts/<Contract>.json (abi, bytecode, and the hash of the sources + compiler settings it came from).
 */

const require = createRequire(import.meta.url);
const EIP170_LIMIT = 24_576;

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts: Record<
    string,
    Record<
      string,
      {
        abi: unknown[];
        evm: {
          bytecode: { object: string };
          deployedBytecode: {
            object: string;
            immutableReferences?: Record<string, { start: number; length: number }[]>;
          };
        };
      }
    >
  >;
}

function main(): void {
  const started = Date.now();
  const solc = require('solc') as { version(): string; compile(input: string): string };
  const sources = collectSources();
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(sources.map((unit) => [unit.name, { content: unit.content }])),
    settings: compilerSettings,
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput;
  const problems = output.errors ?? [];
  for (const problem of problems) console.error(problem.formattedMessage);
  if (problems.some((problem) => problem.severity === 'error')) {
    process.exitCode = 1;
    return;
  }

  const hash = sourceHash(sources, solcVersion());
  mkdirSync(artifactsDir, { recursive: true });
  for (const name of artifactNames) {
    const entry = Object.entries(output.contracts).find(([, contracts]) => name in contracts);
    if (!entry) throw new Error(`contract ${name} not found in the compiler output`);
    const [sourceName, contracts] = entry;
    const compiled = contracts[name]!;
    const body = {
      abi: compiled.abi,
      bytecode: `0x${compiled.evm.bytecode.object}`,
      deployedBytecode: `0x${compiled.evm.deployedBytecode.object}`,
    };
    const artifact: ContractArtifact = {
      contractName: name,
      sourceName,
      ...body,
      immutableReferences: compiled.evm.deployedBytecode.immutableReferences ?? {},
      contentHash: contentHash(body),
      build: {
        compiler: `solc-js ${solc.version()}`,
        settings: compilerSettings,
        sourceHash: hash,
        sources: sources.map((unit) => unit.name),
      },
    };
    writeFileSync(path.join(artifactsDir, `${name}.json`), `${JSON.stringify(artifact, null, 2)}\n`);
    const size = (body.deployedBytecode.length - 2) / 2;
    const warn = size > EIP170_LIMIT ? `  OVER THE EIP-170 LIMIT (${EIP170_LIMIT})` : '';
    console.log(`${name.padEnd(18)} runtime ${String(size).padStart(6)} bytes${warn}`);
  }
  console.log(`compiled ${sources.length} sources with solc ${solc.version()} in ${Date.now() - started} ms`);
}

main();
