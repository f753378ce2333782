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
func (x402ExactPermit2Proxy *X402ExactPermit2Proxy) UnpackError(raw []byte) (any, error) {
	if bytes.Equal(raw[:4], x402ExactPermit2Proxy.abi.Errors["InvalidAmount"].ID.Bytes()[:4]) {
		return x402ExactPermit2Proxy.UnpackInvalidAmountError(raw[4:])
	}
	if bytes.Equal(raw[:4], x402ExactPermit2Proxy.abi.Errors["InvalidDestination"].ID.Bytes()[:4]) {
		return x402ExactPermit2Proxy.UnpackInvalidDestinationError(raw[4:])
	}
	if bytes.Equal(raw[:4], x402ExactPermit2Proxy.abi.Errors["InvalidOwner"].ID.Bytes()[:4]) {
		return x402ExactPermit2Proxy.UnpackInvalidOwnerError(raw[4:])
	}
	if bytes.Equal(raw[:4], x402ExactPermit2Proxy.abi.Errors["InvalidPermit2Address"].ID.Bytes()[:4]) {
		return x402ExactPermit2Proxy.UnpackInvalidPermit2AddressError(raw[4:])
	}
	if bytes.Equal(raw[:4], x402ExactPermit2Proxy.abi.Errors["PaymentTooEarly"].ID.Bytes()[:4]) {
		return x402ExactPermit2Proxy.UnpackPaymentTooEarlyError(raw[4:])
	}
	if bytes.Equal(raw[:4], x402ExactPermit2Proxy.abi.Errors["Permit2612AmountMismatch"].ID.Bytes()[:4]) {
		return x402ExactPermit2Proxy.UnpackPermit2612AmountMismatchError(raw[4:])
	}
	if bytes.Equal(raw[:4], x402ExactPermit2Proxy.abi.Errors["ReentrancyGuardReentrantCall"].ID.Bytes()[:4]) {
		return x402ExactPermit2Proxy.UnpackReentrancyGuardReentrantCallError(raw[4:])
	}
	return nil, errors.New("Unknown error")
}

// X402ExactPermit2ProxyInvalidAmount represents a InvalidAmount error raised by the X402ExactPermit2Proxy contract.
type X402ExactPermit2ProxyInvalidAmount struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InvalidAmount()
func X402ExactPermit2ProxyInvalidAmountErrorID() common.Hash {
	return common.HexToHash("0x2c5211c6cb73b16841677a034781e8336d18ce66df858e54153c86854e11f7b8")
}

