// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// A minimal smart-contract wallet for tests, shaped like a Safe or an ERC-4337 account: its owner
/// makes it call other contracts, one call or a batch (as EIP-5792 `wallet_sendCalls` does), so
/// its payments are calls nested inside its own, and its native-coin payments are internal calls.
/// It signs as such wallets do (ERC-1271): a signature is valid when its owner signed the hash.
contract TestSmartAccount {
    struct Call {
        address target;
        uint256 value;
        bytes data;
    }

    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }

    receive() external payable {}

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return 0xffffffff;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        return ecrecover(hash, v, r, s) == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
    }

    function execute(address target, uint256 value, bytes calldata data) external payable {
        _call(target, value, data);
    }

    function executeBatch(Call[] calldata calls) external payable {
        for (uint256 i = 0; i < calls.length; i++) _call(calls[i].target, calls[i].value, calls[i].data);
    }

    function _call(address target, uint256 value, bytes memory data) internal {
        require(msg.sender == owner, "not the owner");
        (bool ok, bytes memory result) = target.call{value: value}(data);
        if (!ok) {
            assembly {
                revert(add(result, 32), mload(result))
            }
        }
    }
}
