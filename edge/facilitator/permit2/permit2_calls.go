// Code generated via abigen V2 - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package permit2

import (
	"math/big"

	"github.com/ethereum/go-ethereum/accounts/abi"

	"github.com/ethereum/go-ethereum/common"
)

// PackDOMAINSEPARATOR is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x3644e515.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function DOMAIN_SEPARATOR() view returns(bytes32)
func (permit2 *Permit2) PackDOMAINSEPARATOR() []byte {
	enc, err := permit2.abi.Pack("DOMAIN_SEPARATOR")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackDOMAINSEPARATOR is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x3644e515.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function DOMAIN_SEPARATOR() view returns(bytes32)
func (permit2 *Permit2) TryPackDOMAINSEPARATOR() ([]byte, error) {
	return permit2.abi.Pack("DOMAIN_SEPARATOR")
}

// UnpackDOMAINSEPARATOR is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x3644e515.
//
// Solidity: function DOMAIN_SEPARATOR() view returns(bytes32)
func (permit2 *Permit2) UnpackDOMAINSEPARATOR(data []byte) ([32]byte, error) {
	out, err := permit2.abi.Unpack("DOMAIN_SEPARATOR", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackAllowance is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x927da105.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function allowance(address , address , address ) view returns(uint160 amount, uint48 expiration, uint48 nonce)
func (permit2 *Permit2) PackAllowance(arg0 common.Address, arg1 common.Address, arg2 common.Address) []byte {
	enc, err := permit2.abi.Pack("allowance", arg0, arg1, arg2)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackAllowance is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x927da105.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function allowance(address , address , address ) view returns(uint160 amount, uint48 expiration, uint48 nonce)
func (permit2 *Permit2) TryPackAllowance(arg0 common.Address, arg1 common.Address, arg2 common.Address) ([]byte, error) {
	return permit2.abi.Pack("allowance", arg0, arg1, arg2)
}

// AllowanceOutput serves as a container for the return parameters of contract
// method Allowance.
type AllowanceOutput struct {
	Amount     *big.Int
	Expiration *big.Int
	Nonce      *big.Int
}

// UnpackAllowance is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x927da105.
//
// Solidity: function allowance(address , address , address ) view returns(uint160 amount, uint48 expiration, uint48 nonce)
func (permit2 *Permit2) UnpackAllowance(data []byte) (AllowanceOutput, error) {
	out, err := permit2.abi.Unpack("allowance", data)
	outstruct := new(AllowanceOutput)
	if err != nil {
		return *outstruct, err
	}
	outstruct.Amount = abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	outstruct.Expiration = abi.ConvertType(out[1], new(big.Int)).(*big.Int)
	outstruct.Nonce = abi.ConvertType(out[2], new(big.Int)).(*big.Int)
	return *outstruct, nil
}

// PackNonceBitmap is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x4fe02b44.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function nonceBitmap(address , uint256 ) view returns(uint256)
func (permit2 *Permit2) PackNonceBitmap(arg0 common.Address, arg1 *big.Int) []byte {
	enc, err := permit2.abi.Pack("nonceBitmap", arg0, arg1)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackNonceBitmap is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x4fe02b44.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function nonceBitmap(address , uint256 ) view returns(uint256)
func (permit2 *Permit2) TryPackNonceBitmap(arg0 common.Address, arg1 *big.Int) ([]byte, error) {
	return permit2.abi.Pack("nonceBitmap", arg0, arg1)
}

// UnpackNonceBitmap is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x4fe02b44.
//
// Solidity: function nonceBitmap(address , uint256 ) view returns(uint256)
func (permit2 *Permit2) UnpackNonceBitmap(data []byte) (*big.Int, error) {
	out, err := permit2.abi.Unpack("nonceBitmap", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}
