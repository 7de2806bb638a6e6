// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {DidSignature} from "./DidSignature.sol";
import {ProposalKind, ProposalStatus, ProposalTerms, StageInput, VoteChoice} from "./GovernanceTypes.sol";

/// @title The readable statements members sign, rebuilt on chain from the action's fields.
/// @notice Each statement names the action, every value it commits to, and ends with `nonce N, chain C`.
///         Hashes are 0x + 64 lowercase hex, addresses 0x + 40 lowercase hex, amounts in ELA with up to 18
///         decimals and no trailing zeros. The TypeScript builders in `src/statements.ts` produce the same bytes;
///         docs/chain-actions.md lists every format.
library Statements {
    string private constant PREFIX = "Cyber Republic ";

    // ---------------------------------------------------------------- statements

    /// @notice Owner's signature of the suggestion (collected when the owner signs the suggestion).
    /// @dev Example: "Cyber Republic suggestion: owner did:elastos:iXyz signs draft 0x…, NORMAL budget 12.5 ELA
    ///      in 3 stages to 0x…, terms 0x…, chain 20". No nonce: a draft hash can be registered only once.
    function ownerSignature(
        bytes32 draftHash,
        string memory ownerDid,
        ProposalTerms calldata terms,
        uint256 chainId
    ) internal pure returns (string memory) {
        return
            string.concat(
                PREFIX,
                "suggestion: owner ",
                ownerDid,
                " signs draft ",
                hex32(draftHash),
                ", ",
                summary(terms),
                ", terms ",
                hex32(termsHash(terms)),
                ", chain ",
                decimal(chainId)
            );
    }

    /// @notice A council member registers the suggestion as a proposal, committing to the owner's DID and key.
    function registration(
        bytes32 draftHash,
        string memory ownerDid,
        bytes32 ownerQx,
        bytes32 ownerQy,
        ProposalTerms calldata terms,
        uint32 term,
        uint64 nonce,
        uint256 chainId
    ) internal pure returns (string memory) {
        return
            string.concat(
                string.concat(
                    PREFIX,
                    "proposal: register draft ",
                    hex32(draftHash),
                    " for owner ",
                    ownerDid,
                    " key ",
                    DidSignature.compressedKeyHex(ownerQx, ownerQy),
                    ", ",
                    summary(terms),
                    ", terms ",
                    hex32(termsHash(terms))
                ),
                _tail(term, nonce, chainId)
            );
    }

    /// @notice A council member's vote. Example from the brief:
    ///         "Cyber Republic council vote: YES on proposal 0x…, opinion 0x…, term 1, nonce 7, chain 20".
    function vote(
        bytes32 draftHash,
        VoteChoice choice,
        bytes32 opinionHash,
        uint32 term,
        uint64 nonce,
        uint256 chainId
    ) internal pure returns (string memory) {
        return
            string.concat(
                PREFIX,
                "council vote: ",
                voteName(choice),
                " on proposal ",
                hex32(draftHash),
                ", opinion ",
                hex32(opinionHash),
                _tail(term, nonce, chainId)
            );
    }

    /// @notice The owner requests payment of a stage. `stageIndex` is 0-based; the statement counts from 1.
    function paymentRequest(
        bytes32 draftHash,
        uint256 stageIndex,
        uint256 stageCount,
        uint256 amount,
        bytes32 messageHash,
        uint64 nonce,
        uint256 chainId
    ) internal pure returns (string memory) {
        return
            string.concat(
                PREFIX,
                "payment request: ",
                _stageOf(stageIndex, stageCount, draftHash),
                ", ",
                ela(amount),
                " ELA, message ",
                hex32(messageHash),
                _nonceChain(nonce, chainId)
            );
    }

    /// @notice The secretary general approves or rejects a requested stage.
    function paymentReview(
        bytes32 draftHash,
        bool approve,
        uint256 stageIndex,
        uint256 stageCount,
        uint256 amount,
        bytes32 opinionHash,
        uint64 nonce,
        uint256 chainId
    ) internal pure returns (string memory) {
        return
            string.concat(
                PREFIX,
                "payment review: ",
                approve ? "APPROVE " : "REJECT ",
                _stageOf(stageIndex, stageCount, draftHash),
                ", ",
                ela(amount),
                " ELA, opinion ",
                hex32(opinionHash),
                _nonceChain(nonce, chainId)
            );
    }

    /// @notice The owner withdraws every approved, unpaid stage to the recipient, for exactly `amount`.
    function withdrawal(
        bytes32 draftHash,
        uint256 amount,
        address recipient,
        uint64 nonce,
        uint256 chainId
    ) internal pure returns (string memory) {
        return
            string.concat(
                PREFIX,
                "withdrawal: proposal ",
                hex32(draftHash),
                " pays ",
                ela(amount),
                " ELA to ",
                hexAddress(recipient),
                _nonceChain(nonce, chainId)
            );
    }

    /// @notice The conclusion of a proposal, co-signed with the same words by the owner and the secretary.
    function conclusion(
        bytes32 draftHash,
        ProposalStatus outcome,
        bytes32 summaryHash,
        uint64 nonce,
        uint256 chainId
    ) internal pure returns (string memory) {
        return
            string.concat(
                PREFIX,
                "conclusion: proposal ",
                hex32(draftHash),
                " is ",
                outcome == ProposalStatus.FINAL ? "FINAL" : "INCOMPLETED",
                ", summary ",
                hex32(summaryHash),
                _nonceChain(nonce, chainId)
            );
    }

    // ---------------------------------------------------------------- parts

    /// @notice SHA-256 of the ABI encoding of the terms (one tuple), as `abi.encode(terms)`.
    function termsHash(ProposalTerms calldata terms) internal pure returns (bytes32) {
        return sha256(abi.encode(terms));
    }

    /// @notice The readable part of the terms, by kind:
    ///         NORMAL "NORMAL budget 12.5 ELA in 3 stages to 0x…" (or "NORMAL budget 0 ELA in 0 stages to 0x000…"),
    ///         CHANGE_OWNER "CHANGE_OWNER of 0x<target> to did:elastos:…",
    ///         CHANGE_SECRETARY "CHANGE_SECRETARY to did:elastos:…", TERMINATE "TERMINATE of 0x<target>".
    function summary(ProposalTerms calldata terms) internal pure returns (string memory) {
        ProposalKind kind = terms.kind;
        if (kind == ProposalKind.NORMAL) {
            uint256 total = 0;
            for (uint256 i = 0; i < terms.stages.length; ++i) total += terms.stages[i].amount;
            return
                string.concat(
                    "NORMAL budget ",
                    ela(total),
                    " ELA in ",
                    decimal(terms.stages.length),
                    terms.stages.length == 1 ? " stage to " : " stages to ",
                    hexAddress(terms.recipient)
                );
        }
        if (kind == ProposalKind.CHANGE_OWNER) {
            return string.concat("CHANGE_OWNER of ", hex32(terms.target), " to ", terms.newDid);
        }
        if (kind == ProposalKind.CHANGE_SECRETARY) return string.concat("CHANGE_SECRETARY to ", terms.newDid);
        return string.concat("TERMINATE of ", hex32(terms.target));
    }

    /// @notice 0x + 64 lowercase hex digits.
    function hex32(bytes32 value) internal pure returns (string memory) {
        return _hex(uint256(value), 32);
    }

    /// @notice 0x + 40 lowercase hex digits (not EIP-55 checksummed).
    function hexAddress(address value) internal pure returns (string memory) {
        return _hex(uint256(uint160(value)), 20);
    }

    /// @notice Base-10 digits without separators.
    function decimal(uint256 value) internal pure returns (string memory) {
        if (value == 0) return "0";
        uint256 digits = 0;
        for (uint256 v = value; v != 0; v /= 10) ++digits;
        bytes memory out = new bytes(digits);
        for (uint256 i = digits; i > 0; --i) {
            out[i - 1] = bytes1(uint8(48 + (value % 10)));
            value /= 10;
        }
        return string(out);
    }

    function _hex(uint256 value, uint256 byteLength) private pure returns (string memory) {
        bytes16 alphabet = "0123456789abcdef";
        bytes memory out = new bytes(2 + 2 * byteLength);
        out[0] = "0";
        out[1] = "x";
        for (uint256 i = 2 * byteLength + 1; i > 1; --i) {
            out[i] = alphabet[value & 0xf];
            value >>= 4;
        }
        return string(out);
    }

    /// @notice An amount in wei written in ELA (18 decimals): "12.5", "0.000000000000000001", "3".
    function ela(uint256 amountWei) internal pure returns (string memory) {
        uint256 whole = amountWei / 1e18;
        uint256 fraction = amountWei % 1e18;
        if (fraction == 0) return decimal(whole);
        uint256 digits = 18;
        while (fraction % 10 == 0) {
            fraction /= 10;
            --digits;
        }
        bytes memory frac = new bytes(digits);
        for (uint256 i = digits; i > 0; --i) {
            frac[i - 1] = bytes1(uint8(48 + (fraction % 10)));
            fraction /= 10;
        }
        return string.concat(decimal(whole), ".", string(frac));
    }

    /// @notice YES / OPPOSE / ABSTAIN.
    function voteName(VoteChoice choice) internal pure returns (string memory) {
        if (choice == VoteChoice.YES) return "YES";
        if (choice == VoteChoice.OPPOSE) return "OPPOSE";
        return "ABSTAIN";
    }

    function _stageOf(uint256 stageIndex, uint256 stageCount, bytes32 draftHash) private pure returns (string memory) {
        return
            string.concat(
                "stage ",
                decimal(stageIndex + 1),
                " of ",
                decimal(stageCount),
                " of proposal ",
                hex32(draftHash)
            );
    }

    function _tail(uint32 term, uint64 nonce, uint256 chainId) private pure returns (string memory) {
        return string.concat(", term ", decimal(term), _nonceChain(nonce, chainId));
    }

    function _nonceChain(uint64 nonce, uint256 chainId) private pure returns (string memory) {
        return string.concat(", nonce ", decimal(nonce), ", chain ", decimal(chainId));
    }
}
