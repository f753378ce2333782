// Code generated via abigen V2 - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package channels

import (
	"math/big"

	"github.com/ethereum/go-ethereum/common"
)

// PackCollect is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe416d8d3.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function collect(address payer, address token, uint256 amount, bytes32 channelId, bytes collectorData) returns()
func (eRC3009DepositCollector *ERC3009DepositCollector) PackCollect(payer common.Address, token common.Address, amount *big.Int, channelId [32]byte, collectorData []byte) []byte {
	enc, err := eRC3009DepositCollector.abi.Pack("collect", payer, token, amount, channelId, collectorData)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackCollect is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe416d8d3.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function collect(address payer, address token, uint256 amount, bytes32 channelId, bytes collectorData) returns()
func (eRC3009DepositCollector *ERC3009DepositCollector) TryPackCollect(payer common.Address, token common.Address, amount *big.Int, channelId [32]byte, collectorData []byte) ([]byte, error) {
	return eRC3009DepositCollector.abi.Pack("collect", payer, token, amount, channelId, collectorData)
}
