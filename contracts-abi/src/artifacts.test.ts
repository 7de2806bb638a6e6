import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  artifactNames,
  artifactsDir,
  collectSources,
  contentHash,
  solcVersion,
  sourceHash,
} from './solc-build';
import type { ContractArtifact } from './artifact.types';

// Fails when contracts/ (or OpenZeppelin, the compiler, its settings) changed without `npm run compile -w
// contracts-abi`, or when an artifact was edited by hand. Compares hashes; no recompilation (viaIR takes ~18 s).
describe('committed artifacts match the sources', () => {
  const expectedHash = sourceHash(collectSources(), solcVersion());

  it.each(artifactNames)('%s.json was built from the current sources and settings', (name) => {
    const artifact = JSON.parse(
      readFileSync(path.join(artifactsDir, `${name}.json`), 'utf8'),
    ) as ContractArtifact;
    expect(artifact.build.sourceHash, 'run `npm run compile -w contracts-abi` and commit artifacts/').toBe(
      expectedHash,
    );
    expect(artifact.contentHash, 'the artifact was edited by hand').toBe(contentHash(artifact));
    expect(artifact.bytecode).toMatch(/^0x[0-9a-f]+$/);
    // EIP-170: runtime code above 24,576 bytes cannot be deployed.
    expect((artifact.deployedBytecode.length - 2) / 2).toBeLessThanOrEqual(24_576);
  });

  it('covers every contract file, including OpenZeppelin imports', () => {
    const names = collectSources().map((unit) => unit.name);
    expect(names).toContain('contracts/Governance.sol');
    expect(names).toContain('@openzeppelin/contracts/utils/cryptography/P256.sol');
  });
});
