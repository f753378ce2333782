// Code generated via abigen V2 - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package channels

import (
	"bytes"
	"errors"

	"github.com/ethereum/go-ethereum/common"
)

// UnpackError attempts to decode the provided error data using user-defined
// error definitions.
func (eRC3009DepositCollector *ERC3009DepositCollector) UnpackError(raw []byte) (any, error) {
	if bytes.Equal(raw[:4], eRC3009DepositCollector.abi.Errors["OnlyBatchSettlement"].ID.Bytes()[:4]) {
		return eRC3009DepositCollector.UnpackOnlyBatchSettlementError(raw[4:])
	}
	if bytes.Equal(raw[:4], eRC3009DepositCollector.abi.Errors["TokenTransferFailed"].ID.Bytes()[:4]) {
		return eRC3009DepositCollector.UnpackTokenTransferFailedError(raw[4:])
	}
	return nil, errors.New("Unknown error")
}

// ERC3009DepositCollectorOnlyBatchSettlement represents a OnlyBatchSettlement error raised by the ERC3009DepositCollector contract.
type ERC3009DepositCollectorOnlyBatchSettlement struct {
	Caller common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error OnlyBatchSettlement(address caller)
func ERC3009DepositCollectorOnlyBatchSettlementErrorID() common.Hash {
	return common.HexToHash("0x8850ddab9c8dadc155a9063071e72145967fbf5ba610d1dbb9d20d9e1e5c459d")
}

// UnpackOnlyBatchSettlementError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error OnlyBatchSettlement(address caller)
func (eRC3009DepositCollector *ERC3009DepositCollector) UnpackOnlyBatchSettlementError(raw []byte) (*ERC3009DepositCollectorOnlyBatchSettlement, error) {
	out := new(ERC3009DepositCollectorOnlyBatchSettlement)
	if err := eRC3009DepositCollector.abi.UnpackIntoInterface(out, "OnlyBatchSettlement", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// ERC3009DepositCollectorTokenTransferFailed represents a TokenTransferFailed error raised by the ERC3009DepositCollector contract.
type ERC3009DepositCollectorTokenTransferFailed struct {
	Token common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error TokenTransferFailed(address token)
func ERC3009DepositCollectorTokenTransferFailedErrorID() common.Hash {
	return common.HexToHash("0x2b596cb7e9804a5202312682f04514d7f31332b7e5ffeaad4ba2ee9969d1d7d0")
}

// UnpackTokenTransferFailedError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error TokenTransferFailed(address token)
func (eRC3009DepositCollector *ERC3009DepositCollector) UnpackTokenTransferFailedError(raw []byte) (*ERC3009DepositCollectorTokenTransferFailed, error) {
	out := new(ERC3009DepositCollectorTokenTransferFailed)
	if err := eRC3009DepositCollector.abi.UnpackIntoInterface(out, "TokenTransferFailed", raw); err != nil {
		return nil, err
	}
	return out, nil
}
