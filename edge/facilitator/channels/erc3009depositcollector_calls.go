// Code generated via abigen V2 - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package channels

import (
	"github.com/ethereum/go-ethereum/accounts/abi"

	"github.com/ethereum/go-ethereum/common"
)

// PackBATCHSETTLEMENT is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x82b00324.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function BATCH_SETTLEMENT() view returns(address)
func (eRC3009DepositCollector *ERC3009DepositCollector) PackBATCHSETTLEMENT() []byte {
	enc, err := eRC3009DepositCollector.abi.Pack("BATCH_SETTLEMENT")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackBATCHSETTLEMENT is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x82b00324.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function BATCH_SETTLEMENT() view returns(address)
func (eRC3009DepositCollector *ERC3009DepositCollector) TryPackBATCHSETTLEMENT() ([]byte, error) {
	return eRC3009DepositCollector.abi.Pack("BATCH_SETTLEMENT")
}

// UnpackBATCHSETTLEMENT is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x82b00324.
//
// Solidity: function BATCH_SETTLEMENT() view returns(address)
func (eRC3009DepositCollector *ERC3009DepositCollector) UnpackBATCHSETTLEMENT(data []byte) (common.Address, error) {
	out, err := eRC3009DepositCollector.abi.Unpack("BATCH_SETTLEMENT", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}
