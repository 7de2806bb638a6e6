import { createRequire } from 'node:module';
import { ContractFactory, Interface, type Signer } from 'ethers';

/**
 * A tiny contract for the worker's tests, compiled here with solc-js: `record(id)` stores each action id once and
 * REVERTS on a duplicate, so a twice-posted action is visible (and countable) on chain.
 */
export const RECORDER_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;
contract Recorder {
  error AlreadyRecorded(bytes32 id);
  error Closed();
  error NothingToFinalize(bytes32 id);
  event Recorded(bytes32 indexed id, uint256 count, address by);
  event Finalized(bytes32 indexed id);
  mapping(bytes32 => bool) public seen;
  mapping(bytes32 => bool) public finalized;
  uint256 public count;
  bool public open = true;
  address public immutable owner = msg.sender;
  function record(bytes32 id) external payable {
    if (!open) revert Closed();
    if (seen[id]) revert AlreadyRecorded(id);
    seen[id] = true;
    count += 1;
    emit Recorded(id, count, msg.sender);
  }
  function setOpen(bool value) external {
    require(msg.sender == owner, "not owner");
    open = value;
  }
  function finalize(bytes32 id) external {
    if (finalized[id]) revert NothingToFinalize(id);
    finalized[id] = true;
    emit Finalized(id);
  }
}`;

let compiled: { abi: unknown[]; bytecode: string } | undefined;

export function compileRecorder(): { abi: unknown[]; bytecode: string } {
  if (compiled) return compiled;
  const require = createRequire(import.meta.url);
  const solc = require('solc') as { compile(input: string): string };
  const input = {
    language: 'Solidity',
    sources: { 'Recorder.sol': { content: RECORDER_SOURCE } },
    settings: {
      evmVersion: 'paris',
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const c = output.contracts['Recorder.sol']!.Recorder!;
  compiled = { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
  return compiled;
}

let iface: Interface | undefined;

/** The Recorder's ABI, parsed once (as a deployed api holds its contracts' interfaces). */
export const recorderInterface = (): Interface => (iface ??= new Interface(compileRecorder().abi as never));

export async function deployRecorder(deployer: Signer): Promise<string> {
  const { abi, bytecode } = compileRecorder();
  const contract = await new ContractFactory(abi as never, bytecode, deployer).deploy();
  // Polls the receipt instead of `waitForDeployment()`, whose block subscription can leave an `eth_blockNumber` in
  // flight: a caller that destroys the provider right after got it rejected as an unhandled error (seen once in the
  // SIGKILL test on a loaded machine).
  const hash = contract.deploymentTransaction()!.hash;
  while (!(await deployer.provider!.getTransactionReceipt(hash))) await new Promise((r) => setTimeout(r, 50));
  return contract.getAddress();
}
