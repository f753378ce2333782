// Code generated via abigen V2 - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package permit2

import (
	"bytes"
	"errors"

	"github.com/ethereum/go-ethereum/common"
)

// UnpackError attempts to decode the provided error data using user-defined
// error definitions.
func (x402UptoPermit2Proxy *X402UptoPermit2Proxy) UnpackError(raw []byte) (any, error) {
	if bytes.Equal(raw[:4], x402UptoPermit2Proxy.abi.Errors["AmountExceedsPermitted"].ID.Bytes()[:4]) {
		return x402UptoPermit2Proxy.UnpackAmountExceedsPermittedError(raw[4:])
	}
	if bytes.Equal(raw[:4], x402UptoPermit2Proxy.abi.Errors["InvalidAmount"].ID.Bytes()[:4]) {
		return x402UptoPermit2Proxy.UnpackInvalidAmountError(raw[4:])
	}
	if bytes.Equal(raw[:4], x402UptoPermit2Proxy.abi.Errors["InvalidDestination"].ID.Bytes()[:4]) {
		return x402UptoPermit2Proxy.UnpackInvalidDestinationError(raw[4:])
	}
	if bytes.Equal(raw[:4], x402UptoPermit2Proxy.abi.Errors["InvalidOwner"].ID.Bytes()[:4]) {
		return x402UptoPermit2Proxy.UnpackInvalidOwnerError(raw[4:])
	}
	if bytes.Equal(raw[:4], x402UptoPermit2Proxy.abi.Errors["InvalidPermit2Address"].ID.Bytes()[:4]) {
		return x402UptoPermit2Proxy.UnpackInvalidPermit2AddressError(raw[4:])
	}
	if bytes.Equal(raw[:4], x402UptoPermit2Proxy.abi.Errors["PaymentTooEarly"].ID.Bytes()[:4]) {
		return x402UptoPermit2Proxy.UnpackPaymentTooEarlyError(raw[4:])
	}
	if bytes.Equal(raw[:4], x402UptoPermit2Proxy.abi.Errors["Permit2612AmountMismatch"].ID.Bytes()[:4]) {
		return x402UptoPermit2Proxy.UnpackPermit2612AmountMismatchError(raw[4:])
	}
	if bytes.Equal(raw[:4], x402UptoPermit2Proxy.abi.Errors["ReentrancyGuardReentrantCall"].ID.Bytes()[:4]) {
		return x402UptoPermit2Proxy.UnpackReentrancyGuardReentrantCallError(raw[4:])
	}
	if bytes.Equal(raw[:4], x402UptoPermit2Proxy.abi.Errors["UnauthorizedFacilitator"].ID.Bytes()[:4]) {
		return x402UptoPermit2Proxy.UnpackUnauthorizedFacilitatorError(raw[4:])
	}
	return nil, errors.New("Unknown error")
}

// X402UptoPermit2ProxyAmountExceedsPermitted represents a AmountExceedsPermitted error raised by the X402UptoPermit2Proxy contract.
type X402UptoPermit2ProxyAmountExceedsPermitted struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error AmountExceedsPermitted()
func X402UptoPermit2ProxyAmountExceedsPermittedErrorID() common.Hash {
	return common.HexToHash("0xfe64b4c79c64499c7b848a8b3ba618f45c6f9ef21365d5d7e24aeb3ff041c552")
}

