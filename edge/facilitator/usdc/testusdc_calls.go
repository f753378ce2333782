// Code generated via abigen V2 - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package usdc

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
func (testUSDC *TestUSDC) PackDOMAINSEPARATOR() []byte {
	enc, err := testUSDC.abi.Pack("DOMAIN_SEPARATOR")
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
func (testUSDC *TestUSDC) TryPackDOMAINSEPARATOR() ([]byte, error) {
	return testUSDC.abi.Pack("DOMAIN_SEPARATOR")
}

// UnpackDOMAINSEPARATOR is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x3644e515.
//
// Solidity: function DOMAIN_SEPARATOR() view returns(bytes32)
func (testUSDC *TestUSDC) UnpackDOMAINSEPARATOR(data []byte) ([32]byte, error) {
	out, err := testUSDC.abi.Unpack("DOMAIN_SEPARATOR", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackPERMITTYPEHASH is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x30adf81f.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function PERMIT_TYPEHASH() view returns(bytes32)
func (testUSDC *TestUSDC) PackPERMITTYPEHASH() []byte {
	enc, err := testUSDC.abi.Pack("PERMIT_TYPEHASH")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackPERMITTYPEHASH is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x30adf81f.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function PERMIT_TYPEHASH() view returns(bytes32)
func (testUSDC *TestUSDC) TryPackPERMITTYPEHASH() ([]byte, error) {
	return testUSDC.abi.Pack("PERMIT_TYPEHASH")
}

// UnpackPERMITTYPEHASH is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x30adf81f.
//
// Solidity: function PERMIT_TYPEHASH() view returns(bytes32)
func (testUSDC *TestUSDC) UnpackPERMITTYPEHASH(data []byte) ([32]byte, error) {
	out, err := testUSDC.abi.Unpack("PERMIT_TYPEHASH", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackRECEIVEWITHAUTHORIZATIONTYPEHASH is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x7f2eecc3.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function RECEIVE_WITH_AUTHORIZATION_TYPEHASH() view returns(bytes32)
func (testUSDC *TestUSDC) PackRECEIVEWITHAUTHORIZATIONTYPEHASH() []byte {
	enc, err := testUSDC.abi.Pack("RECEIVE_WITH_AUTHORIZATION_TYPEHASH")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackRECEIVEWITHAUTHORIZATIONTYPEHASH is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x7f2eecc3.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function RECEIVE_WITH_AUTHORIZATION_TYPEHASH() view returns(bytes32)
func (testUSDC *TestUSDC) TryPackRECEIVEWITHAUTHORIZATIONTYPEHASH() ([]byte, error) {
	return testUSDC.abi.Pack("RECEIVE_WITH_AUTHORIZATION_TYPEHASH")
}

// UnpackRECEIVEWITHAUTHORIZATIONTYPEHASH is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x7f2eecc3.
//
// Solidity: function RECEIVE_WITH_AUTHORIZATION_TYPEHASH() view returns(bytes32)
func (testUSDC *TestUSDC) UnpackRECEIVEWITHAUTHORIZATIONTYPEHASH(data []byte) ([32]byte, error) {
	out, err := testUSDC.abi.Unpack("RECEIVE_WITH_AUTHORIZATION_TYPEHASH", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackTRANSFERWITHAUTHORIZATIONTYPEHASH is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa0cc6a68.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function TRANSFER_WITH_AUTHORIZATION_TYPEHASH() view returns(bytes32)
func (testUSDC *TestUSDC) PackTRANSFERWITHAUTHORIZATIONTYPEHASH() []byte {
	enc, err := testUSDC.abi.Pack("TRANSFER_WITH_AUTHORIZATION_TYPEHASH")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTRANSFERWITHAUTHORIZATIONTYPEHASH is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa0cc6a68.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function TRANSFER_WITH_AUTHORIZATION_TYPEHASH() view returns(bytes32)
func (testUSDC *TestUSDC) TryPackTRANSFERWITHAUTHORIZATIONTYPEHASH() ([]byte, error) {
	return testUSDC.abi.Pack("TRANSFER_WITH_AUTHORIZATION_TYPEHASH")
}

// UnpackTRANSFERWITHAUTHORIZATIONTYPEHASH is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xa0cc6a68.
//
// Solidity: function TRANSFER_WITH_AUTHORIZATION_TYPEHASH() view returns(bytes32)
func (testUSDC *TestUSDC) UnpackTRANSFERWITHAUTHORIZATIONTYPEHASH(data []byte) ([32]byte, error) {
	out, err := testUSDC.abi.Unpack("TRANSFER_WITH_AUTHORIZATION_TYPEHASH", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackAllowance is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xdd62ed3e.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function allowance(address , address ) view returns(uint256)
func (testUSDC *TestUSDC) PackAllowance(arg0 common.Address, arg1 common.Address) []byte {
	enc, err := testUSDC.abi.Pack("allowance", arg0, arg1)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackAllowance is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xdd62ed3e.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function allowance(address , address ) view returns(uint256)
func (testUSDC *TestUSDC) TryPackAllowance(arg0 common.Address, arg1 common.Address) ([]byte, error) {
	return testUSDC.abi.Pack("allowance", arg0, arg1)
}

// UnpackAllowance is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xdd62ed3e.
//
// Solidity: function allowance(address , address ) view returns(uint256)
func (testUSDC *TestUSDC) UnpackAllowance(data []byte) (*big.Int, error) {
	out, err := testUSDC.abi.Unpack("allowance", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackAuthorizationState is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe94a0102.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function authorizationState(address , bytes32 ) view returns(bool)
func (testUSDC *TestUSDC) PackAuthorizationState(arg0 common.Address, arg1 [32]byte) []byte {
	enc, err := testUSDC.abi.Pack("authorizationState", arg0, arg1)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackAuthorizationState is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe94a0102.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function authorizationState(address , bytes32 ) view returns(bool)
func (testUSDC *TestUSDC) TryPackAuthorizationState(arg0 common.Address, arg1 [32]byte) ([]byte, error) {
	return testUSDC.abi.Pack("authorizationState", arg0, arg1)
}

// UnpackAuthorizationState is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xe94a0102.
//
// Solidity: function authorizationState(address , bytes32 ) view returns(bool)
func (testUSDC *TestUSDC) UnpackAuthorizationState(data []byte) (bool, error) {
	out, err := testUSDC.abi.Unpack("authorizationState", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackBalanceOf is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x70a08231.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function balanceOf(address ) view returns(uint256)
func (testUSDC *TestUSDC) PackBalanceOf(arg0 common.Address) []byte {
	enc, err := testUSDC.abi.Pack("balanceOf", arg0)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackBalanceOf is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x70a08231.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function balanceOf(address ) view returns(uint256)
func (testUSDC *TestUSDC) TryPackBalanceOf(arg0 common.Address) ([]byte, error) {
	return testUSDC.abi.Pack("balanceOf", arg0)
}

// UnpackBalanceOf is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x70a08231.
//
// Solidity: function balanceOf(address ) view returns(uint256)
func (testUSDC *TestUSDC) UnpackBalanceOf(data []byte) (*big.Int, error) {
	out, err := testUSDC.abi.Unpack("balanceOf", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackDecimals is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x313ce567.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function decimals() view returns(uint8)
func (testUSDC *TestUSDC) PackDecimals() []byte {
	enc, err := testUSDC.abi.Pack("decimals")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackDecimals is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x313ce567.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function decimals() view returns(uint8)
func (testUSDC *TestUSDC) TryPackDecimals() ([]byte, error) {
	return testUSDC.abi.Pack("decimals")
}

// UnpackDecimals is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x313ce567.
//
// Solidity: function decimals() view returns(uint8)
func (testUSDC *TestUSDC) UnpackDecimals(data []byte) (uint8, error) {
	out, err := testUSDC.abi.Unpack("decimals", data)
	if err != nil {
		return *new(uint8), err
	}
	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)
	return out0, nil
}

// PackMinter is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x07546172.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function minter() view returns(address)
func (testUSDC *TestUSDC) PackMinter() []byte {
	enc, err := testUSDC.abi.Pack("minter")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackMinter is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x07546172.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function minter() view returns(address)
func (testUSDC *TestUSDC) TryPackMinter() ([]byte, error) {
	return testUSDC.abi.Pack("minter")
}

// UnpackMinter is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x07546172.
//
// Solidity: function minter() view returns(address)
func (testUSDC *TestUSDC) UnpackMinter(data []byte) (common.Address, error) {
	out, err := testUSDC.abi.Unpack("minter", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// PackName is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x06fdde03.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function name() view returns(string)
func (testUSDC *TestUSDC) PackName() []byte {
	enc, err := testUSDC.abi.Pack("name")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackName is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x06fdde03.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function name() view returns(string)
func (testUSDC *TestUSDC) TryPackName() ([]byte, error) {
	return testUSDC.abi.Pack("name")
}

// UnpackName is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x06fdde03.
//
// Solidity: function name() view returns(string)
func (testUSDC *TestUSDC) UnpackName(data []byte) (string, error) {
	out, err := testUSDC.abi.Unpack("name", data)
	if err != nil {
		return *new(string), err
	}
	out0 := *abi.ConvertType(out[0], new(string)).(*string)
	return out0, nil
}

// PackNonces is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x7ecebe00.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function nonces(address ) view returns(uint256)
func (testUSDC *TestUSDC) PackNonces(arg0 common.Address) []byte {
	enc, err := testUSDC.abi.Pack("nonces", arg0)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackNonces is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x7ecebe00.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function nonces(address ) view returns(uint256)
func (testUSDC *TestUSDC) TryPackNonces(arg0 common.Address) ([]byte, error) {
	return testUSDC.abi.Pack("nonces", arg0)
}

// UnpackNonces is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x7ecebe00.
//
// Solidity: function nonces(address ) view returns(uint256)
func (testUSDC *TestUSDC) UnpackNonces(data []byte) (*big.Int, error) {
	out, err := testUSDC.abi.Unpack("nonces", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackSymbol is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x95d89b41.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function symbol() view returns(string)
func (testUSDC *TestUSDC) PackSymbol() []byte {
	enc, err := testUSDC.abi.Pack("symbol")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSymbol is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x95d89b41.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function symbol() view returns(string)
func (testUSDC *TestUSDC) TryPackSymbol() ([]byte, error) {
	return testUSDC.abi.Pack("symbol")
}

// UnpackSymbol is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x95d89b41.
//
// Solidity: function symbol() view returns(string)
func (testUSDC *TestUSDC) UnpackSymbol(data []byte) (string, error) {
	out, err := testUSDC.abi.Unpack("symbol", data)
	if err != nil {
		return *new(string), err
	}
	out0 := *abi.ConvertType(out[0], new(string)).(*string)
	return out0, nil
}

// PackTotalSupply is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x18160ddd.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function totalSupply() view returns(uint256)
func (testUSDC *TestUSDC) PackTotalSupply() []byte {
	enc, err := testUSDC.abi.Pack("totalSupply")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTotalSupply is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x18160ddd.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function totalSupply() view returns(uint256)
func (testUSDC *TestUSDC) TryPackTotalSupply() ([]byte, error) {
	return testUSDC.abi.Pack("totalSupply")
}

// UnpackTotalSupply is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x18160ddd.
//
// Solidity: function totalSupply() view returns(uint256)
func (testUSDC *TestUSDC) UnpackTotalSupply(data []byte) (*big.Int, error) {
	out, err := testUSDC.abi.Unpack("totalSupply", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackVersion is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x54fd4d50.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function version() view returns(string)
func (testUSDC *TestUSDC) PackVersion() []byte {
	enc, err := testUSDC.abi.Pack("version")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackVersion is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x54fd4d50.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function version() view returns(string)
func (testUSDC *TestUSDC) TryPackVersion() ([]byte, error) {
	return testUSDC.abi.Pack("version")
}

// UnpackVersion is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x54fd4d50.
//
// Solidity: function version() view returns(string)
func (testUSDC *TestUSDC) UnpackVersion(data []byte) (string, error) {
	out, err := testUSDC.abi.Unpack("version", data)
	if err != nil {
		return *new(string), err
	}
	out0 := *abi.ConvertType(out[0], new(string)).(*string)
	return out0, nil
}
