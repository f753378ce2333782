// Code generated via abigen V2 - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package permit2

import (
	"math/big"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
)

// Permit2Approval represents a Approval event raised by the Permit2 contract.
type Permit2Approval struct {
	Owner      common.Address
	Token      common.Address
	Spender    common.Address
	Amount     *big.Int
	Expiration *big.Int
	Raw        *types.Log // Blockchain specific contextual infos
}

const Permit2ApprovalEventName = "Approval"

// ContractEventName returns the user-defined event name.
func (Permit2Approval) ContractEventName() string {
	return Permit2ApprovalEventName
}

// UnpackApprovalEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Approval(address indexed owner, address indexed token, address indexed spender, uint160 amount, uint48 expiration)
func (permit2 *Permit2) UnpackApprovalEvent(log *types.Log) (*Permit2Approval, error) {
	event := "Approval"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != permit2.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(Permit2Approval)
	if len(log.Data) > 0 {
		if err := permit2.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range permit2.abi.Events[event].Inputs {
		if arg.Indexed {
			indexed = append(indexed, arg)
		}
	}
	if err := abi.ParseTopics(out, indexed, log.Topics[1:]); err != nil {
		return nil, err
	}
	out.Raw = log
	return out, nil
}

// Permit2Lockdown represents a Lockdown event raised by the Permit2 contract.
type Permit2Lockdown struct {
	Owner   common.Address
	Token   common.Address
	Spender common.Address
	Raw     *types.Log // Blockchain specific contextual infos
}

const Permit2LockdownEventName = "Lockdown"

// ContractEventName returns the user-defined event name.
func (Permit2Lockdown) ContractEventName() string {
	return Permit2LockdownEventName
}

// UnpackLockdownEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Lockdown(address indexed owner, address token, address spender)
func (permit2 *Permit2) UnpackLockdownEvent(log *types.Log) (*Permit2Lockdown, error) {
	event := "Lockdown"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != permit2.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(Permit2Lockdown)
	if len(log.Data) > 0 {
		if err := permit2.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range permit2.abi.Events[event].Inputs {
		if arg.Indexed {
			indexed = append(indexed, arg)
		}
	}
	if err := abi.ParseTopics(out, indexed, log.Topics[1:]); err != nil {
		return nil, err
	}
	out.Raw = log
	return out, nil
}

// Permit2NonceInvalidation represents a NonceInvalidation event raised by the Permit2 contract.
type Permit2NonceInvalidation struct {
	Owner    common.Address
	Token    common.Address
	Spender  common.Address
	NewNonce *big.Int
	OldNonce *big.Int
	Raw      *types.Log // Blockchain specific contextual infos
}

const Permit2NonceInvalidationEventName = "NonceInvalidation"

// ContractEventName returns the user-defined event name.
func (Permit2NonceInvalidation) ContractEventName() string {
	return Permit2NonceInvalidationEventName
}

// UnpackNonceInvalidationEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event NonceInvalidation(address indexed owner, address indexed token, address indexed spender, uint48 newNonce, uint48 oldNonce)
func (permit2 *Permit2) UnpackNonceInvalidationEvent(log *types.Log) (*Permit2NonceInvalidation, error) {
	event := "NonceInvalidation"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != permit2.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(Permit2NonceInvalidation)
	if len(log.Data) > 0 {
		if err := permit2.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range permit2.abi.Events[event].Inputs {
		if arg.Indexed {
			indexed = append(indexed, arg)
		}
	}
	if err := abi.ParseTopics(out, indexed, log.Topics[1:]); err != nil {
		return nil, err
	}
	out.Raw = log
	return out, nil
}

// Permit2Permit represents a Permit event raised by the Permit2 contract.
type Permit2Permit struct {
	Owner      common.Address
	Token      common.Address
	Spender    common.Address
	Amount     *big.Int
	Expiration *big.Int
	Nonce      *big.Int
	Raw        *types.Log // Blockchain specific contextual infos
}

const Permit2PermitEventName = "Permit"

// ContractEventName returns the user-defined event name.
func (Permit2Permit) ContractEventName() string {
	return Permit2PermitEventName
}

// UnpackPermitEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Permit(address indexed owner, address indexed token, address indexed spender, uint160 amount, uint48 expiration, uint48 nonce)
func (permit2 *Permit2) UnpackPermitEvent(log *types.Log) (*Permit2Permit, error) {
	event := "Permit"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != permit2.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(Permit2Permit)
	if len(log.Data) > 0 {
		if err := permit2.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range permit2.abi.Events[event].Inputs {
		if arg.Indexed {
			indexed = append(indexed, arg)
		}
	}
	if err := abi.ParseTopics(out, indexed, log.Topics[1:]); err != nil {
		return nil, err
	}
	out.Raw = log
	return out, nil
}

// Permit2UnorderedNonceInvalidation represents a UnorderedNonceInvalidation event raised by the Permit2 contract.
type Permit2UnorderedNonceInvalidation struct {
	Owner common.Address
	Word  *big.Int
	Mask  *big.Int
	Raw   *types.Log // Blockchain specific contextual infos
}

const Permit2UnorderedNonceInvalidationEventName = "UnorderedNonceInvalidation"

// ContractEventName returns the user-defined event name.
func (Permit2UnorderedNonceInvalidation) ContractEventName() string {
	return Permit2UnorderedNonceInvalidationEventName
}

// UnpackUnorderedNonceInvalidationEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event UnorderedNonceInvalidation(address indexed owner, uint256 word, uint256 mask)
func (permit2 *Permit2) UnpackUnorderedNonceInvalidationEvent(log *types.Log) (*Permit2UnorderedNonceInvalidation, error) {
	event := "UnorderedNonceInvalidation"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != permit2.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(Permit2UnorderedNonceInvalidation)
	if len(log.Data) > 0 {
		if err := permit2.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range permit2.abi.Events[event].Inputs {
		if arg.Indexed {
			indexed = append(indexed, arg)
		}
	}
	if err := abi.ParseTopics(out, indexed, log.Topics[1:]); err != nil {
		return nil, err
	}
	out.Raw = log
	return out, nil
}

// ContractEventName returns the user-defined event name.
func (X402ExactPermit2ProxyEIP2612PermitFailedWithData) ContractEventName() string {
	return X402ExactPermit2ProxyEIP2612PermitFailedWithDataEventName
}

// ContractEventName returns the user-defined event name.
func (X402ExactPermit2ProxyEIP2612PermitFailedWithPanic) ContractEventName() string {
	return X402ExactPermit2ProxyEIP2612PermitFailedWithPanicEventName
}

// ContractEventName returns the user-defined event name.
func (X402ExactPermit2ProxyEIP2612PermitFailedWithReason) ContractEventName() string {
	return X402ExactPermit2ProxyEIP2612PermitFailedWithReasonEventName
}

// ContractEventName returns the user-defined event name.
func (X402ExactPermit2ProxySettled) ContractEventName() string {
	return X402ExactPermit2ProxySettledEventName
}

// ContractEventName returns the user-defined event name.
func (X402ExactPermit2ProxySettledWithPermit) ContractEventName() string {
	return X402ExactPermit2ProxySettledWithPermitEventName
}

// ContractEventName returns the user-defined event name.
func (X402UptoPermit2ProxyEIP2612PermitFailedWithData) ContractEventName() string {
	return X402UptoPermit2ProxyEIP2612PermitFailedWithDataEventName
}

// ContractEventName returns the user-defined event name.
func (X402UptoPermit2ProxyEIP2612PermitFailedWithPanic) ContractEventName() string {
	return X402UptoPermit2ProxyEIP2612PermitFailedWithPanicEventName
}

// ContractEventName returns the user-defined event name.
func (X402UptoPermit2ProxyEIP2612PermitFailedWithReason) ContractEventName() string {
	return X402UptoPermit2ProxyEIP2612PermitFailedWithReasonEventName
}

// ContractEventName returns the user-defined event name.
func (X402UptoPermit2ProxySettled) ContractEventName() string {
	return X402UptoPermit2ProxySettledEventName
}

// ContractEventName returns the user-defined event name.
func (X402UptoPermit2ProxySettledWithPermit) ContractEventName() string {
	return X402UptoPermit2ProxySettledWithPermitEventName
}
