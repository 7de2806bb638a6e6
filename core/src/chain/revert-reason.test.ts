import { AbiCoder, Interface, id } from 'ethers';
import { describe, expect, it } from 'vitest';
import { createRevertDecoder } from './revert-reason';

const abi = ['error AlreadyRecorded(bytes32 id)', 'error VotingClosed(uint64 votingEnd)'];
const iface = new Interface(abi);
const decode = createRevertDecoder([abi]);

describe('revert reasons', () => {
  it('names a custom error with its arguments', () => {
    const data = iface.encodeErrorResult('VotingClosed', [1234n]);
    expect(decode(data)).toEqual({
      name: 'VotingClosed',
      reason: 'VotingClosed(votingEnd: 1234)',
      args: [1234n],
    });
    const key = id('x');
    expect(decode(iface.encodeErrorResult('AlreadyRecorded', [key])).reason).toBe(
      `AlreadyRecorded(id: ${key})`,
    );
  });
  it('reads require messages and panics', () => {
    const msg = '0x08c379a0' + AbiCoder.defaultAbiCoder().encode(['string'], ['not owner']).slice(2);
    expect(decode(msg)).toMatchObject({ name: 'Error', reason: 'not owner' });
    const panic = '0x4e487b71' + AbiCoder.defaultAbiCoder().encode(['uint256'], [0x11]).slice(2);
    expect(decode(panic).reason).toBe('panic 0x11 (arithmetic overflow or underflow)');
  });
  it('says so when there is no reason or an unknown error', () => {
    expect(decode('0x').reason).toBe('reverted without a reason');
    expect(decode(null).reason).toBe('reverted without a reason');
    expect(decode('0xdeadbeef').reason).toBe('reverted with unknown error 0xdeadbeef');
  });
});
