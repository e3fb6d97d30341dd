// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IERC20 {
    function transfer(address to, uint256 value) external returns (bool);
}

/// Makes a token as busy as USDC on a real chain: one call moves `count` small amounts to addresses
/// that are nobody's payees, so a block holds hundreds of unrelated Transfer logs of the token.
contract BusyTrader {
    function churn(IERC20 token, uint256 count, uint256 salt) external {
        for (uint256 i = 0; i < count; i++) {
            token.transfer(address(uint160(uint256(keccak256(abi.encode(salt, i % 64))))), 1);
        }
    }
}
