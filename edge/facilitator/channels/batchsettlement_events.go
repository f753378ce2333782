// Code generated via abigen V2 - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package channels

import (
	"math/big"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
)

// BatchSettlementChannelClosed represents a ChannelClosed event raised by the BatchSettlement contract.
type BatchSettlementChannelClosed struct {
	ChannelId [32]byte
	Config    ChannelConfig
	Raw       *types.Log // Blockchain specific contextual infos
}

const BatchSettlementChannelClosedEventName = "ChannelClosed"

// ContractEventName returns the user-defined event name.
func (BatchSettlementChannelClosed) ContractEventName() string {
	return BatchSettlementChannelClosedEventName
}

// UnpackChannelClosedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event ChannelClosed(bytes32 indexed channelId, (address,address,address,address,address,uint40,bytes32) config)
func (batchSettlement *BatchSettlement) UnpackChannelClosedEvent(log *types.Log) (*BatchSettlementChannelClosed, error) {
	event := "ChannelClosed"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != batchSettlement.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(BatchSettlementChannelClosed)
	if len(log.Data) > 0 {
		if err := batchSettlement.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range batchSettlement.abi.Events[event].Inputs {
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

// BatchSettlementChannelCreated represents a ChannelCreated event raised by the BatchSettlement contract.
type BatchSettlementChannelCreated struct {
	ChannelId [32]byte
	Config    ChannelConfig
	Raw       *types.Log // Blockchain specific contextual infos
}

const BatchSettlementChannelCreatedEventName = "ChannelCreated"

// ContractEventName returns the user-defined event name.
func (BatchSettlementChannelCreated) ContractEventName() string {
	return BatchSettlementChannelCreatedEventName
}

// UnpackChannelCreatedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event ChannelCreated(bytes32 indexed channelId, (address,address,address,address,address,uint40,bytes32) config)
func (batchSettlement *BatchSettlement) UnpackChannelCreatedEvent(log *types.Log) (*BatchSettlementChannelCreated, error) {
	event := "ChannelCreated"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != batchSettlement.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(BatchSettlementChannelCreated)
	if len(log.Data) > 0 {
		if err := batchSettlement.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range batchSettlement.abi.Events[event].Inputs {
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

// BatchSettlementClaimed represents a Claimed event raised by the BatchSettlement contract.
type BatchSettlementClaimed struct {
	ChannelId       [32]byte
	Sender          common.Address
	ClaimAmount     *big.Int
	NewTotalClaimed *big.Int
	Raw             *types.Log // Blockchain specific contextual infos
}

const BatchSettlementClaimedEventName = "Claimed"

// ContractEventName returns the user-defined event name.
func (BatchSettlementClaimed) ContractEventName() string {
	return BatchSettlementClaimedEventName
}

// UnpackClaimedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Claimed(bytes32 indexed channelId, address indexed sender, uint128 claimAmount, uint128 newTotalClaimed)
func (batchSettlement *BatchSettlement) UnpackClaimedEvent(log *types.Log) (*BatchSettlementClaimed, error) {
	event := "Claimed"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != batchSettlement.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(BatchSettlementClaimed)
	if len(log.Data) > 0 {
		if err := batchSettlement.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range batchSettlement.abi.Events[event].Inputs {
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

// BatchSettlementDeposited represents a Deposited event raised by the BatchSettlement contract.
type BatchSettlementDeposited struct {
	ChannelId  [32]byte
	Sender     common.Address
	Amount     *big.Int
	NewBalance *big.Int
	Raw        *types.Log // Blockchain specific contextual infos
}

const BatchSettlementDepositedEventName = "Deposited"

// ContractEventName returns the user-defined event name.
func (BatchSettlementDeposited) ContractEventName() string {
	return BatchSettlementDepositedEventName
}

// UnpackDepositedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Deposited(bytes32 indexed channelId, address indexed sender, uint128 amount, uint128 newBalance)
func (batchSettlement *BatchSettlement) UnpackDepositedEvent(log *types.Log) (*BatchSettlementDeposited, error) {
	event := "Deposited"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != batchSettlement.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(BatchSettlementDeposited)
	if len(log.Data) > 0 {
		if err := batchSettlement.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range batchSettlement.abi.Events[event].Inputs {
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

// BatchSettlementRefunded represents a Refunded event raised by the BatchSettlement contract.
type BatchSettlementRefunded struct {
	ChannelId [32]byte
	Sender    common.Address
	Amount    *big.Int
	Raw       *types.Log // Blockchain specific contextual infos
}

const BatchSettlementRefundedEventName = "Refunded"

// ContractEventName returns the user-defined event name.
func (BatchSettlementRefunded) ContractEventName() string {
	return BatchSettlementRefundedEventName
}

// UnpackRefundedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Refunded(bytes32 indexed channelId, address indexed sender, uint128 amount)
func (batchSettlement *BatchSettlement) UnpackRefundedEvent(log *types.Log) (*BatchSettlementRefunded, error) {
	event := "Refunded"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != batchSettlement.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(BatchSettlementRefunded)
	if len(log.Data) > 0 {
		if err := batchSettlement.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range batchSettlement.abi.Events[event].Inputs {
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

// BatchSettlementSettled represents a Settled event raised by the BatchSettlement contract.
type BatchSettlementSettled struct {
	Receiver common.Address
	Token    common.Address
	Sender   common.Address
	Amount   *big.Int
	Raw      *types.Log // Blockchain specific contextual infos
}

const BatchSettlementSettledEventName = "Settled"

// ContractEventName returns the user-defined event name.
func (BatchSettlementSettled) ContractEventName() string {
	return BatchSettlementSettledEventName
}

// UnpackSettledEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Settled(address indexed receiver, address indexed token, address indexed sender, uint128 amount)
func (batchSettlement *BatchSettlement) UnpackSettledEvent(log *types.Log) (*BatchSettlementSettled, error) {
	event := "Settled"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != batchSettlement.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(BatchSettlementSettled)
	if len(log.Data) > 0 {
		if err := batchSettlement.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range batchSettlement.abi.Events[event].Inputs {
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

// BatchSettlementWithdrawFinalized represents a WithdrawFinalized event raised by the BatchSettlement contract.
type BatchSettlementWithdrawFinalized struct {
	ChannelId [32]byte
	Sender    common.Address
	Amount    *big.Int
	Raw       *types.Log // Blockchain specific contextual infos
}

const BatchSettlementWithdrawFinalizedEventName = "WithdrawFinalized"

// ContractEventName returns the user-defined event name.
func (BatchSettlementWithdrawFinalized) ContractEventName() string {
	return BatchSettlementWithdrawFinalizedEventName
}

// UnpackWithdrawFinalizedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event WithdrawFinalized(bytes32 indexed channelId, address indexed sender, uint128 amount)
func (batchSettlement *BatchSettlement) UnpackWithdrawFinalizedEvent(log *types.Log) (*BatchSettlementWithdrawFinalized, error) {
	event := "WithdrawFinalized"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != batchSettlement.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(BatchSettlementWithdrawFinalized)
	if len(log.Data) > 0 {
		if err := batchSettlement.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range batchSettlement.abi.Events[event].Inputs {
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

// BatchSettlementWithdrawInitiated represents a WithdrawInitiated event raised by the BatchSettlement contract.
type BatchSettlementWithdrawInitiated struct {
	ChannelId     [32]byte
	Amount        *big.Int
	FinalizeAfter *big.Int
	Raw           *types.Log // Blockchain specific contextual infos
}

const BatchSettlementWithdrawInitiatedEventName = "WithdrawInitiated"

// ContractEventName returns the user-defined event name.
func (BatchSettlementWithdrawInitiated) ContractEventName() string {
	return BatchSettlementWithdrawInitiatedEventName
}

// UnpackWithdrawInitiatedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event WithdrawInitiated(bytes32 indexed channelId, uint128 amount, uint40 finalizeAfter)
func (batchSettlement *BatchSettlement) UnpackWithdrawInitiatedEvent(log *types.Log) (*BatchSettlementWithdrawInitiated, error) {
	event := "WithdrawInitiated"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != batchSettlement.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(BatchSettlementWithdrawInitiated)
	if len(log.Data) > 0 {
		if err := batchSettlement.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range batchSettlement.abi.Events[event].Inputs {
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
