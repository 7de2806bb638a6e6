// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {SignedActions} from "./DidSignature.sol";
import {Statements} from "./Statements.sol";
import {
    ICouncil,
    IGovernance,
    ITreasury,
    ProposalStatus,
    Sig,
    StageInput,
    StageKind,
    StageStatus
} from "./GovernanceTypes.sol";

/// @title Treasury: holds native ELA and pays proposal budgets stage by stage.
/// @notice Rules:
///         - a proposal's total budget may be at most 10% of the available balance (balance minus what is
///           already reserved for other proposals) when it is registered; it stays reserved until it is paid or
///           the proposal ends without it (REJECT, VETOED, DEFERRED, or cancelled stages on conclusion);
///         - stages are approved in order: the owner requests stage i only when stages 0..i-1 are approved;
///           the secretary general approves or rejects; a rejected stage may be requested again;
///         - an ADVANCE stage (only ever stage 0) is approved when the proposal becomes ACTIVE;
///         - the owner's withdrawal pays every approved, unpaid stage to the recipient in one transfer; a stage is
///           paid at most once (approved stages form a prefix, paid stages a shorter prefix).
contract Treasury is ReentrancyGuard, SignedActions, ITreasury {
    /// @notice 10% (in basis points) of the available balance: the most a single proposal may ask.
    uint256 public constant BUDGET_CAP_BPS = 1_000;
    uint256 public constant BPS = 10_000;
    /// @notice Upper bound on stages per proposal, which bounds every loop over stages.
    uint256 public constant MAX_STAGES = 16;

    struct Budget {
        address recipient;
        uint8 count; // number of stages
        uint8 nextToApprove; // stages [0, nextToApprove) are approved or paid
        uint8 nextToPay; // stages [0, nextToPay) are paid
        bool exists;
        bool closed; // no more requests or approvals (released, concluded, terminated)
        uint128 reserved; // wei of this budget still counted in `committed`
    }

    struct Stage {
        StageKind kind;
        StageStatus status;
        uint128 amount; // wei
        bytes32 messageHash; // sha256 of the owner's latest request message
    }

    ICouncil public immutable council;
    IGovernance public immutable governance;

    /// @notice Wei promised to live budgets and not yet paid; never more than the balance.
    uint256 public committed;

    mapping(bytes32 draftHash => Budget) private _budgets;
    mapping(bytes32 draftHash => mapping(uint256 index => Stage)) private _stages;

    event Funded(address indexed from, uint256 amountWei);
    event BudgetReserved(bytes32 indexed draftHash, address recipient, uint256 totalWei, uint8 stageCount);
    event BudgetReleased(bytes32 indexed draftHash, uint256 amountWei);
    event BudgetActivated(bytes32 indexed draftHash);
    event BudgetClosed(bytes32 indexed draftHash, uint256 releasedWei);
    event RecipientChanged(bytes32 indexed draftHash, address recipient);
    event StageCancelled(bytes32 indexed draftHash, uint256 indexed stage);
    event PaymentRequested(
        bytes32 indexed draftHash,
        uint256 indexed stage,
        uint256 amountWei,
        bytes32 messageHash,
        uint64 nonce
    );
    /// @notice `approved` false means rejected; an ADVANCE approved on activation has a zero opinion hash.
    event PaymentReviewed(
        bytes32 indexed draftHash,
        uint256 indexed stage,
        bool approved,
        bytes32 opinionHash,
        uint64 nonce
    );
    event Withdrawn(
        bytes32 indexed draftHash,
        address indexed recipient,
        uint256 amountWei,
        uint256 fromStage,
        uint256 toStage
    );

    error NotGovernance(address caller);
    error InvalidBudget(string reason);
    error BudgetOverCap(uint256 totalWei, uint256 capWei);
    error UnknownBudget(bytes32 draftHash);
    error BudgetClosedAlready(bytes32 draftHash);
    error ProposalNotActive(ProposalStatus status);
    error StageOutOfOrder(uint256 expected, uint256 given);
    error StageNotRequestable(StageStatus status);
    error StageNotRequested(StageStatus status);
    error SecretaryUnset();
    error NothingToWithdraw();
    error TreasuryInsufficient(uint256 balanceWei, uint256 neededWei);
    error PaymentFailed();

    modifier onlyGovernance() {
        if (msg.sender != address(governance)) revert NotGovernance(msg.sender);
        _;
    }

    constructor(ICouncil council_, IGovernance governance_) {
        council = council_;
        governance = governance_;
    }

    /// @notice Funds the treasury with native ELA.
    receive() external payable {
        emit Funded(msg.sender, msg.value);
    }

    // ------------------------------------------------------------------ governance hooks

    /// @inheritdoc ITreasury
    /// @dev Stage rules: at most MAX_STAGES; ADVANCE only as stage 0; exactly one COMPLETION, last; amounts > 0;
    ///      a recipient iff there are stages. Total <= 10% of (balance - committed).
    function reserveBudget(
        bytes32 draftHash,
        address recipient,
        StageInput[] calldata stages
    ) external onlyGovernance {
        uint256 count = stages.length;
        if (count > MAX_STAGES) revert InvalidBudget("too many stages");
        if ((count == 0) != (recipient == address(0))) revert InvalidBudget("recipient");
        uint256 total = 0;
        for (uint256 i = 0; i < count; ++i) {
            StageKind kind = stages[i].kind;
            if (stages[i].amount == 0) revert InvalidBudget("zero amount");
            if (kind == StageKind.ADVANCE && i != 0) revert InvalidBudget("advance not first");
            if ((kind == StageKind.COMPLETION) != (i == count - 1)) revert InvalidBudget("completion not last");
            total += stages[i].amount;
            _stages[draftHash][i] = Stage({
                kind: kind,
                status: StageStatus.WAITING_FOR_REQUEST,
                amount: uint128(stages[i].amount),
                messageHash: bytes32(0)
            });
        }
        uint256 cap = (available() * BUDGET_CAP_BPS) / BPS;
        if (total > cap) revert BudgetOverCap(total, cap);
        _budgets[draftHash] = Budget({
            recipient: recipient,
            count: uint8(count),
            nextToApprove: 0,
            nextToPay: 0,
            exists: true,
            closed: false,
            reserved: uint128(total)
        });
        committed += total;
        emit BudgetReserved(draftHash, recipient, total, uint8(count));
    }

    /// @inheritdoc ITreasury
    function releaseBudget(bytes32 draftHash) external onlyGovernance {
        Budget storage b = _open(draftHash);
        uint256 amount = b.reserved;
        b.reserved = 0;
        b.closed = true;
        committed -= amount;
        emit BudgetReleased(draftHash, amount);
    }

    /// @inheritdoc ITreasury
    function activateBudget(bytes32 draftHash) external onlyGovernance {
        Budget storage b = _open(draftHash);
        emit BudgetActivated(draftHash);
        if (b.count > 0 && _stages[draftHash][0].kind == StageKind.ADVANCE) {
            _stages[draftHash][0].status = StageStatus.WAITING_FOR_WITHDRAWAL;
            b.nextToApprove = 1;
            emit PaymentReviewed(draftHash, 0, true, bytes32(0), 0);
        }
    }

    /// @inheritdoc ITreasury
    /// @dev Cancels every stage not yet approved; approved ones stay withdrawable.
    function closeBudget(bytes32 draftHash) external onlyGovernance {
        Budget storage b = _open(draftHash);
        uint256 released = 0;
        for (uint256 i = b.nextToApprove; i < b.count; ++i) {
            Stage storage s = _stages[draftHash][i];
            s.status = StageStatus.CANCELLED;
            released += s.amount;
            emit StageCancelled(draftHash, i);
        }
        b.closed = true;
        b.reserved -= uint128(released);
        committed -= released;
        emit BudgetClosed(draftHash, released);
    }

    /// @inheritdoc ITreasury
    function setRecipient(bytes32 draftHash, address recipient) external onlyGovernance {
        Budget storage b = _budgets[draftHash];
        if (!b.exists) revert UnknownBudget(draftHash);
        b.recipient = recipient;
        emit RecipientChanged(draftHash, recipient);
    }

    // ------------------------------------------------------------------ owner and secretary actions

    /// @notice The owner requests payment of stage `stage` (0-based; must be the first stage not yet approved).
    /// @param messageHash sha256 of the owner's progress message
    /// @param ownerSig the owner's signature of {Statements.paymentRequest}
    function requestPayment(
        bytes32 draftHash,
        uint256 stage,
        bytes32 messageHash,
        uint64 nonce,
        Sig calldata ownerSig
    ) external {
        (bytes32 qx, bytes32 qy) = _activeOwner(draftHash);
        Budget storage b = _open(draftHash);
        if (stage != b.nextToApprove || stage >= b.count) revert StageOutOfOrder(b.nextToApprove, stage);
        Stage storage s = _stages[draftHash][stage];
        if (s.status != StageStatus.WAITING_FOR_REQUEST && s.status != StageStatus.REJECTED) {
            revert StageNotRequestable(s.status);
        }
        _consumeSignature(
            Statements.paymentRequest(draftHash, stage, b.count, s.amount, messageHash, nonce, block.chainid),
            ownerSig,
            qx,
            qy
        );
        s.status = StageStatus.WAITING_FOR_APPROVAL;
        s.messageHash = messageHash;
        emit PaymentRequested(draftHash, stage, s.amount, messageHash, nonce);
    }

    /// @notice The secretary general approves or rejects the requested stage.
    /// @param opinionHash sha256 of the secretary's opinion text
    /// @param secretarySig the secretary's signature of {Statements.paymentReview}
    function reviewPayment(
        bytes32 draftHash,
        uint256 stage,
        bool approve,
        bytes32 opinionHash,
        uint64 nonce,
        Sig calldata secretarySig
    ) external {
        _activeOwner(draftHash);
        Budget storage b = _open(draftHash);
        Stage storage s = _stages[draftHash][stage];
        if (stage >= b.count || s.status != StageStatus.WAITING_FOR_APPROVAL) revert StageNotRequested(s.status);
        (bytes32 qx, bytes32 qy) = council.secretaryKey();
        if (qx == bytes32(0)) revert SecretaryUnset();
        _consumeSignature(
            Statements.paymentReview(
                draftHash,
                approve,
                stage,
                b.count,
                s.amount,
                opinionHash,
                nonce,
                block.chainid
            ),
            secretarySig,
            qx,
            qy
        );
        if (approve) {
            s.status = StageStatus.WAITING_FOR_WITHDRAWAL;
            b.nextToApprove = uint8(stage + 1);
        } else {
            s.status = StageStatus.REJECTED;
        }
        emit PaymentReviewed(draftHash, stage, approve, opinionHash, nonce);
    }

    /// @notice The owner withdraws every approved, unpaid stage to the recipient. Allowed while the proposal
    ///         is ACTIVE, FINAL, INCOMPLETED or TERMINATED (approved work stays owed).
    /// @param ownerSig the owner's signature of {Statements.withdrawal} for exactly the amount due
    function withdraw(bytes32 draftHash, uint64 nonce, Sig calldata ownerSig) external nonReentrant {
        (ProposalStatus status, bytes32 qx, bytes32 qy) = governance.paymentContext(draftHash);
        if (
            status != ProposalStatus.ACTIVE &&
            status != ProposalStatus.FINAL &&
            status != ProposalStatus.INCOMPLETED &&
            status != ProposalStatus.TERMINATED
        ) revert ProposalNotActive(status);
        Budget storage b = _budgets[draftHash];
        if (!b.exists) revert UnknownBudget(draftHash);
        uint256 from = b.nextToPay;
        uint256 to = b.nextToApprove;
        uint256 amount = 0;
        for (uint256 i = from; i < to; ++i) amount += _stages[draftHash][i].amount;
        if (amount == 0) revert NothingToWithdraw();
        address recipient = b.recipient;
        _consumeSignature(
            Statements.withdrawal(draftHash, amount, recipient, nonce, block.chainid),
            ownerSig,
            qx,
            qy
        );
        if (address(this).balance < amount) revert TreasuryInsufficient(address(this).balance, amount);

        // Effects before the transfer: the stages are paid and the reservation is gone.
        for (uint256 i = from; i < to; ++i) _stages[draftHash][i].status = StageStatus.WITHDRAWN;
        b.nextToPay = uint8(to);
        b.reserved -= uint128(amount);
        committed -= amount;
        emit Withdrawn(draftHash, recipient, amount, from, to);

        (bool ok, ) = payable(recipient).call{value: amount}("");
        if (!ok) revert PaymentFailed();
    }

    // ------------------------------------------------------------------ views

    /// @notice Balance not promised to any live budget (wei).
    function available() public view returns (uint256) {
        uint256 balance = address(this).balance;
        return balance > committed ? balance - committed : 0;
    }

    /// @notice The most a proposal registered now may ask (wei): 10% of {available}.
    function budgetCap() external view returns (uint256) {
        return (available() * BUDGET_CAP_BPS) / BPS;
    }

    /// @inheritdoc ITreasury
    function fullyApproved(bytes32 draftHash) external view returns (bool) {
        Budget storage b = _budgets[draftHash];
        return b.exists && b.nextToApprove == b.count;
    }

    /// @notice A proposal's budget record.
    function budget(bytes32 draftHash) external view returns (Budget memory) {
        return _budgets[draftHash];
    }

    /// @notice One stage of a proposal's budget.
    function stageOf(bytes32 draftHash, uint256 index) external view returns (Stage memory) {
        return _stages[draftHash][index];
    }

    /// @notice The amount a withdrawal would pay now (wei).
    function withdrawable(bytes32 draftHash) external view returns (uint256 amount) {
        Budget storage b = _budgets[draftHash];
        for (uint256 i = b.nextToPay; i < b.nextToApprove; ++i) amount += _stages[draftHash][i].amount;
    }

    // ------------------------------------------------------------------ internals

    function _open(bytes32 draftHash) private view returns (Budget storage b) {
        b = _budgets[draftHash];
        if (!b.exists) revert UnknownBudget(draftHash);
        if (b.closed) revert BudgetClosedAlready(draftHash);
    }

    function _activeOwner(bytes32 draftHash) private view returns (bytes32 qx, bytes32 qy) {
        ProposalStatus status;
        (status, qx, qy) = governance.paymentContext(draftHash);
        if (status != ProposalStatus.ACTIVE) revert ProposalNotActive(status);
    }
}
