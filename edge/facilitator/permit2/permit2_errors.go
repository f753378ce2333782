// Code generated via abigen V2 - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package permit2

import (
	"bytes"
	"errors"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
)

// UnpackError attempts to decode the provided error data using user-defined
// error definitions.
func (permit2 *Permit2) UnpackError(raw []byte) (any, error) {
	if bytes.Equal(raw[:4], permit2.abi.Errors["AllowanceExpired"].ID.Bytes()[:4]) {
		return permit2.UnpackAllowanceExpiredError(raw[4:])
	}
	if bytes.Equal(raw[:4], permit2.abi.Errors["ExcessiveInvalidation"].ID.Bytes()[:4]) {
		return permit2.UnpackExcessiveInvalidationError(raw[4:])
	}
	if bytes.Equal(raw[:4], permit2.abi.Errors["InsufficientAllowance"].ID.Bytes()[:4]) {
		return permit2.UnpackInsufficientAllowanceError(raw[4:])
	}
	if bytes.Equal(raw[:4], permit2.abi.Errors["InvalidAmount"].ID.Bytes()[:4]) {
		return permit2.UnpackInvalidAmountError(raw[4:])
	}
	if bytes.Equal(raw[:4], permit2.abi.Errors["InvalidContractSignature"].ID.Bytes()[:4]) {
		return permit2.UnpackInvalidContractSignatureError(raw[4:])
	}
	if bytes.Equal(raw[:4], permit2.abi.Errors["InvalidNonce"].ID.Bytes()[:4]) {
		return permit2.UnpackInvalidNonceError(raw[4:])
	}
	if bytes.Equal(raw[:4], permit2.abi.Errors["InvalidSignature"].ID.Bytes()[:4]) {
		return permit2.UnpackInvalidSignatureError(raw[4:])
	}
	if bytes.Equal(raw[:4], permit2.abi.Errors["InvalidSignatureLength"].ID.Bytes()[:4]) {
		return permit2.UnpackInvalidSignatureLengthError(raw[4:])
	}
	if bytes.Equal(raw[:4], permit2.abi.Errors["InvalidSigner"].ID.Bytes()[:4]) {
		return permit2.UnpackInvalidSignerError(raw[4:])
	}
	if bytes.Equal(raw[:4], permit2.abi.Errors["LengthMismatch"].ID.Bytes()[:4]) {
		return permit2.UnpackLengthMismatchError(raw[4:])
	}
	if bytes.Equal(raw[:4], permit2.abi.Errors["SignatureExpired"].ID.Bytes()[:4]) {
		return permit2.UnpackSignatureExpiredError(raw[4:])
	}
	return nil, errors.New("Unknown error")
}

