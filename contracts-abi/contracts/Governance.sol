// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {DidSignature, SignedActions} from "./DidSignature.sol";
import {Statements} from "./Statements.sol";
import {
    ICouncil,
    IGovernance,
    ITreasury,
    ProposalKind,
    ProposalStatus,
    ProposalTerms,
    Registration,
    Sig,
    VoteChoice
} from "./GovernanceTypes.sol";

/// @title Proposals, council votes, community veto and the proposal lifecycle.
/// @notice Lifecycle (heights are block numbers; R = registration block, V = votingPeriodBlocks):
///         - council voting window: blocks [R, R+V) — production V = 5,040 ≈ 7 days at 2-minute blocks;
///         - community veto window: blocks [R+V, R+2V);
///         - `finalize` (anyone) at R+V or later: PROPOSED → NOTIFICATION (yes ≥ 2/3 of seats), REJECT, or
///           DEFERRED (the proposal's council term ended before R+V);
///         - `finalize` at R+2V or later: NOTIFICATION → VETOED (locked veto stake > threshold) or ACTIVE.
///         The outcome depends only on what happened inside the windows, never on when finalize is called.
///         Effects of CHANGE_OWNER, CHANGE_SECRETARY and TERMINATE apply only on ACTIVE.
contract Governance is AccessControl, ReentrancyGuard, SignedActions, IGovernance {
    /// @notice May set the voting period, the circulating supply and the veto threshold.
    bytes32 public constant OPERATOR_ROLE = keccak256("OPERATOR_ROLE");
    /// @notice At most 128 proposals per council member per term (product spec §9).
    uint256 public constant MAX_PROPOSALS_PER_MEMBER = 128;
    /// @notice Basis points denominator (10,000 = 100%).
    uint256 public constant BPS = 10_000;

    struct Proposal {
        ProposalKind kind;
        ProposalStatus status;
        uint32 term; // council term that registered it and votes on it
        uint64 registeredAt; // R
        uint64 votingEnd; // R + V: first block after the council voting window
        uint64 vetoEnd; // R + 2V: first block after the community veto window
        uint16 yes;
        uint16 oppose;
        uint16 abstain;
        bytes32 proposer; // memberId of the council member who registered it
        string ownerDid;
        bytes32 ownerQx;
        bytes32 ownerQy;
        bytes32 target;
        string newDid;
        bytes32 newQx;
        bytes32 newQy;
        address newRecipient;
        uint256 vetoStake; // total native value locked against it during the veto window (wei)
        uint256 vetoThreshold; // wei; VETOED when vetoStake > vetoThreshold (fixed when entering NOTIFICATION)
    }

    struct Ballot {
        VoteChoice choice;
        uint64 nonce;
        bytes32 opinionHash; // sha256 of the member's reason text
    }

    ICouncil public immutable council;
    ITreasury public immutable treasury;

    /// @notice Length of each window in blocks (production 5,040 ≈ 7 days at 2-minute blocks; dev e.g. 60).
    ///         Copied into each proposal at registration, so a change affects only later proposals.
    uint64 public votingPeriodBlocks;
    /// @notice Circulating supply of ELA in wei, kept by the operator.
    uint256 public circulatingSupply;
    /// @notice Veto threshold as a share of the circulating supply (1,000 = 10%).
    uint16 public vetoThresholdBps;

    mapping(bytes32 draftHash => Proposal) private _proposals;
    mapping(bytes32 draftHash => mapping(bytes32 memberId => Ballot)) private _ballots;
    /// @notice Proposals registered by a member in a term.
    mapping(uint32 term => mapping(bytes32 memberId => uint256)) public proposalCount;
    /// @notice Veto stake of a holder on a proposal, in wei, until reclaimed.
    mapping(bytes32 draftHash => mapping(address holder => uint256)) public vetoStakeOf;

    event VotingPeriodSet(uint64 blocks);
    event CirculatingSupplySet(uint256 amountWei);
    event VetoThresholdSet(uint16 bps);
    event ProposalRegistered(
        bytes32 indexed draftHash,
        ProposalKind kind,
        uint32 indexed term,
        bytes32 indexed proposer,
        string ownerDid,
        bytes32 ownerQx,
        bytes32 ownerQy,
        bytes32 termsHash,
        uint64 votingEnd,
        uint64 vetoEnd
    );
    event StatusChanged(bytes32 indexed draftHash, ProposalStatus from, ProposalStatus to);
    event VoteCast(
        bytes32 indexed draftHash,
        bytes32 indexed memberId,
        VoteChoice choice,
        bytes32 opinionHash,
        uint64 nonce,
        VoteChoice replaced
    );
    event VetoLocked(bytes32 indexed draftHash, address indexed holder, uint256 amountWei, uint256 totalWei);
    event VetoReclaimed(bytes32 indexed draftHash, address indexed holder, uint256 amountWei);
    event OwnerChanged(
        bytes32 indexed draftHash,
        string ownerDid,
        bytes32 ownerQx,
        bytes32 ownerQy,
        address recipient,
        bytes32 indexed byProposal
    );
    /// @notice An ACTIVE CHANGE_OWNER / TERMINATE found its target no longer ACTIVE; nothing was changed.
    event EffectSkipped(bytes32 indexed draftHash, bytes32 indexed target, ProposalStatus targetStatus);
    event Concluded(bytes32 indexed draftHash, ProposalStatus outcome, bytes32 summaryHash);

    error InvalidParam();
    error ElectionRunning();
    error CirculatingSupplyUnset();
    error AlreadyRegistered(bytes32 draftHash);
    error UnknownProposal(bytes32 draftHash);
    error InvalidDid(string did);
    error InvalidKey(bytes32 qx, bytes32 qy);
    error InvalidTerms(string reason);
    error TargetNotActive(bytes32 target);
    error NotCouncilMember(uint32 term, bytes32 memberId);
    error ProposalLimitReached(uint32 term, bytes32 memberId);
    error WrongStatus(ProposalStatus status);
    error VotingClosed(uint64 votingEnd);
    error TermOver(uint32 term);
    error InvalidChoice();
    error StaleNonce(uint64 lastNonce);
    error NothingToFinalize(ProposalStatus status, uint64 nextHeight);
    error NotInVetoWindow(uint64 vetoStart, uint64 vetoEnd);
    error ZeroValue();
    error VetoWindowOpen(uint64 vetoEnd);
    error NothingToReclaim();
    error RefundFailed();
    error InvalidOutcome();
    error SecretaryUnset();
    error StagesOutstanding();

    /// @param admin holds DEFAULT_ADMIN_ROLE; @param operator holds OPERATOR_ROLE
    /// @param council_ the council registry; @param treasury_ the treasury (address known before deployment)
    /// @param votingPeriod blocks per window (production 5,040)
    /// @param vetoBps veto threshold in basis points of circulating supply (production 1,000 = 10%)
    constructor(
        address admin,
        address operator,
        ICouncil council_,
        ITreasury treasury_,
        uint64 votingPeriod,
        uint16 vetoBps
    ) {
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(OPERATOR_ROLE, operator);
        council = council_;
        treasury = treasury_;
        _setVotingPeriod(votingPeriod);
        _setVetoThreshold(vetoBps);
    }

    // ------------------------------------------------------------------ operator

    /// @notice Window length in blocks for proposals registered from now on.
    function setVotingPeriod(uint64 blocks) external onlyRole(OPERATOR_ROLE) {
        _setVotingPeriod(blocks);
    }

    /// @notice Circulating supply in wei; used when a proposal enters NOTIFICATION to fix its veto threshold.
    function setCirculatingSupply(uint256 amountWei) external onlyRole(OPERATOR_ROLE) {
        if (amountWei == 0) revert InvalidParam();
        circulatingSupply = amountWei;
        emit CirculatingSupplySet(amountWei);
    }

    /// @notice Veto threshold in basis points of the circulating supply (1 to 10,000).
    function setVetoThresholdBps(uint16 bps) external onlyRole(OPERATOR_ROLE) {
        _setVetoThreshold(bps);
    }

    // ------------------------------------------------------------------ registration

    /// @notice Registers a suggestion as a proposal. Needs the owner's signature of the suggestion and a
    ///         seated council member's signature of the registration; both statements commit to the terms hash,
    ///         and the member's also to the owner's DID and key. The draft hash can be registered only once.
    /// @param reg draft hash, owner DID and key, terms
    /// @param memberId keccak256 of the registering member's DID
    /// @param nonce the member's nonce in the statement
    /// @param memberSig the member's signature of {Statements.registration}
    /// @param ownerSig the owner's signature of {Statements.ownerSignature}
    function register(
        Registration calldata reg,
        bytes32 memberId,
        uint64 nonce,
        Sig calldata memberSig,
        Sig calldata ownerSig
    ) external {
        bytes32 draftHash = reg.draftHash;
        if (draftHash == bytes32(0)) revert InvalidTerms("draft hash");
        if (_proposals[draftHash].status != ProposalStatus.NONE) revert AlreadyRegistered(draftHash);
        if (council.electionRunning()) revert ElectionRunning();
        if (circulatingSupply == 0) revert CirculatingSupplyUnset();
        _checkIdentity(reg.ownerDid, reg.ownerQx, reg.ownerQy);
        _checkTerms(reg.terms);

        uint32 term = council.currentTerm();
        (bool seated, bytes32 qx, bytes32 qy) = council.memberKey(term, memberId);
        if (!seated) revert NotCouncilMember(term, memberId);
        if (proposalCount[term][memberId] >= MAX_PROPOSALS_PER_MEMBER) revert ProposalLimitReached(term, memberId);

        _consumeSignature(
            Statements.ownerSignature(draftHash, reg.ownerDid, reg.terms, block.chainid),
            ownerSig,
            reg.ownerQx,
            reg.ownerQy
        );
        _consumeSignature(
            Statements.registration(
                draftHash,
                reg.ownerDid,
                reg.ownerQx,
                reg.ownerQy,
                reg.terms,
                term,
                nonce,
                block.chainid
            ),
            memberSig,
            qx,
            qy
        );

        ++proposalCount[term][memberId];
        Proposal storage p = _proposals[draftHash];
        _store(p, reg, term, memberId);
        emit ProposalRegistered(
            draftHash,
            reg.terms.kind,
            term,
            memberId,
            reg.ownerDid,
            reg.ownerQx,
            reg.ownerQy,
            Statements.termsHash(reg.terms),
            p.votingEnd,
            p.vetoEnd
        );
        emit StatusChanged(draftHash, ProposalStatus.NONE, ProposalStatus.PROPOSED);
        if (reg.terms.kind == ProposalKind.NORMAL) {
            treasury.reserveBudget(draftHash, reg.terms.recipient, reg.terms.stages);
        }
    }

    // ------------------------------------------------------------------ council vote

    /// @notice Records a council member's vote; a later vote (higher nonce) replaces the earlier one.
    ///         Accepted only in blocks [R, R+V) while the proposal's term is still running.
    /// @param opinionHash sha256 of the member's reason text
    /// @param nonce must exceed the nonce of the member's previous vote on this proposal
    /// @param sig the member's signature of {Statements.vote}
    function vote(
        bytes32 draftHash,
        bytes32 memberId,
        VoteChoice choice,
        bytes32 opinionHash,
        uint64 nonce,
        Sig calldata sig
    ) external {
        Proposal storage p = _existing(draftHash);
        if (p.status != ProposalStatus.PROPOSED) revert WrongStatus(p.status);
        if (block.number >= p.votingEnd) revert VotingClosed(p.votingEnd);
        (, uint64 termEnd) = council.termBlocks(p.term);
        if (block.number >= termEnd) revert TermOver(p.term);
        if (choice == VoteChoice.NONE) revert InvalidChoice();
        (bool seated, bytes32 qx, bytes32 qy) = council.memberKey(p.term, memberId);
        if (!seated) revert NotCouncilMember(p.term, memberId);
        Ballot storage b = _ballots[draftHash][memberId];
        if (nonce <= b.nonce) revert StaleNonce(b.nonce);

        _consumeSignature(
            Statements.vote(draftHash, choice, opinionHash, p.term, nonce, block.chainid),
            sig,
            qx,
            qy
        );

        VoteChoice previous = b.choice;
        _tally(p, previous, false);
        _tally(p, choice, true);
        b.choice = choice;
        b.nonce = nonce;
        b.opinionHash = opinionHash;
        emit VoteCast(draftHash, memberId, choice, opinionHash, nonce, previous);
    }

    // ------------------------------------------------------------------ finalize

    /// @notice Moves a proposal past every window that has closed. Callable by anyone.
    /// @return status the new status
    function finalize(bytes32 draftHash) external returns (ProposalStatus status) {
        Proposal storage p = _existing(draftHash);
        ProposalStatus before = p.status;
        if (p.status == ProposalStatus.PROPOSED && block.number >= p.votingEnd) _decideCouncil(draftHash, p);
        if (p.status == ProposalStatus.NOTIFICATION && block.number >= p.vetoEnd) _decideVeto(draftHash, p);
        if (p.status == before) {
            uint64 next = before == ProposalStatus.PROPOSED ? p.votingEnd : before == ProposalStatus.NOTIFICATION
                ? p.vetoEnd
                : 0;
            revert NothingToFinalize(before, next);
        }
        return p.status;
    }

    // ------------------------------------------------------------------ veto

    /// @notice Locks the sent native value (wei) against a proposal during its veto window [R+V, R+2V).
    ///         Sent by the holder's own wallet. Finalizes the council decision first if still pending.
    function veto(bytes32 draftHash) external payable nonReentrant {
        if (msg.value == 0) revert ZeroValue();
        Proposal storage p = _existing(draftHash);
        if (p.status == ProposalStatus.PROPOSED && block.number >= p.votingEnd) _decideCouncil(draftHash, p);
        if (p.status != ProposalStatus.NOTIFICATION || block.number >= p.vetoEnd) {
            revert NotInVetoWindow(p.votingEnd, p.vetoEnd);
        }
        vetoStakeOf[draftHash][msg.sender] += msg.value;
        p.vetoStake += msg.value;
        emit VetoLocked(draftHash, msg.sender, msg.value, p.vetoStake);
    }

    /// @notice Returns the caller's veto stake once the veto window has closed (whatever the outcome).
    function reclaimVeto(bytes32 draftHash) external nonReentrant {
        Proposal storage p = _existing(draftHash);
        if (block.number < p.vetoEnd) revert VetoWindowOpen(p.vetoEnd);
        uint256 amount = vetoStakeOf[draftHash][msg.sender];
        if (amount == 0) revert NothingToReclaim();
        vetoStakeOf[draftHash][msg.sender] = 0;
        emit VetoReclaimed(draftHash, msg.sender, amount);
        (bool ok, ) = payable(msg.sender).call{value: amount}("");
        if (!ok) revert RefundFailed();
    }

    // ------------------------------------------------------------------ conclusion

    /// @notice Concludes an ACTIVE NORMAL proposal as FINAL (every stage approved) or INCOMPLETED. Owner and
    ///         secretary general sign the same {Statements.conclusion}. Stages not approved are cancelled;
    ///         approved ones stay withdrawable.
    function conclude(
        bytes32 draftHash,
        ProposalStatus outcome,
        bytes32 summaryHash,
        uint64 nonce,
        Sig calldata ownerSig,
        Sig calldata secretarySig
    ) external {
        if (outcome != ProposalStatus.FINAL && outcome != ProposalStatus.INCOMPLETED) revert InvalidOutcome();
        Proposal storage p = _existing(draftHash);
        if (p.kind != ProposalKind.NORMAL || p.status != ProposalStatus.ACTIVE) revert WrongStatus(p.status);
        (bytes32 sqx, bytes32 sqy) = council.secretaryKey();
        if (sqx == bytes32(0)) revert SecretaryUnset();
        string memory statement = Statements.conclusion(draftHash, outcome, summaryHash, nonce, block.chainid);
        _consumeSignature(statement, ownerSig, p.ownerQx, p.ownerQy);
        _consumeSignature(statement, secretarySig, sqx, sqy);
        if (outcome == ProposalStatus.FINAL && !treasury.fullyApproved(draftHash)) revert StagesOutstanding();

        _setStatus(draftHash, p, outcome);
        emit Concluded(draftHash, outcome, summaryHash);
        treasury.closeBudget(draftHash);
    }

    // ------------------------------------------------------------------ views

    /// @notice The full proposal record.
    function proposal(bytes32 draftHash) external view returns (Proposal memory) {
        return _proposals[draftHash];
    }

    /// @notice A member's current vote on a proposal.
    function ballot(bytes32 draftHash, bytes32 memberId) external view returns (Ballot memory) {
        return _ballots[draftHash][memberId];
    }

    /// @inheritdoc IGovernance
    function paymentContext(
        bytes32 draftHash
    ) external view returns (ProposalStatus status, bytes32 ownerQx, bytes32 ownerQy) {
        Proposal storage p = _proposals[draftHash];
        return (p.status, p.ownerQx, p.ownerQy);
    }

    // ------------------------------------------------------------------ internals

    function _decideCouncil(bytes32 draftHash, Proposal storage p) private {
        (, uint64 termEnd) = council.termBlocks(p.term);
        if (termEnd < p.votingEnd) {
            // The term ended (a new council was seated) before the voting window closed.
            _end(draftHash, p, ProposalStatus.DEFERRED);
        } else if (uint256(p.yes) * 3 >= uint256(council.seatsOf(p.term)) * 2) {
            p.vetoThreshold = (circulatingSupply * vetoThresholdBps) / BPS;
            _setStatus(draftHash, p, ProposalStatus.NOTIFICATION);
        } else {
            _end(draftHash, p, ProposalStatus.REJECT);
        }
    }

    function _decideVeto(bytes32 draftHash, Proposal storage p) private {
        if (p.vetoStake > p.vetoThreshold) {
            _end(draftHash, p, ProposalStatus.VETOED);
            return;
        }
        _setStatus(draftHash, p, ProposalStatus.ACTIVE);
        _applyEffects(draftHash, p);
    }

    /// @dev Effects of an ACTIVE proposal; each applies once because ACTIVE is reached once.
    function _applyEffects(bytes32 draftHash, Proposal storage p) private {
        ProposalKind kind = p.kind;
        if (kind == ProposalKind.NORMAL) {
            treasury.activateBudget(draftHash);
        } else if (kind == ProposalKind.CHANGE_SECRETARY) {
            council.setSecretaryFromGovernance(p.newDid, p.newQx, p.newQy, draftHash);
        } else {
            Proposal storage t = _proposals[p.target];
            if (t.status != ProposalStatus.ACTIVE) {
                emit EffectSkipped(draftHash, p.target, t.status);
            } else if (kind == ProposalKind.CHANGE_OWNER) {
                t.ownerDid = p.newDid;
                t.ownerQx = p.newQx;
                t.ownerQy = p.newQy;
                emit OwnerChanged(p.target, p.newDid, p.newQx, p.newQy, p.newRecipient, draftHash);
                treasury.setRecipient(p.target, p.newRecipient);
            } else {
                _setStatus(p.target, t, ProposalStatus.TERMINATED);
                treasury.closeBudget(p.target);
            }
        }
    }

    /// @dev A proposal ends without becoming ACTIVE: its reserved budget goes back to the treasury.
    function _end(bytes32 draftHash, Proposal storage p, ProposalStatus status) private {
        _setStatus(draftHash, p, status);
        if (p.kind == ProposalKind.NORMAL) treasury.releaseBudget(draftHash);
    }

    function _setStatus(bytes32 draftHash, Proposal storage p, ProposalStatus to) private {
        emit StatusChanged(draftHash, p.status, to);
        p.status = to;
    }

    function _tally(Proposal storage p, VoteChoice choice, bool add) private {
        if (choice == VoteChoice.YES) p.yes = add ? p.yes + 1 : p.yes - 1;
        else if (choice == VoteChoice.OPPOSE) p.oppose = add ? p.oppose + 1 : p.oppose - 1;
        else if (choice == VoteChoice.ABSTAIN) p.abstain = add ? p.abstain + 1 : p.abstain - 1;
    }

    function _store(Proposal storage p, Registration calldata reg, uint32 term, bytes32 memberId) private {
        uint64 nowBlock = uint64(block.number);
        p.kind = reg.terms.kind;
        p.status = ProposalStatus.PROPOSED;
        p.term = term;
        p.registeredAt = nowBlock;
        p.votingEnd = nowBlock + votingPeriodBlocks;
        p.vetoEnd = nowBlock + 2 * votingPeriodBlocks;
        p.proposer = memberId;
        p.ownerDid = reg.ownerDid;
        p.ownerQx = reg.ownerQx;
        p.ownerQy = reg.ownerQy;
        p.target = reg.terms.target;
        p.newDid = reg.terms.newDid;
        p.newQx = reg.terms.newQx;
        p.newQy = reg.terms.newQy;
        p.newRecipient = reg.terms.newRecipient;
    }

    function _existing(bytes32 draftHash) private view returns (Proposal storage p) {
        p = _proposals[draftHash];
        if (p.status == ProposalStatus.NONE) revert UnknownProposal(draftHash);
    }

    function _checkIdentity(string calldata did, bytes32 qx, bytes32 qy) private pure {
        if (!DidSignature.isValidDid(did)) revert InvalidDid(did);
        if (!DidSignature.isValidKey(qx, qy)) revert InvalidKey(qx, qy);
    }

    /// @dev Kind-specific fields must be set, the others empty, so one terms hash has one meaning.
    ///      Budget stage rules are checked by the treasury.
    function _checkTerms(ProposalTerms calldata t) private view {
        ProposalKind kind = t.kind;
        bool usesTarget = kind == ProposalKind.CHANGE_OWNER || kind == ProposalKind.TERMINATE;
        bool usesNominee = kind == ProposalKind.CHANGE_OWNER || kind == ProposalKind.CHANGE_SECRETARY;
        if (kind != ProposalKind.NORMAL && (t.stages.length != 0 || t.recipient != address(0))) {
            revert InvalidTerms("budget on a non-NORMAL proposal");
        }
        if (usesTarget) {
            Proposal storage target = _proposals[t.target];
            if (target.kind != ProposalKind.NORMAL || target.status != ProposalStatus.ACTIVE) {
                revert TargetNotActive(t.target);
            }
        } else if (t.target != bytes32(0)) {
            revert InvalidTerms("target");
        }
        if (usesNominee) {
            _checkIdentity(t.newDid, t.newQx, t.newQy);
        } else if (bytes(t.newDid).length != 0 || t.newQx != bytes32(0) || t.newQy != bytes32(0)) {
            revert InvalidTerms("nominee");
        }
        if ((kind == ProposalKind.CHANGE_OWNER) != (t.newRecipient != address(0))) {
            revert InvalidTerms("new recipient");
        }
    }

    function _setVotingPeriod(uint64 blocks) private {
        if (blocks == 0) revert InvalidParam();
        votingPeriodBlocks = blocks;
        emit VotingPeriodSet(blocks);
    }

    function _setVetoThreshold(uint16 bps) private {
        if (bps == 0 || bps > BPS) revert InvalidParam();
        vetoThresholdBps = bps;
        emit VetoThresholdSet(bps);
    }
}
