// Code generated via abigen V2 - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package permit2

import (
	"math/big"

	"github.com/ethereum/go-ethereum/common"
)

// PackApprove is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x87517c45.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function approve(address token, address spender, uint160 amount, uint48 expiration) returns()
func (permit2 *Permit2) PackApprove(token common.Address, spender common.Address, amount *big.Int, expiration *big.Int) []byte {
	enc, err := permit2.abi.Pack("approve", token, spender, amount, expiration)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackApprove is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x87517c45.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function approve(address token, address spender, uint160 amount, uint48 expiration) returns()
func (permit2 *Permit2) TryPackApprove(token common.Address, spender common.Address, amount *big.Int, expiration *big.Int) ([]byte, error) {
	return permit2.abi.Pack("approve", token, spender, amount, expiration)
}

// PackInvalidateNonces is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x65d9723c.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function invalidateNonces(address token, address spender, uint48 newNonce) returns()
func (permit2 *Permit2) PackInvalidateNonces(token common.Address, spender common.Address, newNonce *big.Int) []byte {
	enc, err := permit2.abi.Pack("invalidateNonces", token, spender, newNonce)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackInvalidateNonces is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x65d9723c.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function invalidateNonces(address token, address spender, uint48 newNonce) returns()
func (permit2 *Permit2) TryPackInvalidateNonces(token common.Address, spender common.Address, newNonce *big.Int) ([]byte, error) {
	return permit2.abi.Pack("invalidateNonces", token, spender, newNonce)
}

// PackInvalidateUnorderedNonces is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x3ff9dcb1.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function invalidateUnorderedNonces(uint256 wordPos, uint256 mask) returns()
func (permit2 *Permit2) PackInvalidateUnorderedNonces(wordPos *big.Int, mask *big.Int) []byte {
	enc, err := permit2.abi.Pack("invalidateUnorderedNonces", wordPos, mask)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackInvalidateUnorderedNonces is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x3ff9dcb1.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function invalidateUnorderedNonces(uint256 wordPos, uint256 mask) returns()
func (permit2 *Permit2) TryPackInvalidateUnorderedNonces(wordPos *big.Int, mask *big.Int) ([]byte, error) {
	return permit2.abi.Pack("invalidateUnorderedNonces", wordPos, mask)
}

// PackLockdown is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xcc53287f.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function lockdown((address,address)[] approvals) returns()
func (permit2 *Permit2) PackLockdown(approvals []IAllowanceTransferTokenSpenderPair) []byte {
	enc, err := permit2.abi.Pack("lockdown", approvals)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackLockdown is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xcc53287f.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function lockdown((address,address)[] approvals) returns()
func (permit2 *Permit2) TryPackLockdown(approvals []IAllowanceTransferTokenSpenderPair) ([]byte, error) {
	return permit2.abi.Pack("lockdown", approvals)
}

// PackPermit is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x2a2d80d1.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function permit(address owner, ((address,uint160,uint48,uint48)[],address,uint256) permitBatch, bytes signature) returns()
func (permit2 *Permit2) PackPermit(owner common.Address, permitBatch IAllowanceTransferPermitBatch, signature []byte) []byte {
	enc, err := permit2.abi.Pack("permit", owner, permitBatch, signature)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackPermit is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x2a2d80d1.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function permit(address owner, ((address,uint160,uint48,uint48)[],address,uint256) permitBatch, bytes signature) returns()
func (permit2 *Permit2) TryPackPermit(owner common.Address, permitBatch IAllowanceTransferPermitBatch, signature []byte) ([]byte, error) {
	return permit2.abi.Pack("permit", owner, permitBatch, signature)
}

// PackPermit0 is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x2b67b570.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function permit(address owner, ((address,uint160,uint48,uint48),address,uint256) permitSingle, bytes signature) returns()
func (permit2 *Permit2) PackPermit0(owner common.Address, permitSingle IAllowanceTransferPermitSingle, signature []byte) []byte {
	enc, err := permit2.abi.Pack("permit0", owner, permitSingle, signature)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackPermit0 is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x2b67b570.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function permit(address owner, ((address,uint160,uint48,uint48),address,uint256) permitSingle, bytes signature) returns()
func (permit2 *Permit2) TryPackPermit0(owner common.Address, permitSingle IAllowanceTransferPermitSingle, signature []byte) ([]byte, error) {
	return permit2.abi.Pack("permit0", owner, permitSingle, signature)
}

// PackPermitTransferFrom is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x30f28b7a.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function permitTransferFrom(((address,uint256),uint256,uint256) permit, (address,uint256) transferDetails, address owner, bytes signature) returns()
func (permit2 *Permit2) PackPermitTransferFrom(permit ISignatureTransferPermitTransferFrom, transferDetails ISignatureTransferSignatureTransferDetails, owner common.Address, signature []byte) []byte {
	enc, err := permit2.abi.Pack("permitTransferFrom", permit, transferDetails, owner, signature)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackPermitTransferFrom is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x30f28b7a.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function permitTransferFrom(((address,uint256),uint256,uint256) permit, (address,uint256) transferDetails, address owner, bytes signature) returns()
func (permit2 *Permit2) TryPackPermitTransferFrom(permit ISignatureTransferPermitTransferFrom, transferDetails ISignatureTransferSignatureTransferDetails, owner common.Address, signature []byte) ([]byte, error) {
	return permit2.abi.Pack("permitTransferFrom", permit, transferDetails, owner, signature)
}

// PackPermitTransferFrom0 is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xedd9444b.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function permitTransferFrom(((address,uint256)[],uint256,uint256) permit, (address,uint256)[] transferDetails, address owner, bytes signature) returns()
func (permit2 *Permit2) PackPermitTransferFrom0(permit ISignatureTransferPermitBatchTransferFrom, transferDetails []ISignatureTransferSignatureTransferDetails, owner common.Address, signature []byte) []byte {
	enc, err := permit2.abi.Pack("permitTransferFrom0", permit, transferDetails, owner, signature)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackPermitTransferFrom0 is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xedd9444b.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function permitTransferFrom(((address,uint256)[],uint256,uint256) permit, (address,uint256)[] transferDetails, address owner, bytes signature) returns()
func (permit2 *Permit2) TryPackPermitTransferFrom0(permit ISignatureTransferPermitBatchTransferFrom, transferDetails []ISignatureTransferSignatureTransferDetails, owner common.Address, signature []byte) ([]byte, error) {
	return permit2.abi.Pack("permitTransferFrom0", permit, transferDetails, owner, signature)
}

// PackPermitWitnessTransferFrom is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x137c29fe.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function permitWitnessTransferFrom(((address,uint256),uint256,uint256) permit, (address,uint256) transferDetails, address owner, bytes32 witness, string witnessTypeString, bytes signature) returns()
func (permit2 *Permit2) PackPermitWitnessTransferFrom(permit ISignatureTransferPermitTransferFrom, transferDetails ISignatureTransferSignatureTransferDetails, owner common.Address, witness [32]byte, witnessTypeString string, signature []byte) []byte {
	enc, err := permit2.abi.Pack("permitWitnessTransferFrom", permit, transferDetails, owner, witness, witnessTypeString, signature)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackPermitWitnessTransferFrom is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x137c29fe.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function permitWitnessTransferFrom(((address,uint256),uint256,uint256) permit, (address,uint256) transferDetails, address owner, bytes32 witness, string witnessTypeString, bytes signature) returns()
func (permit2 *Permit2) TryPackPermitWitnessTransferFrom(permit ISignatureTransferPermitTransferFrom, transferDetails ISignatureTransferSignatureTransferDetails, owner common.Address, witness [32]byte, witnessTypeString string, signature []byte) ([]byte, error) {
	return permit2.abi.Pack("permitWitnessTransferFrom", permit, transferDetails, owner, witness, witnessTypeString, signature)
}

// PackPermitWitnessTransferFrom0 is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xfe8ec1a7.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function permitWitnessTransferFrom(((address,uint256)[],uint256,uint256) permit, (address,uint256)[] transferDetails, address owner, bytes32 witness, string witnessTypeString, bytes signature) returns()
func (permit2 *Permit2) PackPermitWitnessTransferFrom0(permit ISignatureTransferPermitBatchTransferFrom, transferDetails []ISignatureTransferSignatureTransferDetails, owner common.Address, witness [32]byte, witnessTypeString string, signature []byte) []byte {
	enc, err := permit2.abi.Pack("permitWitnessTransferFrom0", permit, transferDetails, owner, witness, witnessTypeString, signature)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackPermitWitnessTransferFrom0 is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xfe8ec1a7.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function permitWitnessTransferFrom(((address,uint256)[],uint256,uint256) permit, (address,uint256)[] transferDetails, address owner, bytes32 witness, string witnessTypeString, bytes signature) returns()
func (permit2 *Permit2) TryPackPermitWitnessTransferFrom0(permit ISignatureTransferPermitBatchTransferFrom, transferDetails []ISignatureTransferSignatureTransferDetails, owner common.Address, witness [32]byte, witnessTypeString string, signature []byte) ([]byte, error) {
	return permit2.abi.Pack("permitWitnessTransferFrom0", permit, transferDetails, owner, witness, witnessTypeString, signature)
}

// PackTransferFrom is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x0d58b1db.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function transferFrom((address,address,uint160,address)[] transferDetails) returns()
func (permit2 *Permit2) PackTransferFrom(transferDetails []IAllowanceTransferAllowanceTransferDetails) []byte {
	enc, err := permit2.abi.Pack("transferFrom", transferDetails)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTransferFrom is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x0d58b1db.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function transferFrom((address,address,uint160,address)[] transferDetails) returns()
func (permit2 *Permit2) TryPackTransferFrom(transferDetails []IAllowanceTransferAllowanceTransferDetails) ([]byte, error) {
	return permit2.abi.Pack("transferFrom", transferDetails)
}

// PackTransferFrom0 is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x36c78516.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function transferFrom(address from, address to, uint160 amount, address token) returns()
func (permit2 *Permit2) PackTransferFrom0(from common.Address, to common.Address, amount *big.Int, token common.Address) []byte {
	enc, err := permit2.abi.Pack("transferFrom0", from, to, amount, token)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTransferFrom0 is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x36c78516.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function transferFrom(address from, address to, uint160 amount, address token) returns()
func (permit2 *Permit2) TryPackTransferFrom0(from common.Address, to common.Address, amount *big.Int, token common.Address) ([]byte, error) {
	return permit2.abi.Pack("transferFrom0", from, to, amount, token)
}
