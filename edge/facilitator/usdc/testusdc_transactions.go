// Code generated via abigen V2 - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package usdc

import (
	"math/big"

	"github.com/ethereum/go-ethereum/accounts/abi"

	"github.com/ethereum/go-ethereum/common"
)

// PackConstructor is the Go binding used to pack the parameters required for
// contract deployment.
//
// Solidity: constructor(string name_, string version_) returns()
func (testUSDC *TestUSDC) PackConstructor(name_ string, version_ string) []byte {
	enc, err := testUSDC.abi.Pack("", name_, version_)
	if err != nil {
		panic(err)
	}
	return enc
}

// PackApprove is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x095ea7b3.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function approve(address spender, uint256 value) returns(bool)
func (testUSDC *TestUSDC) PackApprove(spender common.Address, value *big.Int) []byte {
	enc, err := testUSDC.abi.Pack("approve", spender, value)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackApprove is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x095ea7b3.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function approve(address spender, uint256 value) returns(bool)
func (testUSDC *TestUSDC) TryPackApprove(spender common.Address, value *big.Int) ([]byte, error) {
	return testUSDC.abi.Pack("approve", spender, value)
}

// UnpackApprove is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x095ea7b3.
//
// Solidity: function approve(address spender, uint256 value) returns(bool)
func (testUSDC *TestUSDC) UnpackApprove(data []byte) (bool, error) {
	out, err := testUSDC.abi.Unpack("approve", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackMint is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x40c10f19.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function mint(address to, uint256 value) returns()
func (testUSDC *TestUSDC) PackMint(to common.Address, value *big.Int) []byte {
	enc, err := testUSDC.abi.Pack("mint", to, value)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackMint is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x40c10f19.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function mint(address to, uint256 value) returns()
func (testUSDC *TestUSDC) TryPackMint(to common.Address, value *big.Int) ([]byte, error) {
	return testUSDC.abi.Pack("mint", to, value)
}

// PackPermit is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xd505accf.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) returns()
func (testUSDC *TestUSDC) PackPermit(owner common.Address, spender common.Address, value *big.Int, deadline *big.Int, v uint8, r [32]byte, s [32]byte) []byte {
	enc, err := testUSDC.abi.Pack("permit", owner, spender, value, deadline, v, r, s)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackPermit is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xd505accf.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s) returns()
func (testUSDC *TestUSDC) TryPackPermit(owner common.Address, spender common.Address, value *big.Int, deadline *big.Int, v uint8, r [32]byte, s [32]byte) ([]byte, error) {
	return testUSDC.abi.Pack("permit", owner, spender, value, deadline, v, r, s)
}

// PackReceiveWithAuthorization is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x88b7ab63.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function receiveWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, bytes signature) returns()
func (testUSDC *TestUSDC) PackReceiveWithAuthorization(from common.Address, to common.Address, value *big.Int, validAfter *big.Int, validBefore *big.Int, nonce [32]byte, signature []byte) []byte {
	enc, err := testUSDC.abi.Pack("receiveWithAuthorization", from, to, value, validAfter, validBefore, nonce, signature)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackReceiveWithAuthorization is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x88b7ab63.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function receiveWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, bytes signature) returns()
func (testUSDC *TestUSDC) TryPackReceiveWithAuthorization(from common.Address, to common.Address, value *big.Int, validAfter *big.Int, validBefore *big.Int, nonce [32]byte, signature []byte) ([]byte, error) {
	return testUSDC.abi.Pack("receiveWithAuthorization", from, to, value, validAfter, validBefore, nonce, signature)
}

// PackReceiveWithAuthorization0 is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xef55bec6.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function receiveWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, uint8 v, bytes32 r, bytes32 s) returns()
func (testUSDC *TestUSDC) PackReceiveWithAuthorization0(from common.Address, to common.Address, value *big.Int, validAfter *big.Int, validBefore *big.Int, nonce [32]byte, v uint8, r [32]byte, s [32]byte) []byte {
	enc, err := testUSDC.abi.Pack("receiveWithAuthorization0", from, to, value, validAfter, validBefore, nonce, v, r, s)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackReceiveWithAuthorization0 is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xef55bec6.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function receiveWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, uint8 v, bytes32 r, bytes32 s) returns()
func (testUSDC *TestUSDC) TryPackReceiveWithAuthorization0(from common.Address, to common.Address, value *big.Int, validAfter *big.Int, validBefore *big.Int, nonce [32]byte, v uint8, r [32]byte, s [32]byte) ([]byte, error) {
	return testUSDC.abi.Pack("receiveWithAuthorization0", from, to, value, validAfter, validBefore, nonce, v, r, s)
}

// PackTransfer is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa9059cbb.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function transfer(address to, uint256 value) returns(bool)
func (testUSDC *TestUSDC) PackTransfer(to common.Address, value *big.Int) []byte {
	enc, err := testUSDC.abi.Pack("transfer", to, value)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTransfer is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa9059cbb.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function transfer(address to, uint256 value) returns(bool)
func (testUSDC *TestUSDC) TryPackTransfer(to common.Address, value *big.Int) ([]byte, error) {
	return testUSDC.abi.Pack("transfer", to, value)
}

// UnpackTransfer is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xa9059cbb.
//
// Solidity: function transfer(address to, uint256 value) returns(bool)
func (testUSDC *TestUSDC) UnpackTransfer(data []byte) (bool, error) {
	out, err := testUSDC.abi.Unpack("transfer", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackTransferFrom is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x23b872dd.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function transferFrom(address from, address to, uint256 value) returns(bool)
func (testUSDC *TestUSDC) PackTransferFrom(from common.Address, to common.Address, value *big.Int) []byte {
	enc, err := testUSDC.abi.Pack("transferFrom", from, to, value)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTransferFrom is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x23b872dd.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function transferFrom(address from, address to, uint256 value) returns(bool)
func (testUSDC *TestUSDC) TryPackTransferFrom(from common.Address, to common.Address, value *big.Int) ([]byte, error) {
	return testUSDC.abi.Pack("transferFrom", from, to, value)
}

// UnpackTransferFrom is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x23b872dd.
//
// Solidity: function transferFrom(address from, address to, uint256 value) returns(bool)
func (testUSDC *TestUSDC) UnpackTransferFrom(data []byte) (bool, error) {
	out, err := testUSDC.abi.Unpack("transferFrom", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackTransferWithAuthorization is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xcf092995.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, bytes signature) returns()
func (testUSDC *TestUSDC) PackTransferWithAuthorization(from common.Address, to common.Address, value *big.Int, validAfter *big.Int, validBefore *big.Int, nonce [32]byte, signature []byte) []byte {
	enc, err := testUSDC.abi.Pack("transferWithAuthorization", from, to, value, validAfter, validBefore, nonce, signature)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTransferWithAuthorization is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xcf092995.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, bytes signature) returns()
func (testUSDC *TestUSDC) TryPackTransferWithAuthorization(from common.Address, to common.Address, value *big.Int, validAfter *big.Int, validBefore *big.Int, nonce [32]byte, signature []byte) ([]byte, error) {
	return testUSDC.abi.Pack("transferWithAuthorization", from, to, value, validAfter, validBefore, nonce, signature)
}

// PackTransferWithAuthorization0 is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe3ee160e.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, uint8 v, bytes32 r, bytes32 s) returns()
func (testUSDC *TestUSDC) PackTransferWithAuthorization0(from common.Address, to common.Address, value *big.Int, validAfter *big.Int, validBefore *big.Int, nonce [32]byte, v uint8, r [32]byte, s [32]byte) []byte {
	enc, err := testUSDC.abi.Pack("transferWithAuthorization0", from, to, value, validAfter, validBefore, nonce, v, r, s)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTransferWithAuthorization0 is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe3ee160e.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, uint8 v, bytes32 r, bytes32 s) returns()
func (testUSDC *TestUSDC) TryPackTransferWithAuthorization0(from common.Address, to common.Address, value *big.Int, validAfter *big.Int, validBefore *big.Int, nonce [32]byte, v uint8, r [32]byte, s [32]byte) ([]byte, error) {
	return testUSDC.abi.Pack("transferWithAuthorization0", from, to, value, validAfter, validBefore, nonce, v, r, s)
}
