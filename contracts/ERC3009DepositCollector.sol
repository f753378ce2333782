// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

interface IERC3009 {
    function receiveWithAuthorization(
        address from,
        address to,
        uint256 value,
        uint256 validAfter,
        uint256 validBefore,
        bytes32 nonce,
        bytes calldata signature
    ) external;
}

/// @title ERC3009DepositCollector
/// @notice Pulls a batch-settlement deposit from the payer with an ERC-3009
/// receiveWithAuthorization the payer signed to this contract, and hands it
/// to the x402BatchSettlement contract.
/// @dev Placed in genesis state on some chains: no constructor, no
/// immutables, the settlement contract's canonical address as a constant.
contract ERC3009DepositCollector {
    address public constant BATCH_SETTLEMENT = 0x4020074e9dF2ce1deE5A9C1b5c3f541D02a10003;

    error OnlyBatchSettlement(address caller);
    error TokenTransferFailed(address token);

    /// @param collectorData abi.encode(uint256 validAfter, uint256 validBefore,
    /// uint256 salt, bytes signature). The authorization's nonce is
    /// keccak256(abi.encode(channelId, salt)), so a payer's signature funds
    /// one channel only and cannot be redirected to another.
    function collect(address payer, address token, uint256 amount, bytes32 channelId, bytes calldata collectorData)
        external
    {
        if (msg.sender != BATCH_SETTLEMENT) revert OnlyBatchSettlement(msg.sender);
        (uint256 validAfter, uint256 validBefore, uint256 salt, bytes memory signature) =
            abi.decode(collectorData, (uint256, uint256, uint256, bytes));
        bytes32 nonce = keccak256(abi.encode(channelId, salt));
        IERC3009(token).receiveWithAuthorization(payer, address(this), amount, validAfter, validBefore, nonce, signature);

        (bool ok, bytes memory result) =
            token.call(abi.encodeWithSignature("transfer(address,uint256)", BATCH_SETTLEMENT, amount));
        if (!ok || (result.length != 0 && !abi.decode(result, (bool)))) revert TokenTransferFailed(token);
    }
}
