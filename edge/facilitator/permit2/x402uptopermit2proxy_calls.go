// Code generated via abigen V2 - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package permit2

import (
	"github.com/ethereum/go-ethereum/accounts/abi"

	"github.com/ethereum/go-ethereum/common"
)

// PackPERMIT2 is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x6afdd850.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function PERMIT2() view returns(address)
func (x402UptoPermit2Proxy *X402UptoPermit2Proxy) PackPERMIT2() []byte {
	enc, err := x402UptoPermit2Proxy.abi.Pack("PERMIT2")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackPERMIT2 is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x6afdd850.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function PERMIT2() view returns(address)
func (x402UptoPermit2Proxy *X402UptoPermit2Proxy) TryPackPERMIT2() ([]byte, error) {
	return x402UptoPermit2Proxy.abi.Pack("PERMIT2")
}

// UnpackPERMIT2 is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x6afdd850.
//
// Solidity: function PERMIT2() view returns(address)
func (x402UptoPermit2Proxy *X402UptoPermit2Proxy) UnpackPERMIT2(data []byte) (common.Address, error) {
	out, err := x402UptoPermit2Proxy.abi.Unpack("PERMIT2", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// PackWITNESSTYPEHASH is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x2c03ae6a.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function WITNESS_TYPEHASH() view returns(bytes32)
func (x402UptoPermit2Proxy *X402UptoPermit2Proxy) PackWITNESSTYPEHASH() []byte {
	enc, err := x402UptoPermit2Proxy.abi.Pack("WITNESS_TYPEHASH")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackWITNESSTYPEHASH is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x2c03ae6a.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function WITNESS_TYPEHASH() view returns(bytes32)
func (x402UptoPermit2Proxy *X402UptoPermit2Proxy) TryPackWITNESSTYPEHASH() ([]byte, error) {
	return x402UptoPermit2Proxy.abi.Pack("WITNESS_TYPEHASH")
}

// UnpackWITNESSTYPEHASH is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x2c03ae6a.
//
// Solidity: function WITNESS_TYPEHASH() view returns(bytes32)
func (x402UptoPermit2Proxy *X402UptoPermit2Proxy) UnpackWITNESSTYPEHASH(data []byte) ([32]byte, error) {
	out, err := x402UptoPermit2Proxy.abi.Unpack("WITNESS_TYPEHASH", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackWITNESSTYPESTRING is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x156e2152.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function WITNESS_TYPE_STRING() view returns(string)
func (x402UptoPermit2Proxy *X402UptoPermit2Proxy) PackWITNESSTYPESTRING() []byte {
	enc, err := x402UptoPermit2Proxy.abi.Pack("WITNESS_TYPE_STRING")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackWITNESSTYPESTRING is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x156e2152.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function WITNESS_TYPE_STRING() view returns(string)
func (x402UptoPermit2Proxy *X402UptoPermit2Proxy) TryPackWITNESSTYPESTRING() ([]byte, error) {
	return x402UptoPermit2Proxy.abi.Pack("WITNESS_TYPE_STRING")
}

// UnpackWITNESSTYPESTRING is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x156e2152.
//
// Solidity: function WITNESS_TYPE_STRING() view returns(string)
func (x402UptoPermit2Proxy *X402UptoPermit2Proxy) UnpackWITNESSTYPESTRING(data []byte) (string, error) {
	out, err := x402UptoPermit2Proxy.abi.Unpack("WITNESS_TYPE_STRING", data)
	if err != nil {
		return *new(string), err
	}
	out0 := *abi.ConvertType(out[0], new(string)).(*string)
	return out0, nil
}
