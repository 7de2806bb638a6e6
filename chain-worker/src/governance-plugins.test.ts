import { governanceInterface } from '@cr/contracts-abi/artifacts';
import { describe, expect, it } from 'vitest';
import { classifyGovernanceFinalize } from './governance-plugins';
import { createRevertDecoder } from '@cr/core/chain/revert-reason';

const decode = createRevertDecoder([governanceInterface]);

describe('governance finalize dry run', () => {
  it('reads NothingToFinalize with no next height as already done, with a height as too early', () => {
    const done = decode(governanceInterface.encodeErrorResult('NothingToFinalize', [6, 0]));
    expect(classifyGovernanceFinalize(done)).toBe('done');
    const early = decode(governanceInterface.encodeErrorResult('NothingToFinalize', [1, 5040]));
    expect(classifyGovernanceFinalize(early)).toBe('wait');
    expect(early.reason).toContain('NothingToFinalize(');
  });
  it('treats any other refusal as a failure', () => {
    const unknown = decode(
      governanceInterface.encodeErrorResult('UnknownProposal', [`0x${'11'.repeat(32)}`]),
    );
    expect(classifyGovernanceFinalize(unknown)).toBe('refused');
  });
});
