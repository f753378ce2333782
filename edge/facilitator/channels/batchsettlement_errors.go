// Code generated via abigen V2 - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package channels

import (
	"bytes"
	"errors"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
)

// UnpackError attempts to decode the provided error data using user-defined
// error definitions.
func (batchSettlement *BatchSettlement) UnpackError(raw []byte) (any, error) {
	if bytes.Equal(raw[:4], batchSettlement.abi.Errors["ClaimExceedsBalance"].ID.Bytes()[:4]) {
		return batchSettlement.UnpackClaimExceedsBalanceError(raw[4:])
	}
	if bytes.Equal(raw[:4], batchSettlement.abi.Errors["ClaimExceedsVoucher"].ID.Bytes()[:4]) {
		return batchSettlement.UnpackClaimExceedsVoucherError(raw[4:])
	}
	if bytes.Equal(raw[:4], batchSettlement.abi.Errors["DepositMismatch"].ID.Bytes()[:4]) {
		return batchSettlement.UnpackDepositMismatchError(raw[4:])
	}
	if bytes.Equal(raw[:4], batchSettlement.abi.Errors["EmptyClaimBatch"].ID.Bytes()[:4]) {
		return batchSettlement.UnpackEmptyClaimBatchError(raw[4:])
	}
	if bytes.Equal(raw[:4], batchSettlement.abi.Errors["InvalidAuthorizerSignature"].ID.Bytes()[:4]) {
		return batchSettlement.UnpackInvalidAuthorizerSignatureError(raw[4:])
	}
	if bytes.Equal(raw[:4], batchSettlement.abi.Errors["InvalidVoucherSignature"].ID.Bytes()[:4]) {
		return batchSettlement.UnpackInvalidVoucherSignatureError(raw[4:])
	}
	if bytes.Equal(raw[:4], batchSettlement.abi.Errors["NoPendingWithdrawal"].ID.Bytes()[:4]) {
		return batchSettlement.UnpackNoPendingWithdrawalError(raw[4:])
	}
	if bytes.Equal(raw[:4], batchSettlement.abi.Errors["ReceiverAuthorizerMismatch"].ID.Bytes()[:4]) {
		return batchSettlement.UnpackReceiverAuthorizerMismatchError(raw[4:])
	}
	if bytes.Equal(raw[:4], batchSettlement.abi.Errors["ReentrantCall"].ID.Bytes()[:4]) {
		return batchSettlement.UnpackReentrantCallError(raw[4:])
	}
	if bytes.Equal(raw[:4], batchSettlement.abi.Errors["RefundNonceMismatch"].ID.Bytes()[:4]) {
		return batchSettlement.UnpackRefundNonceMismatchError(raw[4:])
	}
	if bytes.Equal(raw[:4], batchSettlement.abi.Errors["TokenTransferFailed"].ID.Bytes()[:4]) {
		return batchSettlement.UnpackTokenTransferFailedError(raw[4:])
	}
	if bytes.Equal(raw[:4], batchSettlement.abi.Errors["Unauthorized"].ID.Bytes()[:4]) {
		return batchSettlement.UnpackUnauthorizedError(raw[4:])
	}
	if bytes.Equal(raw[:4], batchSettlement.abi.Errors["WithdrawDelayOutOfRange"].ID.Bytes()[:4]) {
		return batchSettlement.UnpackWithdrawDelayOutOfRangeError(raw[4:])
	}
	if bytes.Equal(raw[:4], batchSettlement.abi.Errors["WithdrawExceedsAvailable"].ID.Bytes()[:4]) {
		return batchSettlement.UnpackWithdrawExceedsAvailableError(raw[4:])
	}
	if bytes.Equal(raw[:4], batchSettlement.abi.Errors["WithdrawalNotReady"].ID.Bytes()[:4]) {
		return batchSettlement.UnpackWithdrawalNotReadyError(raw[4:])
	}
	if bytes.Equal(raw[:4], batchSettlement.abi.Errors["WithdrawalPending"].ID.Bytes()[:4]) {
		return batchSettlement.UnpackWithdrawalPendingError(raw[4:])
	}
	if bytes.Equal(raw[:4], batchSettlement.abi.Errors["ZeroAddress"].ID.Bytes()[:4]) {
		return batchSettlement.UnpackZeroAddressError(raw[4:])
	}
	if bytes.Equal(raw[:4], batchSettlement.abi.Errors["ZeroAmount"].ID.Bytes()[:4]) {
		return batchSettlement.UnpackZeroAmountError(raw[4:])
	}
	return nil, errors.New("Unknown error")
}