// UnpackInvalidAmountError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InvalidAmount()
func (x402ExactPermit2Proxy *X402ExactPermit2Proxy) UnpackInvalidAmountError(raw []byte) (*X402ExactPermit2ProxyInvalidAmount, error) {
	out := new(X402ExactPermit2ProxyInvalidAmount)
	if err := x402ExactPermit2Proxy.abi.UnpackIntoInterface(out, "InvalidAmount", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// X402ExactPermit2ProxyInvalidDestination represents a InvalidDestination error raised by the X402ExactPermit2Proxy contract.
type X402ExactPermit2ProxyInvalidDestination struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InvalidDestination()
func X402ExactPermit2ProxyInvalidDestinationErrorID() common.Hash {
	return common.HexToHash("0xac6b05f542ae1b66b4b43710bf4773616692aad79ee0fe8cb9c5db0f38dd0764")
}

// UnpackInvalidDestinationError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InvalidDestination()
func (x402ExactPermit2Proxy *X402ExactPermit2Proxy) UnpackInvalidDestinationError(raw []byte) (*X402ExactPermit2ProxyInvalidDestination, error) {
	out := new(X402ExactPermit2ProxyInvalidDestination)
	if err := x402ExactPermit2Proxy.abi.UnpackIntoInterface(out, "InvalidDestination", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// X402ExactPermit2ProxyInvalidOwner represents a InvalidOwner error raised by the X402ExactPermit2Proxy contract.
type X402ExactPermit2ProxyInvalidOwner struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InvalidOwner()
func X402ExactPermit2ProxyInvalidOwnerErrorID() common.Hash {
	return common.HexToHash("0x49e27cffb37b1ca4a9bf5318243b2014d13f940af232b8552c208bdea15739da")
}

// UnpackInvalidOwnerError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InvalidOwner()
func (x402ExactPermit2Proxy *X402ExactPermit2Proxy) UnpackInvalidOwnerError(raw []byte) (*X402ExactPermit2ProxyInvalidOwner, error) {
	out := new(X402ExactPermit2ProxyInvalidOwner)
	if err := x402ExactPermit2Proxy.abi.UnpackIntoInterface(out, "InvalidOwner", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// X402ExactPermit2ProxyInvalidPermit2Address represents a InvalidPermit2Address error raised by the X402ExactPermit2Proxy contract.
type X402ExactPermit2ProxyInvalidPermit2Address struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InvalidPermit2Address()
func X402ExactPermit2ProxyInvalidPermit2AddressErrorID() common.Hash {
	return common.HexToHash("0x59106c89c9b272a2d1f1659a6166b3441b4dd6dd32f75473f5484e8766f47110")
}

// UnpackInvalidPermit2AddressError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InvalidPermit2Address()
func (x402ExactPermit2Proxy *X402ExactPermit2Proxy) UnpackInvalidPermit2AddressError(raw []byte) (*X402ExactPermit2ProxyInvalidPermit2Address, error) {
	out := new(X402ExactPermit2ProxyInvalidPermit2Address)
	if err := x402ExactPermit2Proxy.abi.UnpackIntoInterface(out, "InvalidPermit2Address", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// X402ExactPermit2ProxyPaymentTooEarly represents a PaymentTooEarly error raised by the X402ExactPermit2Proxy contract.
type X402ExactPermit2ProxyPaymentTooEarly struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error PaymentTooEarly()
func X402ExactPermit2ProxyPaymentTooEarlyErrorID() common.Hash {
	return common.HexToHash("0xa65539fa34358c9b74d7a9931e9f563c9c02f41d47fa53ce79e35e1cadee70d6")
}

// UnpackPaymentTooEarlyError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error PaymentTooEarly()
func (x402ExactPermit2Proxy *X402ExactPermit2Proxy) UnpackPaymentTooEarlyError(raw []byte) (*X402ExactPermit2ProxyPaymentTooEarly, error) {
	out := new(X402ExactPermit2ProxyPaymentTooEarly)
	if err := x402ExactPermit2Proxy.abi.UnpackIntoInterface(out, "PaymentTooEarly", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// X402ExactPermit2ProxyPermit2612AmountMismatch represents a Permit2612AmountMismatch error raised by the X402ExactPermit2Proxy contract.
type X402ExactPermit2ProxyPermit2612AmountMismatch struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error Permit2612AmountMismatch()
func X402ExactPermit2ProxyPermit2612AmountMismatchErrorID() common.Hash {
	return common.HexToHash("0x050cda497e70d136409d6ab7072a104828e2ffb4be43a59d07e1a5960d8cb9a3")
}

// UnpackPermit2612AmountMismatchError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error Permit2612AmountMismatch()
func (x402ExactPermit2Proxy *X402ExactPermit2Proxy) UnpackPermit2612AmountMismatchError(raw []byte) (*X402ExactPermit2ProxyPermit2612AmountMismatch, error) {
	out := new(X402ExactPermit2ProxyPermit2612AmountMismatch)
	if err := x402ExactPermit2Proxy.abi.UnpackIntoInterface(out, "Permit2612AmountMismatch", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// X402ExactPermit2ProxyReentrancyGuardReentrantCall represents a ReentrancyGuardReentrantCall error raised by the X402ExactPermit2Proxy contract.
type X402ExactPermit2ProxyReentrancyGuardReentrantCall struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ReentrancyGuardReentrantCall()
func X402ExactPermit2ProxyReentrancyGuardReentrantCallErrorID() common.Hash {
	return common.HexToHash("0x3ee5aeb571de7fc460830b4d0017439a1ca56fb0bc39062227ade4fe4a24c1ca")
}

// UnpackReentrancyGuardReentrantCallError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ReentrancyGuardReentrantCall()
func (x402ExactPermit2Proxy *X402ExactPermit2Proxy) UnpackReentrancyGuardReentrantCallError(raw []byte) (*X402ExactPermit2ProxyReentrancyGuardReentrantCall, error) {
	out := new(X402ExactPermit2ProxyReentrancyGuardReentrantCall)
	if err := x402ExactPermit2Proxy.abi.UnpackIntoInterface(out, "ReentrancyGuardReentrantCall", raw); err != nil {
		return nil, err
	}
	return out, nil
}
