// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {P256} from "@openzeppelin/contracts/utils/cryptography/P256.sol";
import {Sig} from "./GovernanceTypes.sol";

/// @title DID signature checks (ECDSA P-256, the Elastos DID `#primary` key).
/// @notice Every signed action is a readable statement. The wallet's `didsign` intent signs
///         SHA-256(UTF-8(statement)); the `signdigest` intent signs a 32-byte digest as it is, so sending it
///         `sha256(statement)` yields the very same signature. Either way the contract rebuilds the statement
///         from the action's fields and checks the signature over its SHA-256, so the words the member approved
///         are what the chain checks.
library DidSignature {
    /// @dev Longest DID accepted: "did:elastos:" (12) + a base58 method-specific id.
    uint256 internal constant MAX_DID_LENGTH = 64;

    /// @notice SHA-256 of the statement's UTF-8 bytes: the digest both wallet intents sign.
    function digestOf(string memory statement) internal pure returns (bytes32) {
        return sha256(bytes(statement));
    }

    /// @notice Whether `sig` is a valid low-s P-256 signature of `digest` by the key (qx, qy).
    /// @dev Uses the RIP-7212 precompile (0x100) where the chain has it, OpenZeppelin's Solidity code otherwise.
    function isValid(bytes32 digest, Sig calldata sig, bytes32 qx, bytes32 qy) internal view returns (bool) {
        return P256.verify(digest, sig.r, sig.s, qx, qy);
    }

    /// @notice Stable id of a signer key, used to scope replay protection per signer.
    function signerId(bytes32 qx, bytes32 qy) internal pure returns (bytes32) {
        return keccak256(abi.encode(qx, qy));
    }

    /// @notice Whether (qx, qy) is a point on the P-256 curve.
    function isValidKey(bytes32 qx, bytes32 qy) internal pure returns (bool) {
        return P256.isValidPublicKey(qx, qy);
    }

    /// @notice Whether `did` is `did:elastos:` followed by 1 to 52 base58 characters.
    /// @dev Restricting the alphabet keeps statements unambiguous: a DID can never contain ", " or spaces.
    function isValidDid(string memory did) internal pure returns (bool) {
        bytes memory b = bytes(did);
        bytes memory prefix = "did:elastos:";
        if (b.length <= prefix.length || b.length > MAX_DID_LENGTH) return false;
        for (uint256 i = 0; i < prefix.length; ++i) {
            if (b[i] != prefix[i]) return false;
        }
        for (uint256 i = prefix.length; i < b.length; ++i) {
            if (!_isBase58(b[i])) return false;
        }
        return true;
    }

    /// @notice The SEC1 compressed form of the key as 0x-prefixed lowercase hex (0x02/0x03 + x, 68 characters).
    function compressedKeyHex(bytes32 qx, bytes32 qy) internal pure returns (string memory) {
        bytes memory out = new bytes(68);
        bytes16 digits = "0123456789abcdef";
        out[0] = "0";
        out[1] = "x";
        out[2] = "0";
        out[3] = uint256(qy) & 1 == 1 ? bytes1("3") : bytes1("2");
        for (uint256 i = 0; i < 32; ++i) {
            uint8 v = uint8(qx[i]);
            out[4 + 2 * i] = digits[v >> 4];
            out[5 + 2 * i] = digits[v & 0x0f];
        }
        return string(out);
    }

    function _isBase58(bytes1 c) private pure returns (bool) {
        return
            (c >= "1" && c <= "9") ||
            (c >= "A" && c <= "H") ||
            (c >= "J" && c <= "N") ||
            (c >= "P" && c <= "Z") ||
            (c >= "a" && c <= "k") ||
            (c >= "m" && c <= "z");
    }
}

/// @title Replay protection for signed actions.
/// @notice A signer's statement digest can be used once: the second use reverts with {SignatureReplayed}.
///         Every statement carries the chain id and (except the owner's draft signature, which is bound to a
///         draft hash that registers only once) a nonce, so a signer can sign the same action again with a new
///         nonce when it is legitimately repeated (a re-request after a rejection, a second withdrawal).
abstract contract SignedActions {
    /// @notice signerId (keccak256 of the key) => statement digest => used.
    mapping(bytes32 signerId => mapping(bytes32 digest => bool)) public digestUsed;

    /// @notice The signature does not verify against the expected signer's key over the rebuilt statement.
    error InvalidSignature(bytes32 digest);
    /// @notice This signer already used a signature over this statement.
    error SignatureReplayed(bytes32 digest);

    /// @dev Checks `sig` over SHA-256(statement) with key (qx, qy) and marks the digest used for that signer.
    function _consumeSignature(
        string memory statement,
        Sig calldata sig,
        bytes32 qx,
        bytes32 qy
    ) internal returns (bytes32 digest) {
        digest = DidSignature.digestOf(statement);
        bytes32 signer = DidSignature.signerId(qx, qy);
        if (digestUsed[signer][digest]) revert SignatureReplayed(digest);
        if (!DidSignature.isValid(digest, sig, qx, qy)) revert InvalidSignature(digest);
        digestUsed[signer][digest] = true;
    }
}