// UnpackAmountExceedsPermittedError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error AmountExceedsPermitted()
func (x402UptoPermit2Proxy *X402UptoPermit2Proxy) UnpackAmountExceedsPermittedError(raw []byte) (*X402UptoPermit2ProxyAmountExceedsPermitted, error) {
	out := new(X402UptoPermit2ProxyAmountExceedsPermitted)
	if err := x402UptoPermit2Proxy.abi.UnpackIntoInterface(out, "AmountExceedsPermitted", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// X402UptoPermit2ProxyInvalidAmount represents a InvalidAmount error raised by the X402UptoPermit2Proxy contract.
type X402UptoPermit2ProxyInvalidAmount struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InvalidAmount()
func X402UptoPermit2ProxyInvalidAmountErrorID() common.Hash {
	return common.HexToHash("0x2c5211c6cb73b16841677a034781e8336d18ce66df858e54153c86854e11f7b8")
}

// UnpackInvalidAmountError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InvalidAmount()
func (x402UptoPermit2Proxy *X402UptoPermit2Proxy) UnpackInvalidAmountError(raw []byte) (*X402UptoPermit2ProxyInvalidAmount, error) {
	out := new(X402UptoPermit2ProxyInvalidAmount)
	if err := x402UptoPermit2Proxy.abi.UnpackIntoInterface(out, "InvalidAmount", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// X402UptoPermit2ProxyInvalidDestination represents a InvalidDestination error raised by the X402UptoPermit2Proxy contract.
type X402UptoPermit2ProxyInvalidDestination struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InvalidDestination()
func X402UptoPermit2ProxyInvalidDestinationErrorID() common.Hash {
	return common.HexToHash("0xac6b05f542ae1b66b4b43710bf4773616692aad79ee0fe8cb9c5db0f38dd0764")
}

// UnpackInvalidDestinationError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InvalidDestination()
func (x402UptoPermit2Proxy *X402UptoPermit2Proxy) UnpackInvalidDestinationError(raw []byte) (*X402UptoPermit2ProxyInvalidDestination, error) {
	out := new(X402UptoPermit2ProxyInvalidDestination)
	if err := x402UptoPermit2Proxy.abi.UnpackIntoInterface(out, "InvalidDestination", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// X402UptoPermit2ProxyInvalidOwner represents a InvalidOwner error raised by the X402UptoPermit2Proxy contract.
type X402UptoPermit2ProxyInvalidOwner struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InvalidOwner()
func X402UptoPermit2ProxyInvalidOwnerErrorID() common.Hash {
	return common.HexToHash("0x49e27cffb37b1ca4a9bf5318243b2014d13f940af232b8552c208bdea15739da")
}

// UnpackInvalidOwnerError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InvalidOwner()
func (x402UptoPermit2Proxy *X402UptoPermit2Proxy) UnpackInvalidOwnerError(raw []byte) (*X402UptoPermit2ProxyInvalidOwner, error) {
	out := new(X402UptoPermit2ProxyInvalidOwner)
	if err := x402UptoPermit2Proxy.abi.UnpackIntoInterface(out, "InvalidOwner", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// X402UptoPermit2ProxyInvalidPermit2Address represents a InvalidPermit2Address error raised by the X402UptoPermit2Proxy contract.
type X402UptoPermit2ProxyInvalidPermit2Address struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InvalidPermit2Address()
func X402UptoPermit2ProxyInvalidPermit2AddressErrorID() common.Hash {
	return common.HexToHash("0x59106c89c9b272a2d1f1659a6166b3441b4dd6dd32f75473f5484e8766f47110")
}

// UnpackInvalidPermit2AddressError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InvalidPermit2Address()
func (x402UptoPermit2Proxy *X402UptoPermit2Proxy) UnpackInvalidPermit2AddressError(raw []byte) (*X402UptoPermit2ProxyInvalidPermit2Address, error) {
	out := new(X402UptoPermit2ProxyInvalidPermit2Address)
	if err := x402UptoPermit2Proxy.abi.UnpackIntoInterface(out, "InvalidPermit2Address", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// X402UptoPermit2ProxyPaymentTooEarly represents a PaymentTooEarly error raised by the X402UptoPermit2Proxy contract.
type X402UptoPermit2ProxyPaymentTooEarly struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error PaymentTooEarly()
func X402UptoPermit2ProxyPaymentTooEarlyErrorID() common.Hash {
	return common.HexToHash("0xa65539fa34358c9b74d7a9931e9f563c9c02f41d47fa53ce79e35e1cadee70d6")
}

// UnpackPaymentTooEarlyError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error PaymentTooEarly()
func (x402UptoPermit2Proxy *X402UptoPermit2Proxy) UnpackPaymentTooEarlyError(raw []byte) (*X402UptoPermit2ProxyPaymentTooEarly, error) {
	out := new(X402UptoPermit2ProxyPaymentTooEarly)
	if err := x402UptoPermit2Proxy.abi.UnpackIntoInterface(out, "PaymentTooEarly", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// X402UptoPermit2ProxyPermit2612AmountMismatch represents a Permit2612AmountMismatch error raised by the X402UptoPermit2Proxy contract.
type X402UptoPermit2ProxyPermit2612AmountMismatch struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error Permit2612AmountMismatch()
func X402UptoPermit2ProxyPermit2612AmountMismatchErrorID() common.Hash {
	return common.HexToHash("0x050cda497e70d136409d6ab7072a104828e2ffb4be43a59d07e1a5960d8cb9a3")
}

// UnpackPermit2612AmountMismatchError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error Permit2612AmountMismatch()
func (x402UptoPermit2Proxy *X402UptoPermit2Proxy) UnpackPermit2612AmountMismatchError(raw []byte) (*X402UptoPermit2ProxyPermit2612AmountMismatch, error) {
	out := new(X402UptoPermit2ProxyPermit2612AmountMismatch)
	if err := x402UptoPermit2Proxy.abi.UnpackIntoInterface(out, "Permit2612AmountMismatch", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// X402UptoPermit2ProxyReentrancyGuardReentrantCall represents a ReentrancyGuardReentrantCall error raised by the X402UptoPermit2Proxy contract.
type X402UptoPermit2ProxyReentrancyGuardReentrantCall struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ReentrancyGuardReentrantCall()
func X402UptoPermit2ProxyReentrancyGuardReentrantCallErrorID() common.Hash {
	return common.HexToHash("0x3ee5aeb571de7fc460830b4d0017439a1ca56fb0bc39062227ade4fe4a24c1ca")
}

// UnpackReentrancyGuardReentrantCallError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ReentrancyGuardReentrantCall()
func (x402UptoPermit2Proxy *X402UptoPermit2Proxy) UnpackReentrancyGuardReentrantCallError(raw []byte) (*X402UptoPermit2ProxyReentrancyGuardReentrantCall, error) {
	out := new(X402UptoPermit2ProxyReentrancyGuardReentrantCall)
	if err := x402UptoPermit2Proxy.abi.UnpackIntoInterface(out, "ReentrancyGuardReentrantCall", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// X402UptoPermit2ProxyUnauthorizedFacilitator represents a UnauthorizedFacilitator error raised by the X402UptoPermit2Proxy contract.
type X402UptoPermit2ProxyUnauthorizedFacilitator struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error UnauthorizedFacilitator()
func X402UptoPermit2ProxyUnauthorizedFacilitatorErrorID() common.Hash {
	return common.HexToHash("0x0f6fae871871fa0fd46c599941c98ffc4031e3ee5fe33675d627b18699e5ae52")
}

// UnpackUnauthorizedFacilitatorError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error UnauthorizedFacilitator()
func (x402UptoPermit2Proxy *X402UptoPermit2Proxy) UnpackUnauthorizedFacilitatorError(raw []byte) (*X402UptoPermit2ProxyUnauthorizedFacilitator, error) {
	out := new(X402UptoPermit2ProxyUnauthorizedFacilitator)
	if err := x402UptoPermit2Proxy.abi.UnpackIntoInterface(out, "UnauthorizedFacilitator", raw); err != nil {
		return nil, err
	}
	return out, nil
}
