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

// X402UptoPermit2ProxyEIP2612PermitFailedWithData represents a EIP2612PermitFailedWithData event raised by the X402UptoPermit2Proxy contract.
type X402UptoPermit2ProxyEIP2612PermitFailedWithData struct {
	Token common.Address
	Owner common.Address
	Data  []byte
	Raw   *types.Log // Blockchain specific contextual infos
}

const X402UptoPermit2ProxyEIP2612PermitFailedWithDataEventName = "EIP2612PermitFailedWithData"

// UnpackEIP2612PermitFailedWithDataEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event EIP2612PermitFailedWithData(address indexed token, address indexed owner, bytes data)
func (x402UptoPermit2Proxy *X402UptoPermit2Proxy) UnpackEIP2612PermitFailedWithDataEvent(log *types.Log) (*X402UptoPermit2ProxyEIP2612PermitFailedWithData, error) {
	event := "EIP2612PermitFailedWithData"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != x402UptoPermit2Proxy.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(X402UptoPermit2ProxyEIP2612PermitFailedWithData)
	if len(log.Data) > 0 {
		if err := x402UptoPermit2Proxy.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range x402UptoPermit2Proxy.abi.Events[event].Inputs {
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

// X402UptoPermit2ProxyEIP2612PermitFailedWithPanic represents a EIP2612PermitFailedWithPanic event raised by the X402UptoPermit2Proxy contract.
type X402UptoPermit2ProxyEIP2612PermitFailedWithPanic struct {
	Token     common.Address
	Owner     common.Address
	ErrorCode *big.Int
	Raw       *types.Log // Blockchain specific contextual infos
}

const X402UptoPermit2ProxyEIP2612PermitFailedWithPanicEventName = "EIP2612PermitFailedWithPanic"

// UnpackEIP2612PermitFailedWithPanicEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event EIP2612PermitFailedWithPanic(address indexed token, address indexed owner, uint256 errorCode)
func (x402UptoPermit2Proxy *X402UptoPermit2Proxy) UnpackEIP2612PermitFailedWithPanicEvent(log *types.Log) (*X402UptoPermit2ProxyEIP2612PermitFailedWithPanic, error) {
	event := "EIP2612PermitFailedWithPanic"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != x402UptoPermit2Proxy.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(X402UptoPermit2ProxyEIP2612PermitFailedWithPanic)
	if len(log.Data) > 0 {
		if err := x402UptoPermit2Proxy.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range x402UptoPermit2Proxy.abi.Events[event].Inputs {
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

// X402UptoPermit2ProxyEIP2612PermitFailedWithReason represents a EIP2612PermitFailedWithReason event raised by the X402UptoPermit2Proxy contract.
type X402UptoPermit2ProxyEIP2612PermitFailedWithReason struct {
	Token  common.Address
	Owner  common.Address
	Reason string
	Raw    *types.Log // Blockchain specific contextual infos
}

const X402UptoPermit2ProxyEIP2612PermitFailedWithReasonEventName = "EIP2612PermitFailedWithReason"

// UnpackEIP2612PermitFailedWithReasonEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event EIP2612PermitFailedWithReason(address indexed token, address indexed owner, string reason)
func (x402UptoPermit2Proxy *X402UptoPermit2Proxy) UnpackEIP2612PermitFailedWithReasonEvent(log *types.Log) (*X402UptoPermit2ProxyEIP2612PermitFailedWithReason, error) {
	event := "EIP2612PermitFailedWithReason"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != x402UptoPermit2Proxy.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(X402UptoPermit2ProxyEIP2612PermitFailedWithReason)
	if len(log.Data) > 0 {
		if err := x402UptoPermit2Proxy.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range x402UptoPermit2Proxy.abi.Events[event].Inputs {
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

// X402UptoPermit2ProxySettled represents a Settled event raised by the X402UptoPermit2Proxy contract.
type X402UptoPermit2ProxySettled struct {
	Raw *types.Log // Blockchain specific contextual infos
}

const X402UptoPermit2ProxySettledEventName = "Settled"

// UnpackSettledEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Settled()
func (x402UptoPermit2Proxy *X402UptoPermit2Proxy) UnpackSettledEvent(log *types.Log) (*X402UptoPermit2ProxySettled, error) {
	event := "Settled"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != x402UptoPermit2Proxy.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(X402UptoPermit2ProxySettled)
	if len(log.Data) > 0 {
		if err := x402UptoPermit2Proxy.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range x402UptoPermit2Proxy.abi.Events[event].Inputs {
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

// X402UptoPermit2ProxySettledWithPermit represents a SettledWithPermit event raised by the X402UptoPermit2Proxy contract.
type X402UptoPermit2ProxySettledWithPermit struct {
	Raw *types.Log // Blockchain specific contextual infos
}

const X402UptoPermit2ProxySettledWithPermitEventName = "SettledWithPermit"

// UnpackSettledWithPermitEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event SettledWithPermit()
func (x402UptoPermit2Proxy *X402UptoPermit2Proxy) UnpackSettledWithPermitEvent(log *types.Log) (*X402UptoPermit2ProxySettledWithPermit, error) {
	event := "SettledWithPermit"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != x402UptoPermit2Proxy.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(X402UptoPermit2ProxySettledWithPermit)
	if len(log.Data) > 0 {
		if err := x402UptoPermit2Proxy.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range x402UptoPermit2Proxy.abi.Events[event].Inputs {
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
