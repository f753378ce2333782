// SPDX-License-Identifier: MIT
pragma solidity >=0.8.0;

import {ERC20} from "../tokens/ERC20.sol";

/// @notice ERC-20 transfers that take a token returning nothing as well as
/// one returning true, under the name Permit2's imports use
/// ("solmate/src/utils/SafeTransferLib.sol", remapped here by generate.sh).
/// A transfer succeeds when the call does not revert and either returns at
/// least 32 bytes whose first word is 1, or returns nothing from an address
/// that has code. Anything else reverts with TRANSFER_FROM_FAILED or
/// TRANSFER_FAILED, the reasons the deployed Permit2 gives.
library SafeTransferLib {
    function safeTransferFrom(ERC20 token, address from, address to, uint256 amount) internal {
        bytes4 selector = ERC20.transferFrom.selector;
        bool ok;
        /// @solidity memory-safe-assembly
        assembly {
            // The calldata is written at the free memory pointer, which is
            // left where it is: the memory is not kept.
            let data := mload(0x40)
            mstore(data, selector)
            mstore(add(data, 0x04), and(from, 0xffffffffffffffffffffffffffffffffffffffff))
            mstore(add(data, 0x24), and(to, 0xffffffffffffffffffffffffffffffffffffffff))
            mstore(add(data, 0x44), amount)
            ok := call(gas(), token, 0, data, 0x64, 0x00, 0x20)
            ok := returnedTrueOrNothing(ok, token)

            function returnedTrueOrNothing(called, target) -> r {
                switch returndatasize()
                case 0 { r := and(called, gt(extcodesize(target), 0)) }
                default { r := and(called, and(gt(returndatasize(), 0x1f), eq(mload(0x00), 1))) }
            }
        }
        require(ok, "TRANSFER_FROM_FAILED");
    }

    function safeTransfer(ERC20 token, address to, uint256 amount) internal {
        bytes4 selector = ERC20.transfer.selector;
        bool ok;
        /// @solidity memory-safe-assembly
        assembly {
            let data := mload(0x40)
            mstore(data, selector)
            mstore(add(data, 0x04), and(to, 0xffffffffffffffffffffffffffffffffffffffff))
            mstore(add(data, 0x24), amount)
            ok := call(gas(), token, 0, data, 0x44, 0x00, 0x20)
            ok := returnedTrueOrNothing(ok, token)

            function returnedTrueOrNothing(called, target) -> r {
                switch returndatasize()
                case 0 { r := and(called, gt(extcodesize(target), 0)) }
                default { r := and(called, and(gt(returndatasize(), 0x1f), eq(mload(0x00), 1))) }
            }
        }
        require(ok, "TRANSFER_FAILED");
    }
}
