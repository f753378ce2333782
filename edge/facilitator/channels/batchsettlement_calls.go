// Code generated via abigen V2 - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package channels

import (
	"math/big"

	"github.com/ethereum/go-ethereum/accounts/abi"

	"github.com/ethereum/go-ethereum/common"
)

// PackCHANNELCONFIGTYPEHASH is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x8e4a68ac.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function CHANNEL_CONFIG_TYPEHASH() view returns(bytes32)
func (batchSettlement *BatchSettlement) PackCHANNELCONFIGTYPEHASH() []byte {
	enc, err := batchSettlement.abi.Pack("CHANNEL_CONFIG_TYPEHASH")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackCHANNELCONFIGTYPEHASH is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x8e4a68ac.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function CHANNEL_CONFIG_TYPEHASH() view returns(bytes32)
func (batchSettlement *BatchSettlement) TryPackCHANNELCONFIGTYPEHASH() ([]byte, error) {
	return batchSettlement.abi.Pack("CHANNEL_CONFIG_TYPEHASH")
}

// UnpackCHANNELCONFIGTYPEHASH is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x8e4a68ac.
//
// Solidity: function CHANNEL_CONFIG_TYPEHASH() view returns(bytes32)
func (batchSettlement *BatchSettlement) UnpackCHANNELCONFIGTYPEHASH(data []byte) ([32]byte, error) {
	out, err := batchSettlement.abi.Unpack("CHANNEL_CONFIG_TYPEHASH", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackChannels is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x7a7ebd7b.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function channels(bytes32 channelId) view returns(uint128 balance, uint128 totalClaimed)
func (batchSettlement *BatchSettlement) PackChannels(channelId [32]byte) []byte {
	enc, err := batchSettlement.abi.Pack("channels", channelId)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackChannels is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x7a7ebd7b.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function channels(bytes32 channelId) view returns(uint128 balance, uint128 totalClaimed)
func (batchSettlement *BatchSettlement) TryPackChannels(channelId [32]byte) ([]byte, error) {
	return batchSettlement.abi.Pack("channels", channelId)
}

// ChannelsOutput serves as a container for the return parameters of contract
// method Channels.
type ChannelsOutput struct {
	Balance      *big.Int
	TotalClaimed *big.Int
}

// UnpackChannels is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x7a7ebd7b.
//
// Solidity: function channels(bytes32 channelId) view returns(uint128 balance, uint128 totalClaimed)
func (batchSettlement *BatchSettlement) UnpackChannels(data []byte) (ChannelsOutput, error) {
	out, err := batchSettlement.abi.Unpack("channels", data)
	outstruct := new(ChannelsOutput)
	if err != nil {
		return *outstruct, err
	}
	outstruct.Balance = abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	outstruct.TotalClaimed = abi.ConvertType(out[1], new(big.Int)).(*big.Int)
	return *outstruct, nil
}

// PackGetChannelId is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x5e5e0b87.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function getChannelId((address,address,address,address,address,uint40,bytes32) config) view returns(bytes32)
func (batchSettlement *BatchSettlement) PackGetChannelId(config ChannelConfig) []byte {
	enc, err := batchSettlement.abi.Pack("getChannelId", config)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackGetChannelId is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x5e5e0b87.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function getChannelId((address,address,address,address,address,uint40,bytes32) config) view returns(bytes32)
func (batchSettlement *BatchSettlement) TryPackGetChannelId(config ChannelConfig) ([]byte, error) {
	return batchSettlement.abi.Pack("getChannelId", config)
}

// UnpackGetChannelId is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x5e5e0b87.
//
// Solidity: function getChannelId((address,address,address,address,address,uint40,bytes32) config) view returns(bytes32)
func (batchSettlement *BatchSettlement) UnpackGetChannelId(data []byte) ([32]byte, error) {
	out, err := batchSettlement.abi.Unpack("getChannelId", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackGetClaimBatchDigest is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x488ccc3b.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function getClaimBatchDigest((((address,address,address,address,address,uint40,bytes32),uint128),bytes,uint128)[] voucherClaims) view returns(bytes32)
func (batchSettlement *BatchSettlement) PackGetClaimBatchDigest(voucherClaims []VoucherClaim) []byte {
	enc, err := batchSettlement.abi.Pack("getClaimBatchDigest", voucherClaims)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackGetClaimBatchDigest is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x488ccc3b.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function getClaimBatchDigest((((address,address,address,address,address,uint40,bytes32),uint128),bytes,uint128)[] voucherClaims) view returns(bytes32)
func (batchSettlement *BatchSettlement) TryPackGetClaimBatchDigest(voucherClaims []VoucherClaim) ([]byte, error) {
	return batchSettlement.abi.Pack("getClaimBatchDigest", voucherClaims)
}

// UnpackGetClaimBatchDigest is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x488ccc3b.
//
// Solidity: function getClaimBatchDigest((((address,address,address,address,address,uint40,bytes32),uint128),bytes,uint128)[] voucherClaims) view returns(bytes32)
func (batchSettlement *BatchSettlement) UnpackGetClaimBatchDigest(data []byte) ([32]byte, error) {
	out, err := batchSettlement.abi.Unpack("getClaimBatchDigest", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackGetRefundDigest is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe25cf189.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function getRefundDigest(bytes32 channelId, uint256 nonce, uint128 amount) view returns(bytes32)
func (batchSettlement *BatchSettlement) PackGetRefundDigest(channelId [32]byte, nonce *big.Int, amount *big.Int) []byte {
	enc, err := batchSettlement.abi.Pack("getRefundDigest", channelId, nonce, amount)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackGetRefundDigest is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe25cf189.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function getRefundDigest(bytes32 channelId, uint256 nonce, uint128 amount) view returns(bytes32)
func (batchSettlement *BatchSettlement) TryPackGetRefundDigest(channelId [32]byte, nonce *big.Int, amount *big.Int) ([]byte, error) {
	return batchSettlement.abi.Pack("getRefundDigest", channelId, nonce, amount)
}

// UnpackGetRefundDigest is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xe25cf189.
//
// Solidity: function getRefundDigest(bytes32 channelId, uint256 nonce, uint128 amount) view returns(bytes32)
func (batchSettlement *BatchSettlement) UnpackGetRefundDigest(data []byte) ([32]byte, error) {
	out, err := batchSettlement.abi.Unpack("getRefundDigest", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackGetVoucherDigest is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x862bb199.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function getVoucherDigest(bytes32 channelId, uint128 maxClaimableAmount) view returns(bytes32)
func (batchSettlement *BatchSettlement) PackGetVoucherDigest(channelId [32]byte, maxClaimableAmount *big.Int) []byte {
	enc, err := batchSettlement.abi.Pack("getVoucherDigest", channelId, maxClaimableAmount)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackGetVoucherDigest is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x862bb199.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function getVoucherDigest(bytes32 channelId, uint128 maxClaimableAmount) view returns(bytes32)
func (batchSettlement *BatchSettlement) TryPackGetVoucherDigest(channelId [32]byte, maxClaimableAmount *big.Int) ([]byte, error) {
	return batchSettlement.abi.Pack("getVoucherDigest", channelId, maxClaimableAmount)
}

// UnpackGetVoucherDigest is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x862bb199.
//
// Solidity: function getVoucherDigest(bytes32 channelId, uint128 maxClaimableAmount) view returns(bytes32)
func (batchSettlement *BatchSettlement) UnpackGetVoucherDigest(data []byte) ([32]byte, error) {
	out, err := batchSettlement.abi.Unpack("getVoucherDigest", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackPendingWithdrawals is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xb7f06ebe.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function pendingWithdrawals(bytes32 channelId) view returns(uint128 amount, uint40 initiatedAt)
func (batchSettlement *BatchSettlement) PackPendingWithdrawals(channelId [32]byte) []byte {
	enc, err := batchSettlement.abi.Pack("pendingWithdrawals", channelId)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackPendingWithdrawals is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xb7f06ebe.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function pendingWithdrawals(bytes32 channelId) view returns(uint128 amount, uint40 initiatedAt)
func (batchSettlement *BatchSettlement) TryPackPendingWithdrawals(channelId [32]byte) ([]byte, error) {
	return batchSettlement.abi.Pack("pendingWithdrawals", channelId)
}

// PendingWithdrawalsOutput serves as a container for the return parameters of contract
// method PendingWithdrawals.
type PendingWithdrawalsOutput struct {
	Amount      *big.Int
	InitiatedAt *big.Int
}

// UnpackPendingWithdrawals is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xb7f06ebe.
//
// Solidity: function pendingWithdrawals(bytes32 channelId) view returns(uint128 amount, uint40 initiatedAt)
func (batchSettlement *BatchSettlement) UnpackPendingWithdrawals(data []byte) (PendingWithdrawalsOutput, error) {
	out, err := batchSettlement.abi.Unpack("pendingWithdrawals", data)
	outstruct := new(PendingWithdrawalsOutput)
	if err != nil {
		return *outstruct, err
	}
	outstruct.Amount = abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	outstruct.InitiatedAt = abi.ConvertType(out[1], new(big.Int)).(*big.Int)
	return *outstruct, nil
}

// PackReceivers is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x21ff6389.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function receivers(address receiver, address token) view returns(uint128 totalClaimed, uint128 totalSettled)
func (batchSettlement *BatchSettlement) PackReceivers(receiver common.Address, token common.Address) []byte {
	enc, err := batchSettlement.abi.Pack("receivers", receiver, token)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackReceivers is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x21ff6389.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function receivers(address receiver, address token) view returns(uint128 totalClaimed, uint128 totalSettled)
func (batchSettlement *BatchSettlement) TryPackReceivers(receiver common.Address, token common.Address) ([]byte, error) {
	return batchSettlement.abi.Pack("receivers", receiver, token)
}

// ReceiversOutput serves as a container for the return parameters of contract
// method Receivers.
type ReceiversOutput struct {
	TotalClaimed *big.Int
	TotalSettled *big.Int
}

// UnpackReceivers is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x21ff6389.
//
// Solidity: function receivers(address receiver, address token) view returns(uint128 totalClaimed, uint128 totalSettled)
func (batchSettlement *BatchSettlement) UnpackReceivers(data []byte) (ReceiversOutput, error) {
	out, err := batchSettlement.abi.Unpack("receivers", data)
	outstruct := new(ReceiversOutput)
	if err != nil {
		return *outstruct, err
	}
	outstruct.TotalClaimed = abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	outstruct.TotalSettled = abi.ConvertType(out[1], new(big.Int)).(*big.Int)
	return *outstruct, nil
}

// PackRefundNonce is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xf0dc792e.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function refundNonce(bytes32 channelId) view returns(uint256)
func (batchSettlement *BatchSettlement) PackRefundNonce(channelId [32]byte) []byte {
	enc, err := batchSettlement.abi.Pack("refundNonce", channelId)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackRefundNonce is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xf0dc792e.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function refundNonce(bytes32 channelId) view returns(uint256)
func (batchSettlement *BatchSettlement) TryPackRefundNonce(channelId [32]byte) ([]byte, error) {
	return batchSettlement.abi.Pack("refundNonce", channelId)
}

// UnpackRefundNonce is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xf0dc792e.
//
// Solidity: function refundNonce(bytes32 channelId) view returns(uint256)
func (batchSettlement *BatchSettlement) UnpackRefundNonce(data []byte) (*big.Int, error) {
	out, err := batchSettlement.abi.Unpack("refundNonce", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}
