// SPDX-License-Identifier: MIT
pragma solidity >=0.8.0;

/// @notice The two ERC-20 calls Permit2 makes, under the name its imports
/// use ("solmate/src/tokens/ERC20.sol", remapped here by generate.sh).
/// Permit2 uses ERC20 only as the type of a token's address; the calls go
/// through SafeTransferLib.
interface ERC20 {
    function transfer(address to, uint256 amount) external returns (bool);

    function transferFrom(address from, address to, uint256 amount) external returns (bool);
}
