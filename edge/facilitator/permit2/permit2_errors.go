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
