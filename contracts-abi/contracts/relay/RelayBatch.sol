// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title RelayBatch: many relayed calls in one transaction, each one on its own.
/// @notice The relayer posts members' signed actions (votes, registrations, reviews…). Each target function checks
///         its own signature, so who sends the call gives it no right: this contract holds no role, no funds and
///         no state, and anyone may use it. A call that reverts is reported by `CallFailed` with its revert data,
///         its state changes undone, and the calls after it still run: one failed action never sinks the others.
///         Each call runs with the gas the relayer estimated for it, so one call cannot starve the rest; when the
///         transaction has too little gas left for the next call, the whole batch reverts (nothing half done).
contract RelayBatch {
    struct Call {
        address target;
        uint64 gas;
        bytes data;
    }

    /// @param index the call's position in the batch
    /// @param reason the call's revert data (a custom error or Error(string)), empty when it ran out of gas
    event CallFailed(uint256 indexed index, bytes reason);

    error OutOfBatchGas(uint256 index, uint256 gasLeft, uint256 gasNeeded);
    error NoValue();

    /// @notice Runs `calls` in order, each with its own gas; never forwards value.
    function run(Call[] calldata calls) external {
        for (uint256 i = 0; i < calls.length; ++i) {
            Call calldata c = calls[i];
            // The EIP-150 rule passes at most 63/64 of what is left: make sure the call gets all it was given.
            uint256 needed = (uint256(c.gas) * 64) / 63 + 5_000;
            if (gasleft() < needed) revert OutOfBatchGas(i, gasleft(), needed);
            (bool ok, bytes memory reason) = c.target.call{gas: c.gas}(c.data);
            if (!ok) emit CallFailed(i, reason);
        }
    }

    receive() external payable {
        revert NoValue();
    }
}
