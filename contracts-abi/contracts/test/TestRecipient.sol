// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Test-only payout recipient: can refuse payments or try to re-enter the payer when paid.
/// @dev Never deployed by deploy.ts.
contract TestRecipient {
    address public target;
    bytes public reentryCall;
    bool public refusePayments;
    bool public reentrySucceeded;
    uint256 public paymentsReceived;

    /// @notice When paid, call `target` with `data` (e.g. a second signed withdrawal).
    function armReentry(address target_, bytes calldata data) external {
        target = target_;
        reentryCall = data;
    }

    function setRefusePayments(bool refuse) external {
        refusePayments = refuse;
    }

    receive() external payable {
        if (refusePayments) revert("payment refused");
        ++paymentsReceived;
        if (reentryCall.length != 0) {
            bytes memory data = reentryCall;
            delete reentryCall;
            (bool ok, ) = target.call(data);
            reentrySucceeded = ok;
        }
    }
}
