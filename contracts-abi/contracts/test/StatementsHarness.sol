// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Statements} from "../Statements.sol";
import {DidSignature} from "../DidSignature.sol";
import {ProposalStatus, ProposalTerms, VoteChoice} from "../GovernanceTypes.sol";

/// @title Test-only: exposes the statement builders so tests compare them byte for byte with src/statements.ts.
/// @dev Never deployed by deploy.ts.
contract StatementsHarness {
    function ownerSignature(
        bytes32 draftHash,
        string calldata ownerDid,
        ProposalTerms calldata terms
    ) external view returns (string memory) {
        return Statements.ownerSignature(draftHash, ownerDid, terms, block.chainid);
    }

    function registration(
        bytes32 draftHash,
        string calldata ownerDid,
        bytes32 ownerQx,
        bytes32 ownerQy,
        ProposalTerms calldata terms,
        uint32 term,
        uint64 nonce
    ) external view returns (string memory) {
        return Statements.registration(draftHash, ownerDid, ownerQx, ownerQy, terms, term, nonce, block.chainid);
    }

    function vote(
        bytes32 draftHash,
        VoteChoice choice,
        bytes32 opinionHash,
        uint32 term,
        uint64 nonce
    ) external view returns (string memory) {
        return Statements.vote(draftHash, choice, opinionHash, term, nonce, block.chainid);
    }

    function paymentRequest(
        bytes32 draftHash,
        uint256 stage,
        uint256 count,
        uint256 amount,
        bytes32 messageHash,
        uint64 nonce
    ) external view returns (string memory) {
        return Statements.paymentRequest(draftHash, stage, count, amount, messageHash, nonce, block.chainid);
    }

    function paymentReview(
        bytes32 draftHash,
        bool approve,
        uint256 stage,
        uint256 count,
        uint256 amount,
        bytes32 opinionHash,
        uint64 nonce
    ) external view returns (string memory) {
        return Statements.paymentReview(draftHash, approve, stage, count, amount, opinionHash, nonce, block.chainid);
    }

    function withdrawal(
        bytes32 draftHash,
        uint256 amount,
        address recipient,
        uint64 nonce
    ) external view returns (string memory) {
        return Statements.withdrawal(draftHash, amount, recipient, nonce, block.chainid);
    }

    function conclusion(
        bytes32 draftHash,
        ProposalStatus outcome,
        bytes32 summaryHash,
        uint64 nonce
    ) external view returns (string memory) {
        return Statements.conclusion(draftHash, outcome, summaryHash, nonce, block.chainid);
    }

    function termsHash(ProposalTerms calldata terms) external pure returns (bytes32) {
        return Statements.termsHash(terms);
    }

    function ela(uint256 amountWei) external pure returns (string memory) {
        return Statements.ela(amountWei);
    }

    function isValidDid(string calldata did) external pure returns (bool) {
        return DidSignature.isValidDid(did);
    }

    function compressedKeyHex(bytes32 qx, bytes32 qy) external pure returns (string memory) {
        return DidSignature.compressedKeyHex(qx, qy);
    }
}
