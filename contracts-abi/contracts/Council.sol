// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {DidSignature} from "./DidSignature.sol";
import {ICouncil} from "./GovernanceTypes.sol";

/// @title Council registry: terms, seats, members' DID keys and the secretary general.
/// @notice Set by the operator role (in production, fed from the election results). The governance contract
///         may replace the secretary general when a CHANGE_SECRETARY proposal becomes ACTIVE.
/// @dev Timing: heights are block numbers. Production: a term lasts 262,800 blocks (≈ 1 year at 2-minute
///      blocks) and the election starts 21,900 blocks (≈ 30 days) before the term ends; dev shortens both.
contract Council is AccessControl, ICouncil {
    /// @notice May seat a council, remove a member, set the secretary general and the term parameters.
    bytes32 public constant OPERATOR_ROLE = keccak256("OPERATOR_ROLE");
    /// @notice Upper bound on seats, which bounds every loop over members.
    uint16 public constant MAX_SEATS = 32;

    struct Term {
        uint64 start; // first block of the term
        uint64 end; // first block after the term (cut short when the next term starts early)
        uint64 electionStart; // first block of the election period: end - electionPeriodBlocks at term start
        uint16 seats; // 12, or 3 in an interim period
        uint16 seated; // members currently holding a seat
    }

    struct Member {
        string did;
        bytes32 qx; // P-256 public key of the DID's #primary key
        bytes32 qy;
        bool seated;
    }

    /// @notice The governance contract (immutable; may set the secretary general on an ACTIVE proposal).
    address public immutable governance;

    /// @notice The current term number; 0 until the first council is seated.
    uint32 public currentTerm;
    /// @notice Length of the next terms in blocks (production 262,800 ≈ 1 year at 2-minute blocks).
    uint64 public termLengthBlocks;
    /// @notice Blocks before a term's end during which the election runs (production 21,900 ≈ 30 days).
    uint64 public electionPeriodBlocks;

    /// @notice The secretary general's DID and P-256 key.
    string public secretaryDid;
    bytes32 public secretaryQx;
    bytes32 public secretaryQy;

    mapping(uint32 term => Term) private _terms;
    mapping(uint32 term => mapping(bytes32 memberId => Member)) private _members;
    mapping(uint32 term => bytes32[]) private _memberIds;
    mapping(uint32 term => mapping(bytes32 signerId => bool)) private _keyTaken;

    event TermParamsSet(uint64 termLengthBlocks, uint64 electionPeriodBlocks);
    event TermStarted(uint32 indexed term, uint64 start, uint64 end, uint64 electionStart, uint16 seats, uint16 seated);
    event TermCutShort(uint32 indexed term, uint64 end);
    event MemberSeated(uint32 indexed term, bytes32 indexed memberId, string did, bytes32 qx, bytes32 qy);
    event MemberRemoved(uint32 indexed term, bytes32 indexed memberId, uint16 seatedLeft);
    /// @notice Fewer than 2/3 of the seats are held: an election must start (spec: "also if members fall below
    ///         2/3 of seats"); new proposals are refused meanwhile.
    event CouncilBelowTwoThirds(uint32 indexed term, uint16 seated, uint16 seats);
    /// @notice `byProposal` is the draft hash of the ACTIVE CHANGE_SECRETARY proposal, or zero for the operator.
    event SecretaryChanged(string did, bytes32 qx, bytes32 qy, bytes32 indexed byProposal);

    error InvalidTermParams(uint64 termLengthBlocks, uint64 electionPeriodBlocks);
    error WrongTerm(uint32 expected, uint32 given);
    error InvalidSeats(uint16 seats, uint256 members);
    error LengthMismatch();
    error InvalidDid(string did);
    error InvalidKey(bytes32 qx, bytes32 qy);
    error DuplicateMember(bytes32 memberId);
    error DuplicateKey(bytes32 qx, bytes32 qy);
    error NotSeated(uint32 term, bytes32 memberId);
    error NotGovernance(address caller);

    /// @param admin holds DEFAULT_ADMIN_ROLE (grants and revokes the operator role)
    /// @param operator holds OPERATOR_ROLE
    /// @param governance_ the governance contract (its address is known before deployment, see deploy.ts)
    /// @param termLength blocks per term (production 262,800)
    /// @param electionPeriod blocks before the term end when the election runs (production 21,900)
    constructor(address admin, address operator, address governance_, uint64 termLength, uint64 electionPeriod) {
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(OPERATOR_ROLE, operator);
        governance = governance_;
        _setTermParams(termLength, electionPeriod);
    }

    // ------------------------------------------------------------------ operator

    /// @notice Sets term length and election period for terms started from now on (running terms keep theirs).
    function setTermParams(uint64 termLength, uint64 electionPeriod) external onlyRole(OPERATOR_ROLE) {
        _setTermParams(termLength, electionPeriod);
    }

    /// @notice Seats the council of `term` (must be currentTerm + 1), starting at this block. The previous term
    ///         ends here if it had not ended yet. Proposals of the previous term still in their council voting
    ///         window become DEFERRED when finalized.
    /// @param seats seat count (12, or 3 in an interim period); members may be fewer than seats
    /// @param dids members' DIDs (`did:elastos:` + base58); memberId = keccak256(bytes(did))
    /// @param qx members' P-256 public keys, x coordinates
    /// @param qy members' P-256 public keys, y coordinates
    function setCouncil(
        uint32 term,
        uint16 seats,
        string[] calldata dids,
        bytes32[] calldata qx,
        bytes32[] calldata qy
    ) external onlyRole(OPERATOR_ROLE) {
        if (term != currentTerm + 1) revert WrongTerm(currentTerm + 1, term);
        uint256 count = dids.length;
        if (seats == 0 || seats > MAX_SEATS || count == 0 || count > seats) revert InvalidSeats(seats, count);
        if (qx.length != count || qy.length != count) revert LengthMismatch();

        uint64 nowBlock = uint64(block.number);
        if (currentTerm != 0) {
            Term storage previous = _terms[currentTerm];
            if (previous.end > nowBlock) {
                previous.end = nowBlock;
                emit TermCutShort(currentTerm, nowBlock);
            }
        }
        currentTerm = term;
        uint64 end = nowBlock + termLengthBlocks;
        _terms[term] = Term({
            start: nowBlock,
            end: end,
            electionStart: end - electionPeriodBlocks,
            seats: seats,
            seated: uint16(count)
        });
        for (uint256 i = 0; i < count; ++i) _seat(term, dids[i], qx[i], qy[i]);
        emit TermStarted(term, nowBlock, end, end - electionPeriodBlocks, seats, uint16(count));
        if (_belowTwoThirds(uint16(count), seats)) emit CouncilBelowTwoThirds(term, uint16(count), seats);
    }

    /// @notice Removes a member of the current term (impeachment, resignation). Votes the member already cast
    ///         stay counted: they were signed while the member held the seat.
    function removeMember(bytes32 memberId) external onlyRole(OPERATOR_ROLE) {
        uint32 term = currentTerm;
        Member storage m = _members[term][memberId];
        if (!m.seated) revert NotSeated(term, memberId);
        m.seated = false;
        Term storage t = _terms[term];
        uint16 left = t.seated - 1;
        t.seated = left;
        emit MemberRemoved(term, memberId, left);
        if (_belowTwoThirds(left, t.seats)) emit CouncilBelowTwoThirds(term, left, t.seats);
    }

    /// @notice Sets the secretary general (operator; in production from the CR election/appointment).
    function setSecretary(string calldata did, bytes32 qx, bytes32 qy) external onlyRole(OPERATOR_ROLE) {
        _setSecretary(did, qx, qy, bytes32(0));
    }

    /// @notice Sets the secretary general because the CHANGE_SECRETARY proposal `byProposal` became ACTIVE.
    function setSecretaryFromGovernance(string calldata did, bytes32 qx, bytes32 qy, bytes32 byProposal) external {
        if (msg.sender != governance) revert NotGovernance(msg.sender);
        _setSecretary(did, qx, qy, byProposal);
    }

    // ------------------------------------------------------------------ views

    /// @notice memberId of a DID: keccak256 of its UTF-8 bytes.
    function memberIdOf(string calldata did) external pure returns (bytes32) {
        return keccak256(bytes(did));
    }

    /// @inheritdoc ICouncil
    function seatsOf(uint32 term) external view returns (uint16) {
        return _terms[term].seats;
    }

    /// @inheritdoc ICouncil
    function termBlocks(uint32 term) external view returns (uint64 start, uint64 end) {
        Term storage t = _terms[term];
        return (t.start, t.end);
    }

    /// @notice Full record of a term.
    function termInfo(uint32 term) external view returns (Term memory) {
        return _terms[term];
    }

    /// @notice Member ids seated at the start of `term` (removed members included; see {member}).
    function memberIds(uint32 term) external view returns (bytes32[] memory) {
        return _memberIds[term];
    }

    /// @notice A member's record in `term`.
    function member(uint32 term, bytes32 memberId) external view returns (Member memory) {
        return _members[term][memberId];
    }

    /// @inheritdoc ICouncil
    function memberKey(uint32 term, bytes32 memberId) external view returns (bool seated, bytes32 qx, bytes32 qy) {
        Member storage m = _members[term][memberId];
        return (m.seated, m.qx, m.qy);
    }

    /// @inheritdoc ICouncil
    function secretaryKey() external view returns (bytes32 qx, bytes32 qy) {
        return (secretaryQx, secretaryQy);
    }

    /// @notice True when no proposal may be registered: no council yet, the current term's election period
    ///         has started (or the term is over with no successor), or fewer than 2/3 of seats are held.
    function electionRunning() external view returns (bool) {
        if (currentTerm == 0) return true;
        Term storage t = _terms[currentTerm];
        return block.number >= t.electionStart || _belowTwoThirds(t.seated, t.seats);
    }

    // ------------------------------------------------------------------ internals

    function _setTermParams(uint64 termLength, uint64 electionPeriod) private {
        if (termLength == 0 || electionPeriod >= termLength) revert InvalidTermParams(termLength, electionPeriod);
        termLengthBlocks = termLength;
        electionPeriodBlocks = electionPeriod;
        emit TermParamsSet(termLength, electionPeriod);
    }

    function _seat(uint32 term, string calldata did, bytes32 qx, bytes32 qy) private {
        if (!DidSignature.isValidDid(did)) revert InvalidDid(did);
        if (!DidSignature.isValidKey(qx, qy)) revert InvalidKey(qx, qy);
        bytes32 memberId = keccak256(bytes(did));
        if (bytes(_members[term][memberId].did).length != 0) revert DuplicateMember(memberId);
        bytes32 signer = DidSignature.signerId(qx, qy);
        if (_keyTaken[term][signer]) revert DuplicateKey(qx, qy);
        _keyTaken[term][signer] = true;
        _members[term][memberId] = Member({did: did, qx: qx, qy: qy, seated: true});
        _memberIds[term].push(memberId);
        emit MemberSeated(term, memberId, did, qx, qy);
    }

    function _setSecretary(string calldata did, bytes32 qx, bytes32 qy, bytes32 byProposal) private {
        if (!DidSignature.isValidDid(did)) revert InvalidDid(did);
        if (!DidSignature.isValidKey(qx, qy)) revert InvalidKey(qx, qy);
        secretaryDid = did;
        secretaryQx = qx;
        secretaryQy = qy;
        emit SecretaryChanged(did, qx, qy, byProposal);
    }

    /// @dev seated < 2/3 of seats, in integers: 3 * seated < 2 * seats (12 seats: below 8; 3 seats: below 2).
    function _belowTwoThirds(uint16 seated, uint16 seats) private pure returns (bool) {
        return uint256(seated) * 3 < uint256(seats) * 2;
    }
}