// Permit2AllowanceExpired represents a AllowanceExpired error raised by the Permit2 contract.
type Permit2AllowanceExpired struct {
	Deadline *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error AllowanceExpired(uint256 deadline)
func Permit2AllowanceExpiredErrorID() common.Hash {
	return common.HexToHash("0xd81b2f2ea5299d48bcd8506f12d1e6ff337164a422c72ebd4b90f46050ec56ed")
}

// UnpackAllowanceExpiredError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error AllowanceExpired(uint256 deadline)
func (permit2 *Permit2) UnpackAllowanceExpiredError(raw []byte) (*Permit2AllowanceExpired, error) {
	out := new(Permit2AllowanceExpired)
	if err := permit2.abi.UnpackIntoInterface(out, "AllowanceExpired", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// Permit2ExcessiveInvalidation represents a ExcessiveInvalidation error raised by the Permit2 contract.
type Permit2ExcessiveInvalidation struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ExcessiveInvalidation()
func Permit2ExcessiveInvalidationErrorID() common.Hash {
	return common.HexToHash("0x24d35a26575a9b509ec60f68e8ee549b975cd83a2415ee6697654900cfc2a7db")
}

// UnpackExcessiveInvalidationError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ExcessiveInvalidation()
func (permit2 *Permit2) UnpackExcessiveInvalidationError(raw []byte) (*Permit2ExcessiveInvalidation, error) {
	out := new(Permit2ExcessiveInvalidation)
	if err := permit2.abi.UnpackIntoInterface(out, "ExcessiveInvalidation", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// Permit2InsufficientAllowance represents a InsufficientAllowance error raised by the Permit2 contract.
type Permit2InsufficientAllowance struct {
	Amount *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InsufficientAllowance(uint256 amount)
func Permit2InsufficientAllowanceErrorID() common.Hash {
	return common.HexToHash("0xf96fb071a20c7c6ca6fe21962093840887676a5016d375384e8346d67cb799f0")
}

// UnpackInsufficientAllowanceError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InsufficientAllowance(uint256 amount)
func (permit2 *Permit2) UnpackInsufficientAllowanceError(raw []byte) (*Permit2InsufficientAllowance, error) {
	out := new(Permit2InsufficientAllowance)
	if err := permit2.abi.UnpackIntoInterface(out, "InsufficientAllowance", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// Permit2InvalidAmount represents a InvalidAmount error raised by the Permit2 contract.
type Permit2InvalidAmount struct {
	MaxAmount *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InvalidAmount(uint256 maxAmount)
func Permit2InvalidAmountErrorID() common.Hash {
	return common.HexToHash("0x3728b83da61d63401ac13ad617e59d729e6cb5ed67c24fa9dc4e9b626307fd6e")
}

// UnpackInvalidAmountError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InvalidAmount(uint256 maxAmount)
func (permit2 *Permit2) UnpackInvalidAmountError(raw []byte) (*Permit2InvalidAmount, error) {
	out := new(Permit2InvalidAmount)
	if err := permit2.abi.UnpackIntoInterface(out, "InvalidAmount", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// Permit2InvalidContractSignature represents a InvalidContractSignature error raised by the Permit2 contract.
type Permit2InvalidContractSignature struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InvalidContractSignature()
func Permit2InvalidContractSignatureErrorID() common.Hash {
	return common.HexToHash("0xb0669cbc44dcc813760e2b75f75ec6b5f9f11c5a9277f3ad2e7a63052ae97f7a")
}

// UnpackInvalidContractSignatureError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InvalidContractSignature()
func (permit2 *Permit2) UnpackInvalidContractSignatureError(raw []byte) (*Permit2InvalidContractSignature, error) {
	out := new(Permit2InvalidContractSignature)
	if err := permit2.abi.UnpackIntoInterface(out, "InvalidContractSignature", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// Permit2InvalidNonce represents a InvalidNonce error raised by the Permit2 contract.
type Permit2InvalidNonce struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InvalidNonce()
func Permit2InvalidNonceErrorID() common.Hash {
	return common.HexToHash("0x756688fec2871909d72599c334b663ffcc94654c438569966c7fd3ab3a351f34")
}

// UnpackInvalidNonceError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InvalidNonce()
func (permit2 *Permit2) UnpackInvalidNonceError(raw []byte) (*Permit2InvalidNonce, error) {
	out := new(Permit2InvalidNonce)
	if err := permit2.abi.UnpackIntoInterface(out, "InvalidNonce", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// Permit2InvalidSignature represents a InvalidSignature error raised by the Permit2 contract.
type Permit2InvalidSignature struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InvalidSignature()
func Permit2InvalidSignatureErrorID() common.Hash {
	return common.HexToHash("0x8baa579fce362245063d36f11747a89dd489c54795634fc673cc0e0db51fedc5")
}

// UnpackInvalidSignatureError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InvalidSignature()
func (permit2 *Permit2) UnpackInvalidSignatureError(raw []byte) (*Permit2InvalidSignature, error) {
	out := new(Permit2InvalidSignature)
	if err := permit2.abi.UnpackIntoInterface(out, "InvalidSignature", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// Permit2InvalidSignatureLength represents a InvalidSignatureLength error raised by the Permit2 contract.
type Permit2InvalidSignatureLength struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InvalidSignatureLength()
func Permit2InvalidSignatureLengthErrorID() common.Hash {
	return common.HexToHash("0x4be6321b1c5c52e8bf12be29c94fdc79660cce8a7886a11425ece4c2331dafa7")
}

// UnpackInvalidSignatureLengthError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InvalidSignatureLength()
func (permit2 *Permit2) UnpackInvalidSignatureLengthError(raw []byte) (*Permit2InvalidSignatureLength, error) {
	out := new(Permit2InvalidSignatureLength)
	if err := permit2.abi.UnpackIntoInterface(out, "InvalidSignatureLength", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// Permit2InvalidSigner represents a InvalidSigner error raised by the Permit2 contract.
type Permit2InvalidSigner struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InvalidSigner()
func Permit2InvalidSignerErrorID() common.Hash {
	return common.HexToHash("0x815e1d64efb74fbe314c20a2b8a2335d18bce12a19165e447fa36bcb35959528")
}

// UnpackInvalidSignerError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InvalidSigner()
func (permit2 *Permit2) UnpackInvalidSignerError(raw []byte) (*Permit2InvalidSigner, error) {
	out := new(Permit2InvalidSigner)
	if err := permit2.abi.UnpackIntoInterface(out, "InvalidSigner", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// Permit2LengthMismatch represents a LengthMismatch error raised by the Permit2 contract.
type Permit2LengthMismatch struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error LengthMismatch()
func Permit2LengthMismatchErrorID() common.Hash {
	return common.HexToHash("0xff633a3803c58b9bc21e58efecee59f27e033cc0b1883fccb4969c76146fe60f")
}

// UnpackLengthMismatchError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error LengthMismatch()
func (permit2 *Permit2) UnpackLengthMismatchError(raw []byte) (*Permit2LengthMismatch, error) {
	out := new(Permit2LengthMismatch)
	if err := permit2.abi.UnpackIntoInterface(out, "LengthMismatch", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// Permit2SignatureExpired represents a SignatureExpired error raised by the Permit2 contract.
type Permit2SignatureExpired struct {
	SignatureDeadline *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error SignatureExpired(uint256 signatureDeadline)
func Permit2SignatureExpiredErrorID() common.Hash {
	return common.HexToHash("0xcd21db4f5222c209a625f44a7faa4c7077b21128ed96c96bd5c3a0f7bcc95d38")
}

// UnpackSignatureExpiredError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error SignatureExpired(uint256 signatureDeadline)
func (permit2 *Permit2) UnpackSignatureExpiredError(raw []byte) (*Permit2SignatureExpired, error) {
	out := new(Permit2SignatureExpired)
	if err := permit2.abi.UnpackIntoInterface(out, "SignatureExpired", raw); err != nil {
		return nil, err
	}
	return out, nil
}
