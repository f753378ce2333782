// Code generated via abigen V2 - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package channels

import (
	"math/big"

	"github.com/ethereum/go-ethereum/accounts/abi"

	"github.com/ethereum/go-ethereum/common"
)

// PackClaim is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x29237b0c.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function claim((((address,address,address,address,address,uint40,bytes32),uint128),bytes,uint128)[] voucherClaims) returns()
func (batchSettlement *BatchSettlement) PackClaim(voucherClaims []VoucherClaim) []byte {
	enc, err := batchSettlement.abi.Pack("claim", voucherClaims)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackClaim is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x29237b0c.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function claim((((address,address,address,address,address,uint40,bytes32),uint128),bytes,uint128)[] voucherClaims) returns()
func (batchSettlement *BatchSettlement) TryPackClaim(voucherClaims []VoucherClaim) ([]byte, error) {
	return batchSettlement.abi.Pack("claim", voucherClaims)
}

// PackClaimWithSignature is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe43ce1f2.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function claimWithSignature((((address,address,address,address,address,uint40,bytes32),uint128),bytes,uint128)[] voucherClaims, bytes authorizerSignature) returns()
func (batchSettlement *BatchSettlement) PackClaimWithSignature(voucherClaims []VoucherClaim, authorizerSignature []byte) []byte {
	enc, err := batchSettlement.abi.Pack("claimWithSignature", voucherClaims, authorizerSignature)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackClaimWithSignature is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe43ce1f2.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function claimWithSignature((((address,address,address,address,address,uint40,bytes32),uint128),bytes,uint128)[] voucherClaims, bytes authorizerSignature) returns()
func (batchSettlement *BatchSettlement) TryPackClaimWithSignature(voucherClaims []VoucherClaim, authorizerSignature []byte) ([]byte, error) {
	return batchSettlement.abi.Pack("claimWithSignature", voucherClaims, authorizerSignature)
}

// PackDeposit is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x140f1e75.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function deposit((address,address,address,address,address,uint40,bytes32) config, uint128 amount, address collector, bytes collectorData) returns()
func (batchSettlement *BatchSettlement) PackDeposit(config ChannelConfig, amount *big.Int, collector common.Address, collectorData []byte) []byte {
	enc, err := batchSettlement.abi.Pack("deposit", config, amount, collector, collectorData)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackDeposit is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x140f1e75.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function deposit((address,address,address,address,address,uint40,bytes32) config, uint128 amount, address collector, bytes collectorData) returns()
func (batchSettlement *BatchSettlement) TryPackDeposit(config ChannelConfig, amount *big.Int, collector common.Address, collectorData []byte) ([]byte, error) {
	return batchSettlement.abi.Pack("deposit", config, amount, collector, collectorData)
}

// PackFinalizeWithdraw is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe88377b1.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function finalizeWithdraw((address,address,address,address,address,uint40,bytes32) config) returns()
func (batchSettlement *BatchSettlement) PackFinalizeWithdraw(config ChannelConfig) []byte {
	enc, err := batchSettlement.abi.Pack("finalizeWithdraw", config)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackFinalizeWithdraw is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe88377b1.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function finalizeWithdraw((address,address,address,address,address,uint40,bytes32) config) returns()
func (batchSettlement *BatchSettlement) TryPackFinalizeWithdraw(config ChannelConfig) ([]byte, error) {
	return batchSettlement.abi.Pack("finalizeWithdraw", config)
}

// PackInitiateWithdraw is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xcf5cf3dc.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function initiateWithdraw((address,address,address,address,address,uint40,bytes32) config, uint128 amount) returns()
func (batchSettlement *BatchSettlement) PackInitiateWithdraw(config ChannelConfig, amount *big.Int) []byte {
	enc, err := batchSettlement.abi.Pack("initiateWithdraw", config, amount)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackInitiateWithdraw is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xcf5cf3dc.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function initiateWithdraw((address,address,address,address,address,uint40,bytes32) config, uint128 amount) returns()
func (batchSettlement *BatchSettlement) TryPackInitiateWithdraw(config ChannelConfig, amount *big.Int) ([]byte, error) {
	return batchSettlement.abi.Pack("initiateWithdraw", config, amount)
}

// PackMulticall is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xac9650d8.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function multicall(bytes[] data) returns(bytes[] results)
func (batchSettlement *BatchSettlement) PackMulticall(data [][]byte) []byte {
	enc, err := batchSettlement.abi.Pack("multicall", data)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackMulticall is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xac9650d8.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function multicall(bytes[] data) returns(bytes[] results)
func (batchSettlement *BatchSettlement) TryPackMulticall(data [][]byte) ([]byte, error) {
	return batchSettlement.abi.Pack("multicall", data)
}

// UnpackMulticall is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xac9650d8.
//
// Solidity: function multicall(bytes[] data) returns(bytes[] results)
func (batchSettlement *BatchSettlement) UnpackMulticall(data []byte) ([][]byte, error) {
	out, err := batchSettlement.abi.Unpack("multicall", data)
	if err != nil {
		return *new([][]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([][]byte)).(*[][]byte)
	return out0, nil
}

// PackRefund is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xdce4bfae.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function refund((address,address,address,address,address,uint40,bytes32) config, uint128 amount) returns()
func (batchSettlement *BatchSettlement) PackRefund(config ChannelConfig, amount *big.Int) []byte {
	enc, err := batchSettlement.abi.Pack("refund", config, amount)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackRefund is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xdce4bfae.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function refund((address,address,address,address,address,uint40,bytes32) config, uint128 amount) returns()
func (batchSettlement *BatchSettlement) TryPackRefund(config ChannelConfig, amount *big.Int) ([]byte, error) {
	return batchSettlement.abi.Pack("refund", config, amount)
}

// PackRefundWithSignature is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xb77433e9.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function refundWithSignature((address,address,address,address,address,uint40,bytes32) config, uint128 amount, uint256 nonce, bytes receiverAuthorizerSignature) returns()
func (batchSettlement *BatchSettlement) PackRefundWithSignature(config ChannelConfig, amount *big.Int, nonce *big.Int, receiverAuthorizerSignature []byte) []byte {
	enc, err := batchSettlement.abi.Pack("refundWithSignature", config, amount, nonce, receiverAuthorizerSignature)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackRefundWithSignature is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xb77433e9.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function refundWithSignature((address,address,address,address,address,uint40,bytes32) config, uint128 amount, uint256 nonce, bytes receiverAuthorizerSignature) returns()
func (batchSettlement *BatchSettlement) TryPackRefundWithSignature(config ChannelConfig, amount *big.Int, nonce *big.Int, receiverAuthorizerSignature []byte) ([]byte, error) {
	return batchSettlement.abi.Pack("refundWithSignature", config, amount, nonce, receiverAuthorizerSignature)
}

// PackSettle is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x9db32a8f.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function settle(address receiver, address token) returns()
func (batchSettlement *BatchSettlement) PackSettle(receiver common.Address, token common.Address) []byte {
	enc, err := batchSettlement.abi.Pack("settle", receiver, token)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSettle is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x9db32a8f.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function settle(address receiver, address token) returns()
func (batchSettlement *BatchSettlement) TryPackSettle(receiver common.Address, token common.Address) ([]byte, error) {
	return batchSettlement.abi.Pack("settle", receiver, token)
}
