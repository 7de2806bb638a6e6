// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @title Shared types of the Cyber Republic governance contracts.
/// @notice Enum values are part of the ABI: never reorder them, only append.

/// @notice A raw P-256 signature (r, s), as the Essentials wallet returns it split in two 32-byte halves.
/// @dev `s` must be in the lower half of the curve order (OpenZeppelin P256 refuses high-s); the relayer
///      replaces a high `s` by `n - s`, which is an equally valid signature of the same digest.
struct Sig {
    bytes32 r;
    bytes32 s;
}

/// @notice What a proposal does once it becomes ACTIVE.
enum ProposalKind {
    NORMAL, // funds work through budget stages (or none: a motion without budget)
    CHANGE_OWNER, // moves an ACTIVE proposal to a new owner key and recipient
    CHANGE_SECRETARY, // installs a new secretary general
    TERMINATE // terminates an ACTIVE proposal; approved-but-unpaid stages stay payable
}

/// @notice Proposal status (the product spec's names).
enum ProposalStatus {
    NONE, // never registered
    PROPOSED, // council voting window open (or closed and not yet finalized)
    NOTIFICATION, // passed the council; community veto window
    REJECT, // fewer than 2/3 of seats voted yes
    VETOED, // locked veto stake exceeded the threshold
    DEFERRED, // the council term did not cover the whole voting window
    ACTIVE, // passed; effects applied; budget payable
    FINAL, // concluded as completed (owner + secretary)
    INCOMPLETED, // concluded as incomplete (owner + secretary)
    TERMINATED // terminated by an ACTIVE TERMINATE proposal
}

/// @notice Budget stage types, in the order they must appear.
enum StageKind {
    ADVANCE, // optional, only as the first stage; payable as soon as the proposal is ACTIVE
    CONDITIONED, // a milestone payment
    COMPLETION // exactly one, the last stage
}

/// @notice A budget stage as registered. `amount` is in wei of the native coin (ELA, 18 decimals).
struct StageInput {
    StageKind kind;
    uint256 amount;
}

/// @notice A council vote choice. NONE means "not voted".
enum VoteChoice {
    NONE,
    YES,
    OPPOSE,
    ABSTAIN
}

/// @notice Lifecycle of one budget stage in the treasury.
enum StageStatus {
    WAITING_FOR_REQUEST, // the owner may request it once every earlier stage is approved
    WAITING_FOR_APPROVAL, // requested by the owner, awaiting the secretary
    WAITING_FOR_WITHDRAWAL, // approved by the secretary (or an ADVANCE), not yet paid
    WITHDRAWN, // paid to the recipient
    REJECTED, // rejected by the secretary; the owner may request it again
    CANCELLED // the proposal ended (INCOMPLETED / TERMINATED) before the stage was approved
}

/// @notice The council registry as seen by the other governance contracts.
interface ICouncil {
    function currentTerm() external view returns (uint32);

    /// @return seats number of seats of `term` (12, or 3 in an interim period)
    function seatsOf(uint32 term) external view returns (uint16 seats);

    /// @return start first block of `term`; @return end first block after it (0/0 if unknown)
    function termBlocks(uint32 term) external view returns (uint64 start, uint64 end);

    function electionRunning() external view returns (bool);

    /// @return seated whether the member holds a seat of `term` now; qx, qy the member's DID key
    function memberKey(uint32 term, bytes32 memberId) external view returns (bool seated, bytes32 qx, bytes32 qy);

    function secretaryKey() external view returns (bytes32 qx, bytes32 qy);

    function setSecretaryFromGovernance(string calldata did, bytes32 qx, bytes32 qy, bytes32 byProposal) external;
}

/// @notice What the treasury needs to know about a proposal.
interface IGovernance {
    function paymentContext(
        bytes32 draftHash
    ) external view returns (ProposalStatus status, bytes32 ownerQx, bytes32 ownerQy);
}

/// @notice Hooks the governance contract calls on the treasury.
interface ITreasury {
    function reserveBudget(bytes32 draftHash, address recipient, StageInput[] calldata stages) external;

    function releaseBudget(bytes32 draftHash) external;

    function activateBudget(bytes32 draftHash) external;

    function closeBudget(bytes32 draftHash) external;

    function setRecipient(bytes32 draftHash, address recipient) external;

    function fullyApproved(bytes32 draftHash) external view returns (bool);
}

/// @notice Everything a proposal commits to besides its draft hash and owner. Its SHA-256 over the ABI encoding
///         (`termsHash`) is in both the owner's and the council member's statement, so the relayer can change
///         no field.
/// @dev Unused fields must be zero/empty for the kind (checked at registration):
///      NORMAL uses recipient + stages; CHANGE_OWNER uses target + newDid/newQx/newQy + newRecipient;
///      CHANGE_SECRETARY uses newDid/newQx/newQy; TERMINATE uses target.
struct ProposalTerms {
    ProposalKind kind;
    address recipient;
    StageInput[] stages;
    bytes32 target; // draft hash of the ACTIVE proposal a CHANGE_OWNER / TERMINATE acts on
    string newDid; // new owner's or new secretary's DID
    bytes32 newQx; // new owner's or new secretary's P-256 key
    bytes32 newQy;
    address newRecipient; // CHANGE_OWNER: where the target's remaining stages will be paid
}

/// @notice A proposal registration as relayed: the suggestion's draft hash, its owner and its terms.
struct Registration {
    bytes32 draftHash;
    string ownerDid;
    bytes32 ownerQx;
    bytes32 ownerQy;
    ProposalTerms terms;
}
