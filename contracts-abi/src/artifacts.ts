import { Interface } from 'ethers';
import council from '../artifacts/Council.json' with { type: 'json' };
import governance from '../artifacts/Governance.json' with { type: 'json' };
import relayBatch from '../artifacts/RelayBatch.json' with { type: 'json' };
import statementsHarness from '../artifacts/StatementsHarness.json' with { type: 'json' };
import testRecipient from '../artifacts/TestRecipient.json' with { type: 'json' };
import treasury from '../artifacts/Treasury.json' with { type: 'json' };
import type { ContractArtifact } from './artifact.types';

/**
 * The committed build of contracts/ (regenerate with `npm run compile -w contracts-abi`; artifacts.test.ts fails
 * when they are stale). Each artifact carries `abi`, `bytecode`, `deployedBytecode` and its build hashes.
 */

export type { ContractArtifact } from './artifact.types';

export const councilArtifact: ContractArtifact = council;
export const governanceArtifact: ContractArtifact = governance;
export const treasuryArtifact: ContractArtifact = treasury;
/** The relayer's batch forwarder (no role, no state): many relayed calls per transaction, each on its own. */
export const relayBatchArtifact: ContractArtifact = relayBatch;
/** Test-only contract exposing contracts/Statements.sol; never deployed by deploy.ts. */
export const statementsHarnessArtifact: ContractArtifact = statementsHarness;
/** Test-only payout recipient that refuses payments or re-enters the treasury; never deployed by deploy.ts. */
export const testRecipientArtifact: ContractArtifact = testRecipient;

/** ethers Interfaces, e.g. to decode logs and revert data (`governanceInterface.parseError(data)`). */
export const councilInterface = new Interface(council.abi);
export const governanceInterface = new Interface(governance.abi);
export const treasuryInterface = new Interface(treasury.abi);
export const relayBatchInterface = new Interface(relayBatch.abi);

/**
 * Decodes revert data from any of the three contracts into `Name(arg, …)`, e.g.
 * `VotingClosed(1234)`; returns undefined when the data matches none of their custom errors.
 */
export function decodeGovernanceError(data: string): string | undefined {
  for (const iface of [governanceInterface, treasuryInterface, councilInterface]) {
    const parsed = iface.parseError(data);
    if (parsed) return `${parsed.name}(${parsed.args.map((arg: unknown) => String(arg)).join(', ')})`;
  }
  return undefined;
}
