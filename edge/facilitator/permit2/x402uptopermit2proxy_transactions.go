// Code generated via abigen V2 - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package permit2

import (
	"math/big"

	"github.com/ethereum/go-ethereum/common"
)

// PackConstructor is the Go binding used to pack the parameters required for
// contract deployment.
//
// Solidity: constructor(address _permit2) returns()
func (x402UptoPermit2Proxy *X402UptoPermit2Proxy) PackConstructor(_permit2 common.Address) []byte {
	enc, err := x402UptoPermit2Proxy.abi.Pack("", _permit2)
	if err != nil {
		panic(err)
	}
	return enc
}

// PackSettle is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xff11e7b4.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function settle(((address,uint256),uint256,uint256) permit, uint256 amount, address owner, (address,address,uint256) witness, bytes signature) returns()
func (x402UptoPermit2Proxy *X402UptoPermit2Proxy) PackSettle(permit ISignatureTransferPermitTransferFrom, amount *big.Int, owner common.Address, witness X402UptoPermit2ProxyWitness, signature []byte) []byte {
	enc, err := x402UptoPermit2Proxy.abi.Pack("settle", permit, amount, owner, witness, signature)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSettle is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xff11e7b4.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function settle(((address,uint256),uint256,uint256) permit, uint256 amount, address owner, (address,address,uint256) witness, bytes signature) returns()
func (x402UptoPermit2Proxy *X402UptoPermit2Proxy) TryPackSettle(permit ISignatureTransferPermitTransferFrom, amount *big.Int, owner common.Address, witness X402UptoPermit2ProxyWitness, signature []byte) ([]byte, error) {
	return x402UptoPermit2Proxy.abi.Pack("settle", permit, amount, owner, witness, signature)
}

// PackSettleWithPermit is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x016c1748.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function settleWithPermit((uint256,uint256,bytes32,bytes32,uint8) permit2612, ((address,uint256),uint256,uint256) permit, uint256 amount, address owner, (address,address,uint256) witness, bytes signature) returns()
func (x402UptoPermit2Proxy *X402UptoPermit2Proxy) PackSettleWithPermit(permit2612 X402BasePermit2ProxyEIP2612Permit, permit ISignatureTransferPermitTransferFrom, amount *big.Int, owner common.Address, witness X402UptoPermit2ProxyWitness, signature []byte) []byte {
	enc, err := x402UptoPermit2Proxy.abi.Pack("settleWithPermit", permit2612, permit, amount, owner, witness, signature)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSettleWithPermit is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x016c1748.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function settleWithPermit((uint256,uint256,bytes32,bytes32,uint8) permit2612, ((address,uint256),uint256,uint256) permit, uint256 amount, address owner, (address,address,uint256) witness, bytes signature) returns()
func (x402UptoPermit2Proxy *X402UptoPermit2Proxy) TryPackSettleWithPermit(permit2612 X402BasePermit2ProxyEIP2612Permit, permit ISignatureTransferPermitTransferFrom, amount *big.Int, owner common.Address, witness X402UptoPermit2ProxyWitness, signature []byte) ([]byte, error) {
	return x402UptoPermit2Proxy.abi.Pack("settleWithPermit", permit2612, permit, amount, owner, witness, signature)
}
