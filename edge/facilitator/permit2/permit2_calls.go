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

// PackConstructor is the Go binding used to pack the parameters required for
// contract deployment.
//
// Solidity: constructor(address _permit2) returns()
func (x402ExactPermit2Proxy *X402ExactPermit2Proxy) PackConstructor(_permit2 common.Address) []byte {
	enc, err := x402ExactPermit2Proxy.abi.Pack("", _permit2)
	if err != nil {
		panic(err)
	}
	return enc
}

// PackPERMIT2 is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x6afdd850.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function PERMIT2() view returns(address)
func (x402ExactPermit2Proxy *X402ExactPermit2Proxy) PackPERMIT2() []byte {
	enc, err := x402ExactPermit2Proxy.abi.Pack("PERMIT2")
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
func (x402ExactPermit2Proxy *X402ExactPermit2Proxy) TryPackPERMIT2() ([]byte, error) {
	return x402ExactPermit2Proxy.abi.Pack("PERMIT2")
}

// UnpackPERMIT2 is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x6afdd850.
//
// Solidity: function PERMIT2() view returns(address)
func (x402ExactPermit2Proxy *X402ExactPermit2Proxy) UnpackPERMIT2(data []byte) (common.Address, error) {
	out, err := x402ExactPermit2Proxy.abi.Unpack("PERMIT2", data)
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
func (x402ExactPermit2Proxy *X402ExactPermit2Proxy) PackWITNESSTYPEHASH() []byte {
	enc, err := x402ExactPermit2Proxy.abi.Pack("WITNESS_TYPEHASH")
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
func (x402ExactPermit2Proxy *X402ExactPermit2Proxy) TryPackWITNESSTYPEHASH() ([]byte, error) {
	return x402ExactPermit2Proxy.abi.Pack("WITNESS_TYPEHASH")
}

// UnpackWITNESSTYPEHASH is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x2c03ae6a.
//
// Solidity: function WITNESS_TYPEHASH() view returns(bytes32)
func (x402ExactPermit2Proxy *X402ExactPermit2Proxy) UnpackWITNESSTYPEHASH(data []byte) ([32]byte, error) {
	out, err := x402ExactPermit2Proxy.abi.Unpack("WITNESS_TYPEHASH", data)
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
func (x402ExactPermit2Proxy *X402ExactPermit2Proxy) PackWITNESSTYPESTRING() []byte {
	enc, err := x402ExactPermit2Proxy.abi.Pack("WITNESS_TYPE_STRING")
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
func (x402ExactPermit2Proxy *X402ExactPermit2Proxy) TryPackWITNESSTYPESTRING() ([]byte, error) {
	return x402ExactPermit2Proxy.abi.Pack("WITNESS_TYPE_STRING")
}

// UnpackWITNESSTYPESTRING is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x156e2152.
//
// Solidity: function WITNESS_TYPE_STRING() view returns(string)
func (x402ExactPermit2Proxy *X402ExactPermit2Proxy) UnpackWITNESSTYPESTRING(data []byte) (string, error) {
	out, err := x402ExactPermit2Proxy.abi.Unpack("WITNESS_TYPE_STRING", data)
	if err != nil {
		return *new(string), err
	}
	out0 := *abi.ConvertType(out[0], new(string)).(*string)
	return out0, nil
}

// PackSettle is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x13cd3b53.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function settle(((address,uint256),uint256,uint256) permit, address owner, (address,uint256) witness, bytes signature) returns()
func (x402ExactPermit2Proxy *X402ExactPermit2Proxy) PackSettle(permit ISignatureTransferPermitTransferFrom, owner common.Address, witness X402ExactPermit2ProxyWitness, signature []byte) []byte {
	enc, err := x402ExactPermit2Proxy.abi.Pack("settle", permit, owner, witness, signature)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSettle is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x13cd3b53.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function settle(((address,uint256),uint256,uint256) permit, address owner, (address,uint256) witness, bytes signature) returns()
func (x402ExactPermit2Proxy *X402ExactPermit2Proxy) TryPackSettle(permit ISignatureTransferPermitTransferFrom, owner common.Address, witness X402ExactPermit2ProxyWitness, signature []byte) ([]byte, error) {
	return x402ExactPermit2Proxy.abi.Pack("settle", permit, owner, witness, signature)
}

// PackSettleWithPermit is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xfa340378.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function settleWithPermit((uint256,uint256,bytes32,bytes32,uint8) permit2612, ((address,uint256),uint256,uint256) permit, address owner, (address,uint256) witness, bytes signature) returns()
func (x402ExactPermit2Proxy *X402ExactPermit2Proxy) PackSettleWithPermit(permit2612 X402BasePermit2ProxyEIP2612Permit, permit ISignatureTransferPermitTransferFrom, owner common.Address, witness X402ExactPermit2ProxyWitness, signature []byte) []byte {
	enc, err := x402ExactPermit2Proxy.abi.Pack("settleWithPermit", permit2612, permit, owner, witness, signature)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSettleWithPermit is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xfa340378.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function settleWithPermit((uint256,uint256,bytes32,bytes32,uint8) permit2612, ((address,uint256),uint256,uint256) permit, address owner, (address,uint256) witness, bytes signature) returns()
func (x402ExactPermit2Proxy *X402ExactPermit2Proxy) TryPackSettleWithPermit(permit2612 X402BasePermit2ProxyEIP2612Permit, permit ISignatureTransferPermitTransferFrom, owner common.Address, witness X402ExactPermit2ProxyWitness, signature []byte) ([]byte, error) {
	return x402ExactPermit2Proxy.abi.Pack("settleWithPermit", permit2612, permit, owner, witness, signature)
}

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