// BatchSettlementClaimExceedsBalance represents a ClaimExceedsBalance error raised by the BatchSettlement contract.
type BatchSettlementClaimExceedsBalance struct {
	ChannelId    [32]byte
	TotalClaimed *big.Int
	Balance      *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ClaimExceedsBalance(bytes32 channelId, uint128 totalClaimed, uint128 balance)
func BatchSettlementClaimExceedsBalanceErrorID() common.Hash {
	return common.HexToHash("0xcd34537f542982bd4e70c64e5cc99dc0ac1ef3a73a8f9e4ebe8dd9f7cd56171d")
}

// UnpackClaimExceedsBalanceError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ClaimExceedsBalance(bytes32 channelId, uint128 totalClaimed, uint128 balance)
func (batchSettlement *BatchSettlement) UnpackClaimExceedsBalanceError(raw []byte) (*BatchSettlementClaimExceedsBalance, error) {
	out := new(BatchSettlementClaimExceedsBalance)
	if err := batchSettlement.abi.UnpackIntoInterface(out, "ClaimExceedsBalance", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// BatchSettlementClaimExceedsVoucher represents a ClaimExceedsVoucher error raised by the BatchSettlement contract.
type BatchSettlementClaimExceedsVoucher struct {
	ChannelId          [32]byte
	TotalClaimed       *big.Int
	MaxClaimableAmount *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ClaimExceedsVoucher(bytes32 channelId, uint128 totalClaimed, uint128 maxClaimableAmount)
func BatchSettlementClaimExceedsVoucherErrorID() common.Hash {
	return common.HexToHash("0xde02707074d4ed2981c00a52b7eaf41d84919a829802b83f88477998352abc61")
}

// UnpackClaimExceedsVoucherError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ClaimExceedsVoucher(bytes32 channelId, uint128 totalClaimed, uint128 maxClaimableAmount)
func (batchSettlement *BatchSettlement) UnpackClaimExceedsVoucherError(raw []byte) (*BatchSettlementClaimExceedsVoucher, error) {
	out := new(BatchSettlementClaimExceedsVoucher)
	if err := batchSettlement.abi.UnpackIntoInterface(out, "ClaimExceedsVoucher", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// BatchSettlementDepositMismatch represents a DepositMismatch error raised by the BatchSettlement contract.
type BatchSettlementDepositMismatch struct {
	Expected *big.Int
	Received *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error DepositMismatch(uint256 expected, uint256 received)
func BatchSettlementDepositMismatchErrorID() common.Hash {
	return common.HexToHash("0xed5542346b666717b590de50f261485a1dc912c4339380b80e9984400d1412bb")
}

// UnpackDepositMismatchError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error DepositMismatch(uint256 expected, uint256 received)
func (batchSettlement *BatchSettlement) UnpackDepositMismatchError(raw []byte) (*BatchSettlementDepositMismatch, error) {
	out := new(BatchSettlementDepositMismatch)
	if err := batchSettlement.abi.UnpackIntoInterface(out, "DepositMismatch", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// BatchSettlementEmptyClaimBatch represents a EmptyClaimBatch error raised by the BatchSettlement contract.
type BatchSettlementEmptyClaimBatch struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error EmptyClaimBatch()
func BatchSettlementEmptyClaimBatchErrorID() common.Hash {
	return common.HexToHash("0x6001b95b1da29620fe90673416877b207e1ea2956b6881abc456bbecbc4b2837")
}

// UnpackEmptyClaimBatchError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error EmptyClaimBatch()
func (batchSettlement *BatchSettlement) UnpackEmptyClaimBatchError(raw []byte) (*BatchSettlementEmptyClaimBatch, error) {
	out := new(BatchSettlementEmptyClaimBatch)
	if err := batchSettlement.abi.UnpackIntoInterface(out, "EmptyClaimBatch", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// BatchSettlementInvalidAuthorizerSignature represents a InvalidAuthorizerSignature error raised by the BatchSettlement contract.
type BatchSettlementInvalidAuthorizerSignature struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InvalidAuthorizerSignature()
func BatchSettlementInvalidAuthorizerSignatureErrorID() common.Hash {
	return common.HexToHash("0xa56862eb2b45ee5b6c68361263b8df4ec10feb61eebcfcd62826d5ce187da2d5")
}

// UnpackInvalidAuthorizerSignatureError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InvalidAuthorizerSignature()
func (batchSettlement *BatchSettlement) UnpackInvalidAuthorizerSignatureError(raw []byte) (*BatchSettlementInvalidAuthorizerSignature, error) {
	out := new(BatchSettlementInvalidAuthorizerSignature)
	if err := batchSettlement.abi.UnpackIntoInterface(out, "InvalidAuthorizerSignature", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// BatchSettlementInvalidVoucherSignature represents a InvalidVoucherSignature error raised by the BatchSettlement contract.
type BatchSettlementInvalidVoucherSignature struct {
	ChannelId [32]byte
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InvalidVoucherSignature(bytes32 channelId)
func BatchSettlementInvalidVoucherSignatureErrorID() common.Hash {
	return common.HexToHash("0x692acc3dfb5b04f8c3f0305c6d55bf546e29fcec2ed859e6459b120300fec7f9")
}

// UnpackInvalidVoucherSignatureError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InvalidVoucherSignature(bytes32 channelId)
func (batchSettlement *BatchSettlement) UnpackInvalidVoucherSignatureError(raw []byte) (*BatchSettlementInvalidVoucherSignature, error) {
	out := new(BatchSettlementInvalidVoucherSignature)
	if err := batchSettlement.abi.UnpackIntoInterface(out, "InvalidVoucherSignature", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// BatchSettlementNoPendingWithdrawal represents a NoPendingWithdrawal error raised by the BatchSettlement contract.
type BatchSettlementNoPendingWithdrawal struct {
	ChannelId [32]byte
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error NoPendingWithdrawal(bytes32 channelId)
func BatchSettlementNoPendingWithdrawalErrorID() common.Hash {
	return common.HexToHash("0xce7100d1ade607b7d7df316be7a86fdea13e06dbea98b2c1f85312ee51bcf219")
}

// UnpackNoPendingWithdrawalError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error NoPendingWithdrawal(bytes32 channelId)
func (batchSettlement *BatchSettlement) UnpackNoPendingWithdrawalError(raw []byte) (*BatchSettlementNoPendingWithdrawal, error) {
	out := new(BatchSettlementNoPendingWithdrawal)
	if err := batchSettlement.abi.UnpackIntoInterface(out, "NoPendingWithdrawal", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// BatchSettlementReceiverAuthorizerMismatch represents a ReceiverAuthorizerMismatch error raised by the BatchSettlement contract.
type BatchSettlementReceiverAuthorizerMismatch struct {
	ChannelId [32]byte
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ReceiverAuthorizerMismatch(bytes32 channelId)
func BatchSettlementReceiverAuthorizerMismatchErrorID() common.Hash {
	return common.HexToHash("0xd8399afe639d864614519abb918fac71e987fda5db3907514703c6b8b94896f8")
}

// UnpackReceiverAuthorizerMismatchError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ReceiverAuthorizerMismatch(bytes32 channelId)
func (batchSettlement *BatchSettlement) UnpackReceiverAuthorizerMismatchError(raw []byte) (*BatchSettlementReceiverAuthorizerMismatch, error) {
	out := new(BatchSettlementReceiverAuthorizerMismatch)
	if err := batchSettlement.abi.UnpackIntoInterface(out, "ReceiverAuthorizerMismatch", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// BatchSettlementReentrantCall represents a ReentrantCall error raised by the BatchSettlement contract.
type BatchSettlementReentrantCall struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ReentrantCall()
func BatchSettlementReentrantCallErrorID() common.Hash {
	return common.HexToHash("0x37ed32e8b98f05c268547554617c26adb4478b89452c6df1b1c862cb749b1c27")
}

// UnpackReentrantCallError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ReentrantCall()
func (batchSettlement *BatchSettlement) UnpackReentrantCallError(raw []byte) (*BatchSettlementReentrantCall, error) {
	out := new(BatchSettlementReentrantCall)
	if err := batchSettlement.abi.UnpackIntoInterface(out, "ReentrantCall", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// BatchSettlementRefundNonceMismatch represents a RefundNonceMismatch error raised by the BatchSettlement contract.
type BatchSettlementRefundNonceMismatch struct {
	Expected *big.Int
	Given    *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error RefundNonceMismatch(uint256 expected, uint256 given)
func BatchSettlementRefundNonceMismatchErrorID() common.Hash {
	return common.HexToHash("0xfdde3e40874f21e2a87129d7bac77f24aedfc11c3bb2f1173f945eed0c145520")
}

// UnpackRefundNonceMismatchError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error RefundNonceMismatch(uint256 expected, uint256 given)
func (batchSettlement *BatchSettlement) UnpackRefundNonceMismatchError(raw []byte) (*BatchSettlementRefundNonceMismatch, error) {
	out := new(BatchSettlementRefundNonceMismatch)
	if err := batchSettlement.abi.UnpackIntoInterface(out, "RefundNonceMismatch", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// BatchSettlementTokenTransferFailed represents a TokenTransferFailed error raised by the BatchSettlement contract.
type BatchSettlementTokenTransferFailed struct {
	Token common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error TokenTransferFailed(address token)
func BatchSettlementTokenTransferFailedErrorID() common.Hash {
	return common.HexToHash("0x2b596cb7e9804a5202312682f04514d7f31332b7e5ffeaad4ba2ee9969d1d7d0")
}

// UnpackTokenTransferFailedError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error TokenTransferFailed(address token)
func (batchSettlement *BatchSettlement) UnpackTokenTransferFailedError(raw []byte) (*BatchSettlementTokenTransferFailed, error) {
	out := new(BatchSettlementTokenTransferFailed)
	if err := batchSettlement.abi.UnpackIntoInterface(out, "TokenTransferFailed", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// BatchSettlementUnauthorized represents a Unauthorized error raised by the BatchSettlement contract.
type BatchSettlementUnauthorized struct {
	Caller common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error Unauthorized(address caller)
func BatchSettlementUnauthorizedErrorID() common.Hash {
	return common.HexToHash("0x8e4a23d6a5d81f013eca4bc92aeb9214ccafcaebd1f097c350c922d6e19122d5")
}

// UnpackUnauthorizedError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error Unauthorized(address caller)
func (batchSettlement *BatchSettlement) UnpackUnauthorizedError(raw []byte) (*BatchSettlementUnauthorized, error) {
	out := new(BatchSettlementUnauthorized)
	if err := batchSettlement.abi.UnpackIntoInterface(out, "Unauthorized", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// BatchSettlementWithdrawDelayOutOfRange represents a WithdrawDelayOutOfRange error raised by the BatchSettlement contract.
type BatchSettlementWithdrawDelayOutOfRange struct {
	WithdrawDelay *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error WithdrawDelayOutOfRange(uint40 withdrawDelay)
func BatchSettlementWithdrawDelayOutOfRangeErrorID() common.Hash {
	return common.HexToHash("0x723999051ca98fb04cd70aa5fd042e946d51d0197cf77dca1d421ca1f8688b3f")
}

// UnpackWithdrawDelayOutOfRangeError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error WithdrawDelayOutOfRange(uint40 withdrawDelay)
func (batchSettlement *BatchSettlement) UnpackWithdrawDelayOutOfRangeError(raw []byte) (*BatchSettlementWithdrawDelayOutOfRange, error) {
	out := new(BatchSettlementWithdrawDelayOutOfRange)
	if err := batchSettlement.abi.UnpackIntoInterface(out, "WithdrawDelayOutOfRange", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// BatchSettlementWithdrawExceedsAvailable represents a WithdrawExceedsAvailable error raised by the BatchSettlement contract.
type BatchSettlementWithdrawExceedsAvailable struct {
	Amount    *big.Int
	Available *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error WithdrawExceedsAvailable(uint128 amount, uint128 available)
func BatchSettlementWithdrawExceedsAvailableErrorID() common.Hash {
	return common.HexToHash("0x00d28247093534f9b76f4390a79356971a6ebd7e55d403c722f998d69c2ffec9")
}

// UnpackWithdrawExceedsAvailableError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error WithdrawExceedsAvailable(uint128 amount, uint128 available)
func (batchSettlement *BatchSettlement) UnpackWithdrawExceedsAvailableError(raw []byte) (*BatchSettlementWithdrawExceedsAvailable, error) {
	out := new(BatchSettlementWithdrawExceedsAvailable)
	if err := batchSettlement.abi.UnpackIntoInterface(out, "WithdrawExceedsAvailable", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// BatchSettlementWithdrawalNotReady represents a WithdrawalNotReady error raised by the BatchSettlement contract.
type BatchSettlementWithdrawalNotReady struct {
	FinalizeAfter *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error WithdrawalNotReady(uint40 finalizeAfter)
func BatchSettlementWithdrawalNotReadyErrorID() common.Hash {
	return common.HexToHash("0x12640d78b8b74a5b2b598f183d4b39a60a05dbdbe052c15f7bca122b619eea70")
}

// UnpackWithdrawalNotReadyError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error WithdrawalNotReady(uint40 finalizeAfter)
func (batchSettlement *BatchSettlement) UnpackWithdrawalNotReadyError(raw []byte) (*BatchSettlementWithdrawalNotReady, error) {
	out := new(BatchSettlementWithdrawalNotReady)
	if err := batchSettlement.abi.UnpackIntoInterface(out, "WithdrawalNotReady", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// BatchSettlementWithdrawalPending represents a WithdrawalPending error raised by the BatchSettlement contract.
type BatchSettlementWithdrawalPending struct {
	ChannelId [32]byte
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error WithdrawalPending(bytes32 channelId)
func BatchSettlementWithdrawalPendingErrorID() common.Hash {
	return common.HexToHash("0x0ded44be9519d963906753003853ee3e337c87b5b867e41038d0e609dda6359c")
}

// UnpackWithdrawalPendingError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error WithdrawalPending(bytes32 channelId)
func (batchSettlement *BatchSettlement) UnpackWithdrawalPendingError(raw []byte) (*BatchSettlementWithdrawalPending, error) {
	out := new(BatchSettlementWithdrawalPending)
	if err := batchSettlement.abi.UnpackIntoInterface(out, "WithdrawalPending", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// BatchSettlementZeroAddress represents a ZeroAddress error raised by the BatchSettlement contract.
type BatchSettlementZeroAddress struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ZeroAddress()
func BatchSettlementZeroAddressErrorID() common.Hash {
	return common.HexToHash("0xd92e233df2717d4a40030e20904abd27b68fcbeede117eaaccbbdac9618c8c73")
}

// UnpackZeroAddressError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ZeroAddress()
func (batchSettlement *BatchSettlement) UnpackZeroAddressError(raw []byte) (*BatchSettlementZeroAddress, error) {
	out := new(BatchSettlementZeroAddress)
	if err := batchSettlement.abi.UnpackIntoInterface(out, "ZeroAddress", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// BatchSettlementZeroAmount represents a ZeroAmount error raised by the BatchSettlement contract.
type BatchSettlementZeroAmount struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ZeroAmount()
func BatchSettlementZeroAmountErrorID() common.Hash {
	return common.HexToHash("0x1f2a2005cb66a8e145327e8814e243a0996aec9bfe1e15a495778b1236dbd485")
}

// UnpackZeroAmountError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ZeroAmount()
func (batchSettlement *BatchSettlement) UnpackZeroAmountError(raw []byte) (*BatchSettlementZeroAmount, error) {
	out := new(BatchSettlementZeroAmount)
	if err := batchSettlement.abi.UnpackIntoInterface(out, "ZeroAmount", raw); err != nil {
		return nil, err
	}
	return out, nil
}
