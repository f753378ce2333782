// Code generated via abigen V2 - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package channels

import (
	"bytes"
	"errors"
	"math/big"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
)

// Reference imports to suppress errors if they are not otherwise used.
var (
	_ = bytes.Equal
	_ = errors.New
	_ = big.NewInt
	_ = common.Big1
	_ = types.BloomLookup
	_ = abi.ConvertType
)

// ChannelConfig is an auto generated low-level Go binding around an user-defined struct.
type ChannelConfig struct {
	Payer              common.Address
	PayerAuthorizer    common.Address
	Receiver           common.Address
	ReceiverAuthorizer common.Address
	Token              common.Address
	WithdrawDelay      *big.Int
	Salt               [32]byte
}

// Voucher is an auto generated low-level Go binding around an user-defined struct.
type Voucher struct {
	Channel            ChannelConfig
	MaxClaimableAmount *big.Int
}

// VoucherClaim is an auto generated low-level Go binding around an user-defined struct.
type VoucherClaim struct {
	Voucher      Voucher
	Signature    []byte
	TotalClaimed *big.Int
}

// BatchSettlementMetaData contains all meta data concerning the BatchSettlement contract.
var BatchSettlementMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"channelId\",\"type\":\"bytes32\"},{\"internalType\":\"uint128\",\"name\":\"totalClaimed\",\"type\":\"uint128\"},{\"internalType\":\"uint128\",\"name\":\"balance\",\"type\":\"uint128\"}],\"name\":\"ClaimExceedsBalance\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"channelId\",\"type\":\"bytes32\"},{\"internalType\":\"uint128\",\"name\":\"totalClaimed\",\"type\":\"uint128\"},{\"internalType\":\"uint128\",\"name\":\"maxClaimableAmount\",\"type\":\"uint128\"}],\"name\":\"ClaimExceedsVoucher\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"expected\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"received\",\"type\":\"uint256\"}],\"name\":\"DepositMismatch\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"EmptyClaimBatch\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"InvalidAuthorizerSignature\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"channelId\",\"type\":\"bytes32\"}],\"name\":\"InvalidVoucherSignature\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"channelId\",\"type\":\"bytes32\"}],\"name\":\"NoPendingWithdrawal\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"channelId\",\"type\":\"bytes32\"}],\"name\":\"ReceiverAuthorizerMismatch\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ReentrantCall\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"expected\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"given\",\"type\":\"uint256\"}],\"name\":\"RefundNonceMismatch\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"TokenTransferFailed\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"caller\",\"type\":\"address\"}],\"name\":\"Unauthorized\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint40\",\"name\":\"withdrawDelay\",\"type\":\"uint40\"}],\"name\":\"WithdrawDelayOutOfRange\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint128\",\"name\":\"amount\",\"type\":\"uint128\"},{\"internalType\":\"uint128\",\"name\":\"available\",\"type\":\"uint128\"}],\"name\":\"WithdrawExceedsAvailable\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint40\",\"name\":\"finalizeAfter\",\"type\":\"uint40\"}],\"name\":\"WithdrawalNotReady\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"channelId\",\"type\":\"bytes32\"}],\"name\":\"WithdrawalPending\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroAddress\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroAmount\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"channelId\",\"type\":\"bytes32\"},{\"components\":[{\"internalType\":\"address\",\"name\":\"payer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"payerAuthorizer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"receiver\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"receiverAuthorizer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"uint40\",\"name\":\"withdrawDelay\",\"type\":\"uint40\"},{\"internalType\":\"bytes32\",\"name\":\"salt\",\"type\":\"bytes32\"}],\"indexed\":false,\"internalType\":\"structChannelConfig\",\"name\":\"config\",\"type\":\"tuple\"}],\"name\":\"ChannelClosed\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"channelId\",\"type\":\"bytes32\"},{\"components\":[{\"internalType\":\"address\",\"name\":\"payer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"payerAuthorizer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"receiver\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"receiverAuthorizer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"uint40\",\"name\":\"withdrawDelay\",\"type\":\"uint40\"},{\"internalType\":\"bytes32\",\"name\":\"salt\",\"type\":\"bytes32\"}],\"indexed\":false,\"internalType\":\"structChannelConfig\",\"name\":\"config\",\"type\":\"tuple\"}],\"name\":\"ChannelCreated\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"channelId\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint128\",\"name\":\"claimAmount\",\"type\":\"uint128\"},{\"indexed\":false,\"internalType\":\"uint128\",\"name\":\"newTotalClaimed\",\"type\":\"uint128\"}],\"name\":\"Claimed\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"channelId\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint128\",\"name\":\"amount\",\"type\":\"uint128\"},{\"indexed\":false,\"internalType\":\"uint128\",\"name\":\"newBalance\",\"type\":\"uint128\"}],\"name\":\"Deposited\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"channelId\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint128\",\"name\":\"amount\",\"type\":\"uint128\"}],\"name\":\"Refunded\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"receiver\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint128\",\"name\":\"amount\",\"type\":\"uint128\"}],\"name\":\"Settled\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"channelId\",\"type\":\"bytes32\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"sender\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint128\",\"name\":\"amount\",\"type\":\"uint128\"}],\"name\":\"WithdrawFinalized\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"channelId\",\"type\":\"bytes32\"},{\"indexed\":false,\"internalType\":\"uint128\",\"name\":\"amount\",\"type\":\"uint128\"},{\"indexed\":false,\"internalType\":\"uint40\",\"name\":\"finalizeAfter\",\"type\":\"uint40\"}],\"name\":\"WithdrawInitiated\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"CHANNEL_CONFIG_TYPEHASH\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"channelId\",\"type\":\"bytes32\"}],\"name\":\"channels\",\"outputs\":[{\"internalType\":\"uint128\",\"name\":\"balance\",\"type\":\"uint128\"},{\"internalType\":\"uint128\",\"name\":\"totalClaimed\",\"type\":\"uint128\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"components\":[{\"components\":[{\"internalType\":\"address\",\"name\":\"payer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"payerAuthorizer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"receiver\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"receiverAuthorizer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"uint40\",\"name\":\"withdrawDelay\",\"type\":\"uint40\"},{\"internalType\":\"bytes32\",\"name\":\"salt\",\"type\":\"bytes32\"}],\"internalType\":\"structChannelConfig\",\"name\":\"channel\",\"type\":\"tuple\"},{\"internalType\":\"uint128\",\"name\":\"maxClaimableAmount\",\"type\":\"uint128\"}],\"internalType\":\"structVoucher\",\"name\":\"voucher\",\"type\":\"tuple\"},{\"internalType\":\"bytes\",\"name\":\"signature\",\"type\":\"bytes\"},{\"internalType\":\"uint128\",\"name\":\"totalClaimed\",\"type\":\"uint128\"}],\"internalType\":\"structVoucherClaim[]\",\"name\":\"voucherClaims\",\"type\":\"tuple[]\"}],\"name\":\"claim\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"components\":[{\"components\":[{\"internalType\":\"address\",\"name\":\"payer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"payerAuthorizer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"receiver\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"receiverAuthorizer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"uint40\",\"name\":\"withdrawDelay\",\"type\":\"uint40\"},{\"internalType\":\"bytes32\",\"name\":\"salt\",\"type\":\"bytes32\"}],\"internalType\":\"structChannelConfig\",\"name\":\"channel\",\"type\":\"tuple\"},{\"internalType\":\"uint128\",\"name\":\"maxClaimableAmount\",\"type\":\"uint128\"}],\"internalType\":\"structVoucher\",\"name\":\"voucher\",\"type\":\"tuple\"},{\"internalType\":\"bytes\",\"name\":\"signature\",\"type\":\"bytes\"},{\"internalType\":\"uint128\",\"name\":\"totalClaimed\",\"type\":\"uint128\"}],\"internalType\":\"structVoucherClaim[]\",\"name\":\"voucherClaims\",\"type\":\"tuple[]\"},{\"internalType\":\"bytes\",\"name\":\"authorizerSignature\",\"type\":\"bytes\"}],\"name\":\"claimWithSignature\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"internalType\":\"address\",\"name\":\"payer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"payerAuthorizer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"receiver\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"receiverAuthorizer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"uint40\",\"name\":\"withdrawDelay\",\"type\":\"uint40\"},{\"internalType\":\"bytes32\",\"name\":\"salt\",\"type\":\"bytes32\"}],\"internalType\":\"structChannelConfig\",\"name\":\"config\",\"type\":\"tuple\"},{\"internalType\":\"uint128\",\"name\":\"amount\",\"type\":\"uint128\"},{\"internalType\":\"address\",\"name\":\"collector\",\"type\":\"address\"},{\"internalType\":\"bytes\",\"name\":\"collectorData\",\"type\":\"bytes\"}],\"name\":\"deposit\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"internalType\":\"address\",\"name\":\"payer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"payerAuthorizer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"receiver\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"receiverAuthorizer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"uint40\",\"name\":\"withdrawDelay\",\"type\":\"uint40\"},{\"internalType\":\"bytes32\",\"name\":\"salt\",\"type\":\"bytes32\"}],\"internalType\":\"structChannelConfig\",\"name\":\"config\",\"type\":\"tuple\"}],\"name\":\"finalizeWithdraw\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"internalType\":\"address\",\"name\":\"payer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"payerAuthorizer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"receiver\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"receiverAuthorizer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"uint40\",\"name\":\"withdrawDelay\",\"type\":\"uint40\"},{\"internalType\":\"bytes32\",\"name\":\"salt\",\"type\":\"bytes32\"}],\"internalType\":\"structChannelConfig\",\"name\":\"config\",\"type\":\"tuple\"}],\"name\":\"getChannelId\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"components\":[{\"components\":[{\"internalType\":\"address\",\"name\":\"payer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"payerAuthorizer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"receiver\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"receiverAuthorizer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"uint40\",\"name\":\"withdrawDelay\",\"type\":\"uint40\"},{\"internalType\":\"bytes32\",\"name\":\"salt\",\"type\":\"bytes32\"}],\"internalType\":\"structChannelConfig\",\"name\":\"channel\",\"type\":\"tuple\"},{\"internalType\":\"uint128\",\"name\":\"maxClaimableAmount\",\"type\":\"uint128\"}],\"internalType\":\"structVoucher\",\"name\":\"voucher\",\"type\":\"tuple\"},{\"internalType\":\"bytes\",\"name\":\"signature\",\"type\":\"bytes\"},{\"internalType\":\"uint128\",\"name\":\"totalClaimed\",\"type\":\"uint128\"}],\"internalType\":\"structVoucherClaim[]\",\"name\":\"voucherClaims\",\"type\":\"tuple[]\"}],\"name\":\"getClaimBatchDigest\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"channelId\",\"type\":\"bytes32\"},{\"internalType\":\"uint256\",\"name\":\"nonce\",\"type\":\"uint256\"},{\"internalType\":\"uint128\",\"name\":\"amount\",\"type\":\"uint128\"}],\"name\":\"getRefundDigest\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"channelId\",\"type\":\"bytes32\"},{\"internalType\":\"uint128\",\"name\":\"maxClaimableAmount\",\"type\":\"uint128\"}],\"name\":\"getVoucherDigest\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"internalType\":\"address\",\"name\":\"payer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"payerAuthorizer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"receiver\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"receiverAuthorizer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"uint40\",\"name\":\"withdrawDelay\",\"type\":\"uint40\"},{\"internalType\":\"bytes32\",\"name\":\"salt\",\"type\":\"bytes32\"}],\"internalType\":\"structChannelConfig\",\"name\":\"config\",\"type\":\"tuple\"},{\"internalType\":\"uint128\",\"name\":\"amount\",\"type\":\"uint128\"}],\"name\":\"initiateWithdraw\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes[]\",\"name\":\"data\",\"type\":\"bytes[]\"}],\"name\":\"multicall\",\"outputs\":[{\"internalType\":\"bytes[]\",\"name\":\"results\",\"type\":\"bytes[]\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"channelId\",\"type\":\"bytes32\"}],\"name\":\"pendingWithdrawals\",\"outputs\":[{\"internalType\":\"uint128\",\"name\":\"amount\",\"type\":\"uint128\"},{\"internalType\":\"uint40\",\"name\":\"initiatedAt\",\"type\":\"uint40\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"receiver\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"receivers\",\"outputs\":[{\"internalType\":\"uint128\",\"name\":\"totalClaimed\",\"type\":\"uint128\"},{\"internalType\":\"uint128\",\"name\":\"totalSettled\",\"type\":\"uint128\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"internalType\":\"address\",\"name\":\"payer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"payerAuthorizer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"receiver\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"receiverAuthorizer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"uint40\",\"name\":\"withdrawDelay\",\"type\":\"uint40\"},{\"internalType\":\"bytes32\",\"name\":\"salt\",\"type\":\"bytes32\"}],\"internalType\":\"structChannelConfig\",\"name\":\"config\",\"type\":\"tuple\"},{\"internalType\":\"uint128\",\"name\":\"amount\",\"type\":\"uint128\"}],\"name\":\"refund\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"channelId\",\"type\":\"bytes32\"}],\"name\":\"refundNonce\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"internalType\":\"address\",\"name\":\"payer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"payerAuthorizer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"receiver\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"receiverAuthorizer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"uint40\",\"name\":\"withdrawDelay\",\"type\":\"uint40\"},{\"internalType\":\"bytes32\",\"name\":\"salt\",\"type\":\"bytes32\"}],\"internalType\":\"structChannelConfig\",\"name\":\"config\",\"type\":\"tuple\"},{\"internalType\":\"uint128\",\"name\":\"amount\",\"type\":\"uint128\"},{\"internalType\":\"uint256\",\"name\":\"nonce\",\"type\":\"uint256\"},{\"internalType\":\"bytes\",\"name\":\"receiverAuthorizerSignature\",\"type\":\"bytes\"}],\"name\":\"refundWithSignature\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"receiver\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"settle\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	ID:  "BatchSettlement",
	Bin: "0x6080604052348015600e575f5ffd5b506127be8061001c5f395ff3fe608060405234801561000f575f5ffd5b5060043610610111575f3560e01c8063ac9650d81161009e578063dce4bfae1161006e578063dce4bfae146102f7578063e25cf1891461030a578063e43ce1f21461031d578063e88377b114610330578063f0dc792e14610343575f5ffd5b8063ac9650d814610254578063b77433e914610274578063b7f06ebe14610287578063cf5cf3dc146102e4575f5ffd5b80635e5e0b87116100e45780635e5e0b87146101c15780637a7ebd7b146101d4578063862bb199146102075780638e4a68ac1461021a5780639db32a8f14610241575f5ffd5b8063140f1e751461011557806321ff63891461012a57806329237b0c1461018d578063488ccc3b146101a0575b5f5ffd5b6101286101233660046120e8565b610362565b005b61016861013836600461215d565b600260209081525f92835260408084209091529082529020546001600160801b0380821691600160801b90041682565b604080516001600160801b039384168152929091166020830152015b60405180910390f35b61012861019b3660046121cf565b6107a6565b6101b36101ae3660046121cf565b6108be565b604051908152602001610184565b6101b36101cf36600461220e565b610b3d565b6101686101e2366004612228565b5f602081905290815260409020546001600160801b0380821691600160801b90041682565b6101b361021536600461223f565b610c1d565b6101b37f1c9a06ceab9b0ebbd3301dc56c9111bb6d9af421356dc9ccb3b7084c755db30881565b61012861024f36600461215d565b610c71565b6102676102623660046121cf565b610d87565b6040516101849190612260565b6101286102823660046122e4565b610e95565b6102bf610295366004612228565b60016020525f90815260409020546001600160801b03811690600160801b900464ffffffffff1682565b604080516001600160801b03909316835264ffffffffff909116602083015201610184565b6101286102f2366004612335565b610f6c565b610128610305366004612335565b611161565b6101b361031836600461235f565b611217565b61012861032b366004612391565b611273565b61012861033e36600461220e565b6113f2565b6101b3610351366004612228565b60036020525f908152604090205481565b60ff5f5c1615610385576040516306fda65d60e31b815260040160405180910390fd5b60015f805c60ff19168217905d505f6103a160208701876123fd565b6001600160a01b031614806103cd57505f6103c260608701604088016123fd565b6001600160a01b0316145b806103ef57505f6103e460808701606088016123fd565b6001600160a01b0316145b8061041157505f61040660a08701608088016123fd565b6001600160a01b0316145b1561042f5760405163d92e233d60e01b815260040160405180910390fd5b61038461044260c0870160a0880161242a565b64ffffffffff16108061046d575062278d0061046460c0870160a0880161242a565b64ffffffffff16115b156104aa5761048260c0860160a0870161242a565b604051637239990560e01b815264ffffffffff90911660048201526024015b60405180910390fd5b836001600160801b03165f036104d357604051631f2a200560e01b815260040160405180910390fd5b5f6104dd86610b3d565b90505f6104f060a08801608089016123fd565b6040516370a0823160e01b81523060048201526001600160a01b0391909116906370a0823190602401602060405180830381865afa158015610534573d5f5f3e3d5ffd5b505050506040513d601f19601f820116820180604052508101906105589190612443565b90506001600160a01b03851663e416d8d361057660208a018a6123fd565b61058660a08b0160808c016123fd565b898689896040518763ffffffff1660e01b81526004016105ab96959493929190612482565b5f604051808303815f87803b1580156105c2575f5ffd5b505af11580156105d4573d5f5f3e3d5ffd5b505050505f818860800160208101906105ed91906123fd565b6040516370a0823160e01b81523060048201526001600160a01b0391909116906370a0823190602401602060405180830381865afa158015610631573d5f5f3e3d5ffd5b505050506040513d601f19601f820116820180604052508101906106559190612443565b61065f91906124d8565b9050866001600160801b0316811461069c57604051633b55508d60e21b81526001600160801b0388166004820152602481018290526044016104a1565b5f83815260208190526040902080546001600160801b03161580156106d057508054600160801b90046001600160801b0316155b1561070e57837f69d8248d5566bdb2ebc4d218970710d8378a2ff9b709a999e052b71970f808fa8a60405161070591906124eb565b60405180910390a25b80545f90610726908a906001600160801b0316612593565b82546fffffffffffffffffffffffffffffffff19166001600160801b03828116918217855560408051918d1682526020820192909252919250339187917f6c2a09353b5e75e70d0b9778b80a413809bb235d46c211811c474b3346791d89910160405180910390a3505f93505050815c60ff19169050815d505050505050565b60ff5f5c16156107c9576040516306fda65d60e31b815260040160405180910390fd5b60015f805c60ff19168217905d505f5b818110156108af57368383838181106107f4576107f46125b2565b905060200281019061080691906125c6565b905061081860608201604083016123fd565b6001600160a01b0316336001600160a01b03161415801561085a575061084460808201606083016123fd565b6001600160a01b0316336001600160a01b031614155b1561087a5760405163472511eb60e11b81523360048201526024016104a1565b6108a684848481811061088f5761088f6125b2565b90506020028101906108a191906125c6565b611692565b506001016107d9565b505f60ff19815c16815d505050565b5f808267ffffffffffffffff8111156108d9576108d96125e5565b604051908082528060200260200182016040528015610902578160200160208202803683370190505b5090505f5b838110156109ea5736858583818110610922576109226125b2565b905060200281019061093491906125c6565b90507f30b9a0367528fca13c3e8ec6134c3113f1887ebe7a1ad61de0955aac288b0cf561096082610b3d565b610971610100840160e085016125f9565b610983610140850161012086016125f9565b6040805160208101959095528401929092526001600160801b03908116606084015216608082015260a001604051602081830303815290604052805190602001208383815181106109d6576109d66125b2565b602090810291909101015250600101610907565b50610b337f42bd57c010b870c2e96203c66341f28a6a19b4d56a74533a8eb5f706b9fd6d5782604051602001610a209190612612565b60405160208183030381529060405280519060200120604051602001610a50929190918252602082015260400190565b60408051601f1981840301815282825280516020918201207f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f848301527fe03c502b9066cc6f23a8f0f48ed32cb7d506f9f0a2d0055449f256846a770e9a848401527fc89efdaa54c0f20c7adf612882df0950f5a951637e0307cdcb4c672f298b8bc660608501524660808501523060a0808601919091528351808603909101815260c08501845280519083012061190160f01b60e086015260e28501526101028085019190915282518085039091018152610122909301909152815191012090565b9150505b92915050565b5f610b377f1c9a06ceab9b0ebbd3301dc56c9111bb6d9af421356dc9ccb3b7084c755db308610b6f60208501856123fd565b610b7f60408601602087016123fd565b610b8f60608701604088016123fd565b610b9f60808801606089016123fd565b610baf60a0890160808a016123fd565b610bbf60c08a0160a08b0161242a565b6040805160208101989098526001600160a01b039687169088015293851660608701529184166080860152831660a085015290911660c08084019190915264ffffffffff90911660e083015284013561010082015261012001610a50565b604080517f1e1bd6ff84c3e0d9029a292b212e039c0ca97ec497c55191a4a5874294609a6960208201529081018390526001600160801b03821660608201525f90610c6a90608001610a50565b9392505050565b60ff5f5c1615610c94576040516306fda65d60e31b815260040160405180910390fd5b60015f805c60ff19168217905d506001600160a01b038083165f90815260026020908152604080832093851683529290529081208054909190610ce9906001600160801b03600160801b820481169116612647565b9050806001600160801b03165f03610d02575050610d79565b81546001600160801b03908116600160801b8102178355610d28908490869084166119fb565b6040516001600160801b038216815233906001600160a01b0385811691908716907f7337b4386b690fdb8ba66905b92b9d45d33bc6626ee2620c905fb150ec0cc47d9060200160405180910390a450505b5f60ff19815c16815d505050565b60608167ffffffffffffffff811115610da257610da26125e5565b604051908082528060200260200182016040528015610dd557816020015b6060815260200190600190039081610dc05790505b5090505f5b82811015610e8e575f8030868685818110610df757610df76125b2565b9050602002810190610e099190612666565b604051610e179291906126a9565b5f60405180830381855af49150503d805f8114610e4f576040519150601f19603f3d011682016040523d82523d5f602084013e610e54565b606091505b509150915081610e6657805160208201fd5b80848481518110610e7957610e796125b2565b60209081029190910101525050600101610dda565b5092915050565b60ff5f5c1615610eb8576040516306fda65d60e31b815260040160405180910390fd5b60015f805c60ff19168217905d505f610ed086610b3d565b5f81815260036020526040902054909150848114610f0b576040516303f778f960e61b815260048101829052602481018690526044016104a1565b610f30610f1e6080890160608a016123fd565b610f2984888a611217565b8686611b0d565b610f4d5760405163a56862eb60e01b815260040160405180910390fd5b610f58878388611c48565b505f905060ff19815c16815d505050505050565b60ff5f5c1615610f8f576040516306fda65d60e31b815260040160405180910390fd5b60015f805c60ff19168217905d50610fa682611eb0565b806001600160801b03165f03610fcf57604051631f2a200560e01b815260040160405180910390fd5b5f610fd983610b3d565b5f81815260016020526040902054909150600160801b900464ffffffffff1615611019576040516306f6a25f60e11b8152600481018290526024016104a1565b5f8181526020819052604081208054909190611047906001600160801b03600160801b820481169116612647565b9050806001600160801b0316846001600160801b0316111561108e5760405162d2824760e01b81526001600160801b038086166004830152821660248201526044016104a1565b6040805180820182526001600160801b03808716825264ffffffffff4281811660208086019182525f8a8152600190915295909520935184549551909216600160801b026001600160a81b03199095169190921617929092179055837fe4280d0d903c7f258f62b07c62f262377cbaa23f7791d78126e6446e0f0e3c238661111c60c08a0160a08b0161242a565b61112690856126b8565b604080516001600160801b03909316835264ffffffffff90911660208301520160405180910390a2505f92505050805c60ff1916815d505050565b60ff5f5c1615611184576040516306fda65d60e31b815260040160405180910390fd5b60015f805c60ff19168217905d506111a260608301604084016123fd565b6001600160a01b0316336001600160a01b0316141580156111e457506111ce60808301606084016123fd565b6001600160a01b0316336001600160a01b031614155b156112045760405163472511eb60e11b81523360048201526024016104a1565b610d798261121184610b3d565b83611c48565b604080517fbe23ad087435072cd69b49cc5b92de10ee610fce7ae0ab428307972d764bb2166020820152908101849052606081018390526001600160801b03821660808201525f9061126b9060a001610a50565b949350505050565b60ff5f5c1615611296576040516306fda65d60e31b815260040160405180910390fd5b60015f805c60ff19168217905d505f8390036112c557604051636001b95b60e01b815260040160405180910390fd5b5f84845f8181106112d8576112d86125b2565b90506020028101906112ea91906125c6565b6112fb9060808101906060016123fd565b905060015b84811015611385573686868381811061131b5761131b6125b2565b905060200281019061132d91906125c6565b90506001600160a01b03831661134960808301606084016123fd565b6001600160a01b03161461137c5761136081610b3d565b604051636c1ccd7f60e11b81526004016104a191815260200190565b50600101611300565b5061139b8161139487876108be565b8585611b0d565b6113b85760405163a56862eb60e01b815260040160405180910390fd5b5f5b848110156113df576113d786868381811061088f5761088f6125b2565b6001016113ba565b505f905060ff19815c16815d5050505050565b60ff5f5c1615611415576040516306fda65d60e31b815260040160405180910390fd5b60015f805c60ff19168217905d5061142c81611eb0565b5f61143682610b3d565b5f8181526001602090815260408083208151808301909252546001600160801b0381168252600160801b900464ffffffffff1691810182905292935090036114945760405163ce7100d160e01b8152600481018390526024016104a1565b5f6114a560c0850160a0860161242a565b82602001516114b491906126b8565b90508064ffffffffff164210156114e75760405163024c81af60e31b815264ffffffffff821660048201526024016104a1565b5f83815260016020908152604080832080546001600160a81b0319169055908290528120805490919061152c906001600160801b03600160801b820481169116612647565b90505f816001600160801b0316855f01516001600160801b0316106115515781611554565b84515b90506001600160801b038116156115d7578254819084905f906115819084906001600160801b0316612647565b92506101000a8154816001600160801b0302191690836001600160801b031602179055506115d78760800160208101906115bb91906123fd565b6115c860208a018a6123fd565b836001600160801b03166119fb565b6040516001600160801b0382168152339087907f546ce1e2242cd930c196bd08b894443562d709b4fffe4f028a75a6d233efc6e39060200160405180910390a382546001600160801b031615801561163e57508254600160801b90046001600160801b0316155b1561167c57857f8d5942f197f362dfd44dfdc1b0b7a9721c9151b67f55817c83349271d3c08d378860405161167391906124eb565b60405180910390a25b505f94505060ff19845c169250839150505d5050565b805f61169d82610b3d565b5f818152602081905260409020805491925090600160801b90046001600160801b0316806116d3610140870161012088016125f9565b6001600160801b0316116116e8575050505050565b6116f9610100860160e087016125f9565b6001600160801b0316611714610140870161012088016125f9565b6001600160801b0316111561177a5782611736610140870161012088016125f9565b611747610100880160e089016125f9565b604051630de0270760e41b815260048101939093526001600160801b0391821660248401521660448201526064016104a1565b81546001600160801b0316611797610140870161012088016125f9565b6001600160801b031611156117ee57826117b9610140870161012088016125f9565b835460405163cd34537f60e01b815260048101939093526001600160801b0391821660248401521660448201526064016104a1565b5f61180484610215610100890160e08a016125f9565b90505f8061181860408801602089016123fd565b6001600160a01b03160361184f5761184a61183660208801886123fd565b836118456101008b018b612666565b611b0d565b61188a565b61185f60408701602088016123fd565b6001600160a01b031661187f8361187a6101008b018b612666565b611f43565b6001600160a01b0316145b9050806118ad5760405163692acc3d60e01b8152600481018690526024016104a1565b5f836118c16101408a016101208b016125f9565b6118cb9190612647565b90506118df61014089016101208a016125f9565b85546001600160801b03918216600160801b0291161785558060025f61190b60608b0160408c016123fd565b6001600160a01b0316815260208101919091526040015f9081209061193660a08b0160808c016123fd565b6001600160a01b0316815260208101919091526040015f90812080549091906119699084906001600160801b0316612593565b92506101000a8154816001600160801b0302191690836001600160801b03160217905550336001600160a01b0316867f36bd546bb573e8921fdbfd934bbed62d872796b01792cd240cce27f79dd3eddd838b6101200160208101906119ce91906125f9565b604080516001600160801b0393841681529290911660208301520160405180910390a35050505050505050565b6040516001600160a01b038381166024830152604482018390525f91829186169060640160408051601f198184030181529181526020820180516001600160e01b031663a9059cbb60e01b17905251611a5491906126d5565b5f604051808303815f865af19150503d805f8114611a8d576040519150601f19603f3d011682016040523d82523d5f602084013e611a92565b606091505b5091509150811580611ac05750805115801590611ac0575080806020019051810190611abe91906126eb565b155b80611add57508051158015611add57506001600160a01b0385163b155b15611b0657604051632b596cb760e01b81526001600160a01b03861660048201526024016104a1565b5050505050565b5f5f611b1a858585611f43565b90506001600160a01b03811615801590611b455750856001600160a01b0316816001600160a01b0316145b15611b5457600191505061126b565b856001600160a01b03163b5f03611b6e575f91505061126b565b5f5f876001600160a01b0316878787604051602401611b8f9392919061270a565b60408051601f198184030181529181526020820180516001600160e01b0316630b135d3f60e11b17905251611bc491906126d5565b5f60405180830381855afa9150503d805f8114611bfc576040519150601f19603f3d011682016040523d82523d5f602084013e611c01565b606091505b5091509150818015611c1557506020815110155b8015611c3c57508051630b135d3f60e11b90611c3a9083016020908101908401612443565b145b98975050505050505050565b806001600160801b03165f03611c7157604051631f2a200560e01b815260040160405180910390fd5b5f828152600360205260408120805491611c8a8361272c565b90915550505f8281526020819052604081208054909190611cbd906001600160801b03600160801b820481169116612647565b90505f816001600160801b0316846001600160801b031610611cdf5781611ce1565b835b9050806001600160801b03165f03611cfb57505050505050565b8254819084905f90611d179084906001600160801b0316612647565b82546001600160801b039182166101009390930a9283029190920219909116179055505f858152600160205260409020805464ffffffffff600160801b9091041615611dd35780546001600160801b0390811690831610611d92575f86815260016020526040902080546001600160a81b0319169055611dd3565b8054829082905f90611dae9084906001600160801b0316612647565b92506101000a8154816001600160801b0302191690836001600160801b031602179055505b611e02611de660a0890160808a016123fd565b611df360208a018a6123fd565b846001600160801b03166119fb565b6040516001600160801b0383168152339087907fa84286cf8ebc7903a663c77c8d99aa92b600d4c2fcca872a5d4a663db4eb394b9060200160405180910390a383546001600160801b0316158015611e6957508354600160801b90046001600160801b0316155b15611ea757857f8d5942f197f362dfd44dfdc1b0b7a9721c9151b67f55817c83349271d3c08d3788604051611e9e91906124eb565b60405180910390a25b50505050505050565b611ebd60208201826123fd565b6001600160a01b0316336001600160a01b031614158015611f2057505f611eea60408301602084016123fd565b6001600160a01b03161480611f205750611f0a60408201602083016123fd565b6001600160a01b0316336001600160a01b031614155b15611f405760405163472511eb60e11b81523360048201526024016104a1565b50565b5f60418214611f5357505f610c6a565b5f611f616020828587612744565b611f6a9161276b565b90505f611f7b604060208688612744565b611f849161276b565b90505f85856040818110611f9a57611f9a6125b2565b919091013560f81c9150507f7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0821180611fe657508060ff16601b14158015611fe657508060ff16601c14155b15611ff6575f9350505050610c6a565b604080515f81526020810180835289905260ff831691810191909152606081018490526080810183905260019060a0016020604051602081039080840390855afa158015612046573d5f5f3e3d5ffd5b5050604051601f19015198975050505050505050565b5f60e0828403121561206c575f5ffd5b50919050565b80356001600160801b0381168114612088575f5ffd5b919050565b80356001600160a01b0381168114612088575f5ffd5b5f5f83601f8401126120b3575f5ffd5b50813567ffffffffffffffff8111156120ca575f5ffd5b6020830191508360208285010111156120e1575f5ffd5b9250929050565b5f5f5f5f5f61014086880312156120fd575f5ffd5b612107878761205c565b945061211560e08701612072565b9350612124610100870161208d565b925061012086013567ffffffffffffffff811115612140575f5ffd5b61214c888289016120a3565b969995985093965092949392505050565b5f5f6040838503121561216e575f5ffd5b6121778361208d565b91506121856020840161208d565b90509250929050565b5f5f83601f84011261219e575f5ffd5b50813567ffffffffffffffff8111156121b5575f5ffd5b6020830191508360208260051b85010111156120e1575f5ffd5b5f5f602083850312156121e0575f5ffd5b823567ffffffffffffffff8111156121f6575f5ffd5b6122028582860161218e565b90969095509350505050565b5f60e0828403121561221e575f5ffd5b610c6a838361205c565b5f60208284031215612238575f5ffd5b5035919050565b5f5f60408385031215612250575f5ffd5b8235915061218560208401612072565b5f602082016020835280845180835260408501915060408160051b8601019250602086015f5b828110156122d857603f19878603018452815180518087528060208301602089015e5f602082890101526020601f19601f83011688010196505050602082019150602084019350600181019050612286565b50929695505050505050565b5f5f5f5f5f61014086880312156122f9575f5ffd5b612303878761205c565b945061231160e08701612072565b9350610100860135925061012086013567ffffffffffffffff811115612140575f5ffd5b5f5f6101008385031215612347575f5ffd5b612351848461205c565b915061218560e08401612072565b5f5f5f60608486031215612371575f5ffd5b833592506020840135915061238860408501612072565b90509250925092565b5f5f5f5f604085870312156123a4575f5ffd5b843567ffffffffffffffff8111156123ba575f5ffd5b6123c68782880161218e565b909550935050602085013567ffffffffffffffff8111156123e5575f5ffd5b6123f1878288016120a3565b95989497509550505050565b5f6020828403121561240d575f5ffd5b610c6a8261208d565b803564ffffffffff81168114612088575f5ffd5b5f6020828403121561243a575f5ffd5b610c6a82612416565b5f60208284031215612453575f5ffd5b5051919050565b81835281816020850137505f828201602090810191909152601f909101601f19169091010190565b6001600160a01b038781168252861660208201526001600160801b03851660408201526060810184905260a0608082018190525f90611c3c908301848661245a565b634e487b7160e01b5f52601160045260245ffd5b81810381811115610b3757610b376124c4565b60e081016001600160a01b036125008461208d565b1682526001600160a01b036125176020850161208d565b1660208301526001600160a01b036125316040850161208d565b1660408301526001600160a01b0361254b6060850161208d565b1660608301526001600160a01b036125656080850161208d565b16608083015261257760a08401612416565b64ffffffffff811660a08401525060c092830135919092015290565b6001600160801b038181168382160190811115610b3757610b376124c4565b634e487b7160e01b5f52603260045260245ffd5b5f823561013e198336030181126125db575f5ffd5b9190910192915050565b634e487b7160e01b5f52604160045260245ffd5b5f60208284031215612609575f5ffd5b610c6a82612072565b81515f90829060208501835b8281101561263c57815184526020938401939091019060010161261e565b509195945050505050565b6001600160801b038281168282160390811115610b3757610b376124c4565b5f5f8335601e1984360301811261267b575f5ffd5b83018035915067ffffffffffffffff821115612695575f5ffd5b6020019150368190038213156120e1575f5ffd5b818382375f9101908152919050565b64ffffffffff8181168382160190811115610b3757610b376124c4565b5f82518060208501845e5f920191825250919050565b5f602082840312156126fb575f5ffd5b81518015158114610c6a575f5ffd5b838152604060208201525f61272360408301848661245a565b95945050505050565b5f6001820161273d5761273d6124c4565b5060010190565b5f5f85851115612752575f5ffd5b8386111561275e575f5ffd5b5050820193919092039150565b80356020831015610b37575f19602084900360031b1b169291505056fea2646970667358221220b517d600fb94c163aad82f0432b84288addc787945ad9fce0a5beddac91e8b2664736f6c63430008250033",
}

// BatchSettlement is an auto generated Go binding around an Ethereum contract.
type BatchSettlement struct {
	abi abi.ABI
}

// GetABI returns the ABI associated with this contract binding.
func (c *BatchSettlement) GetABI() abi.ABI {
	return c.abi
}

// NewBatchSettlement creates a new instance of BatchSettlement.
func NewBatchSettlement() *BatchSettlement {
	parsed, err := BatchSettlementMetaData.ParseABI()
	if err != nil {
		panic(errors.New("invalid ABI: " + err.Error()))
	}
	return &BatchSettlement{abi: *parsed}
}

// Instance creates a wrapper for a deployed contract instance at the given address.
// Use this to create the instance object passed to abigen v2 library functions Call, Transact, etc.
func (c *BatchSettlement) Instance(backend bind.ContractBackend, addr common.Address) *bind.BoundContract {
	return bind.NewBoundContract(addr, c.abi, backend, backend, backend)
}

// PackCHANNELCONFIGTYPEHASH is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x8e4a68ac.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function CHANNEL_CONFIG_TYPEHASH() view returns(bytes32)
func (batchSettlement *BatchSettlement) PackCHANNELCONFIGTYPEHASH() []byte {
	enc, err := batchSettlement.abi.Pack("CHANNEL_CONFIG_TYPEHASH")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackCHANNELCONFIGTYPEHASH is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x8e4a68ac.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function CHANNEL_CONFIG_TYPEHASH() view returns(bytes32)
func (batchSettlement *BatchSettlement) TryPackCHANNELCONFIGTYPEHASH() ([]byte, error) {
	return batchSettlement.abi.Pack("CHANNEL_CONFIG_TYPEHASH")
}

// UnpackCHANNELCONFIGTYPEHASH is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x8e4a68ac.
//
// Solidity: function CHANNEL_CONFIG_TYPEHASH() view returns(bytes32)
func (batchSettlement *BatchSettlement) UnpackCHANNELCONFIGTYPEHASH(data []byte) ([32]byte, error) {
	out, err := batchSettlement.abi.Unpack("CHANNEL_CONFIG_TYPEHASH", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackChannels is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x7a7ebd7b.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function channels(bytes32 channelId) view returns(uint128 balance, uint128 totalClaimed)
func (batchSettlement *BatchSettlement) PackChannels(channelId [32]byte) []byte {
	enc, err := batchSettlement.abi.Pack("channels", channelId)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackChannels is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x7a7ebd7b.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function channels(bytes32 channelId) view returns(uint128 balance, uint128 totalClaimed)
func (batchSettlement *BatchSettlement) TryPackChannels(channelId [32]byte) ([]byte, error) {
	return batchSettlement.abi.Pack("channels", channelId)
}

// ChannelsOutput serves as a container for the return parameters of contract
// method Channels.
type ChannelsOutput struct {
	Balance      *big.Int
	TotalClaimed *big.Int
}

// UnpackChannels is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x7a7ebd7b.
//
// Solidity: function channels(bytes32 channelId) view returns(uint128 balance, uint128 totalClaimed)
func (batchSettlement *BatchSettlement) UnpackChannels(data []byte) (ChannelsOutput, error) {
	out, err := batchSettlement.abi.Unpack("channels", data)
	outstruct := new(ChannelsOutput)
	if err != nil {
		return *outstruct, err
	}
	outstruct.Balance = abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	outstruct.TotalClaimed = abi.ConvertType(out[1], new(big.Int)).(*big.Int)
	return *outstruct, nil
}

// PackClaim is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x29237b0c.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function claim((((address,address,address,address,address,uint40,bytes32),uint128),bytes,uint128)[] voucherClaims) returns()
func (batchSettlement *BatchSettlement) PackClaim(voucherClaims []VoucherClaim) []byte {
	enc, err := batchSettlement.abi.Pack("claim", voucherClaims)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackClaim is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x29237b0c.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function claim((((address,address,address,address,address,uint40,bytes32),uint128),bytes,uint128)[] voucherClaims) returns()
func (batchSettlement *BatchSettlement) TryPackClaim(voucherClaims []VoucherClaim) ([]byte, error) {
	return batchSettlement.abi.Pack("claim", voucherClaims)
}

// PackClaimWithSignature is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe43ce1f2.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function claimWithSignature((((address,address,address,address,address,uint40,bytes32),uint128),bytes,uint128)[] voucherClaims, bytes authorizerSignature) returns()
func (batchSettlement *BatchSettlement) PackClaimWithSignature(voucherClaims []VoucherClaim, authorizerSignature []byte) []byte {
	enc, err := batchSettlement.abi.Pack("claimWithSignature", voucherClaims, authorizerSignature)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackClaimWithSignature is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe43ce1f2.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function claimWithSignature((((address,address,address,address,address,uint40,bytes32),uint128),bytes,uint128)[] voucherClaims, bytes authorizerSignature) returns()
func (batchSettlement *BatchSettlement) TryPackClaimWithSignature(voucherClaims []VoucherClaim, authorizerSignature []byte) ([]byte, error) {
	return batchSettlement.abi.Pack("claimWithSignature", voucherClaims, authorizerSignature)
}

// PackDeposit is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x140f1e75.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function deposit((address,address,address,address,address,uint40,bytes32) config, uint128 amount, address collector, bytes collectorData) returns()
func (batchSettlement *BatchSettlement) PackDeposit(config ChannelConfig, amount *big.Int, collector common.Address, collectorData []byte) []byte {
	enc, err := batchSettlement.abi.Pack("deposit", config, amount, collector, collectorData)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackDeposit is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x140f1e75.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function deposit((address,address,address,address,address,uint40,bytes32) config, uint128 amount, address collector, bytes collectorData) returns()
func (batchSettlement *BatchSettlement) TryPackDeposit(config ChannelConfig, amount *big.Int, collector common.Address, collectorData []byte) ([]byte, error) {
	return batchSettlement.abi.Pack("deposit", config, amount, collector, collectorData)
}

// PackFinalizeWithdraw is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe88377b1.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function finalizeWithdraw((address,address,address,address,address,uint40,bytes32) config) returns()
func (batchSettlement *BatchSettlement) PackFinalizeWithdraw(config ChannelConfig) []byte {
	enc, err := batchSettlement.abi.Pack("finalizeWithdraw", config)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackFinalizeWithdraw is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe88377b1.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function finalizeWithdraw((address,address,address,address,address,uint40,bytes32) config) returns()
func (batchSettlement *BatchSettlement) TryPackFinalizeWithdraw(config ChannelConfig) ([]byte, error) {
	return batchSettlement.abi.Pack("finalizeWithdraw", config)
}

// PackGetChannelId is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x5e5e0b87.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function getChannelId((address,address,address,address,address,uint40,bytes32) config) view returns(bytes32)
func (batchSettlement *BatchSettlement) PackGetChannelId(config ChannelConfig) []byte {
	enc, err := batchSettlement.abi.Pack("getChannelId", config)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackGetChannelId is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x5e5e0b87.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function getChannelId((address,address,address,address,address,uint40,bytes32) config) view returns(bytes32)
func (batchSettlement *BatchSettlement) TryPackGetChannelId(config ChannelConfig) ([]byte, error) {
	return batchSettlement.abi.Pack("getChannelId", config)
}

// UnpackGetChannelId is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x5e5e0b87.
//
// Solidity: function getChannelId((address,address,address,address,address,uint40,bytes32) config) view returns(bytes32)
func (batchSettlement *BatchSettlement) UnpackGetChannelId(data []byte) ([32]byte, error) {
	out, err := batchSettlement.abi.Unpack("getChannelId", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackGetClaimBatchDigest is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x488ccc3b.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function getClaimBatchDigest((((address,address,address,address,address,uint40,bytes32),uint128),bytes,uint128)[] voucherClaims) view returns(bytes32)
func (batchSettlement *BatchSettlement) PackGetClaimBatchDigest(voucherClaims []VoucherClaim) []byte {
	enc, err := batchSettlement.abi.Pack("getClaimBatchDigest", voucherClaims)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackGetClaimBatchDigest is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x488ccc3b.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function getClaimBatchDigest((((address,address,address,address,address,uint40,bytes32),uint128),bytes,uint128)[] voucherClaims) view returns(bytes32)
func (batchSettlement *BatchSettlement) TryPackGetClaimBatchDigest(voucherClaims []VoucherClaim) ([]byte, error) {
	return batchSettlement.abi.Pack("getClaimBatchDigest", voucherClaims)
}

// UnpackGetClaimBatchDigest is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x488ccc3b.
//
// Solidity: function getClaimBatchDigest((((address,address,address,address,address,uint40,bytes32),uint128),bytes,uint128)[] voucherClaims) view returns(bytes32)
func (batchSettlement *BatchSettlement) UnpackGetClaimBatchDigest(data []byte) ([32]byte, error) {
	out, err := batchSettlement.abi.Unpack("getClaimBatchDigest", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackGetRefundDigest is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe25cf189.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function getRefundDigest(bytes32 channelId, uint256 nonce, uint128 amount) view returns(bytes32)
func (batchSettlement *BatchSettlement) PackGetRefundDigest(channelId [32]byte, nonce *big.Int, amount *big.Int) []byte {
	enc, err := batchSettlement.abi.Pack("getRefundDigest", channelId, nonce, amount)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackGetRefundDigest is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe25cf189.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function getRefundDigest(bytes32 channelId, uint256 nonce, uint128 amount) view returns(bytes32)
func (batchSettlement *BatchSettlement) TryPackGetRefundDigest(channelId [32]byte, nonce *big.Int, amount *big.Int) ([]byte, error) {
	return batchSettlement.abi.Pack("getRefundDigest", channelId, nonce, amount)
}

// UnpackGetRefundDigest is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xe25cf189.
//
// Solidity: function getRefundDigest(bytes32 channelId, uint256 nonce, uint128 amount) view returns(bytes32)
func (batchSettlement *BatchSettlement) UnpackGetRefundDigest(data []byte) ([32]byte, error) {
	out, err := batchSettlement.abi.Unpack("getRefundDigest", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackGetVoucherDigest is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x862bb199.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function getVoucherDigest(bytes32 channelId, uint128 maxClaimableAmount) view returns(bytes32)
func (batchSettlement *BatchSettlement) PackGetVoucherDigest(channelId [32]byte, maxClaimableAmount *big.Int) []byte {
	enc, err := batchSettlement.abi.Pack("getVoucherDigest", channelId, maxClaimableAmount)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackGetVoucherDigest is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x862bb199.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function getVoucherDigest(bytes32 channelId, uint128 maxClaimableAmount) view returns(bytes32)
func (batchSettlement *BatchSettlement) TryPackGetVoucherDigest(channelId [32]byte, maxClaimableAmount *big.Int) ([]byte, error) {
	return batchSettlement.abi.Pack("getVoucherDigest", channelId, maxClaimableAmount)
}

// UnpackGetVoucherDigest is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x862bb199.
//
// Solidity: function getVoucherDigest(bytes32 channelId, uint128 maxClaimableAmount) view returns(bytes32)
func (batchSettlement *BatchSettlement) UnpackGetVoucherDigest(data []byte) ([32]byte, error) {
	out, err := batchSettlement.abi.Unpack("getVoucherDigest", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackInitiateWithdraw is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xcf5cf3dc.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function initiateWithdraw((address,address,address,address,address,uint40,bytes32) config, uint128 amount) returns()
func (batchSettlement *BatchSettlement) PackInitiateWithdraw(config ChannelConfig, amount *big.Int) []byte {
	enc, err := batchSettlement.abi.Pack("initiateWithdraw", config, amount)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackInitiateWithdraw is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xcf5cf3dc.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function initiateWithdraw((address,address,address,address,address,uint40,bytes32) config, uint128 amount) returns()
func (batchSettlement *BatchSettlement) TryPackInitiateWithdraw(config ChannelConfig, amount *big.Int) ([]byte, error) {
	return batchSettlement.abi.Pack("initiateWithdraw", config, amount)
}

// PackMulticall is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xac9650d8.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function multicall(bytes[] data) returns(bytes[] results)
func (batchSettlement *BatchSettlement) PackMulticall(data [][]byte) []byte {
	enc, err := batchSettlement.abi.Pack("multicall", data)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackMulticall is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xac9650d8.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function multicall(bytes[] data) returns(bytes[] results)
func (batchSettlement *BatchSettlement) TryPackMulticall(data [][]byte) ([]byte, error) {
	return batchSettlement.abi.Pack("multicall", data)
}

// UnpackMulticall is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xac9650d8.
//
// Solidity: function multicall(bytes[] data) returns(bytes[] results)
func (batchSettlement *BatchSettlement) UnpackMulticall(data []byte) ([][]byte, error) {
	out, err := batchSettlement.abi.Unpack("multicall", data)
	if err != nil {
		return *new([][]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([][]byte)).(*[][]byte)
	return out0, nil
}

// PackPendingWithdrawals is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xb7f06ebe.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function pendingWithdrawals(bytes32 channelId) view returns(uint128 amount, uint40 initiatedAt)
func (batchSettlement *BatchSettlement) PackPendingWithdrawals(channelId [32]byte) []byte {
	enc, err := batchSettlement.abi.Pack("pendingWithdrawals", channelId)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackPendingWithdrawals is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xb7f06ebe.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function pendingWithdrawals(bytes32 channelId) view returns(uint128 amount, uint40 initiatedAt)
func (batchSettlement *BatchSettlement) TryPackPendingWithdrawals(channelId [32]byte) ([]byte, error) {
	return batchSettlement.abi.Pack("pendingWithdrawals", channelId)
}

// PendingWithdrawalsOutput serves as a container for the return parameters of contract
// method PendingWithdrawals.
type PendingWithdrawalsOutput struct {
	Amount      *big.Int
	InitiatedAt *big.Int
}

// UnpackPendingWithdrawals is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xb7f06ebe.
//
// Solidity: function pendingWithdrawals(bytes32 channelId) view returns(uint128 amount, uint40 initiatedAt)
func (batchSettlement *BatchSettlement) UnpackPendingWithdrawals(data []byte) (PendingWithdrawalsOutput, error) {
	out, err := batchSettlement.abi.Unpack("pendingWithdrawals", data)
	outstruct := new(PendingWithdrawalsOutput)
	if err != nil {
		return *outstruct, err
	}
	outstruct.Amount = abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	outstruct.InitiatedAt = abi.ConvertType(out[1], new(big.Int)).(*big.Int)
	return *outstruct, nil
}

// PackReceivers is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x21ff6389.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function receivers(address receiver, address token) view returns(uint128 totalClaimed, uint128 totalSettled)
func (batchSettlement *BatchSettlement) PackReceivers(receiver common.Address, token common.Address) []byte {
	enc, err := batchSettlement.abi.Pack("receivers", receiver, token)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackReceivers is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x21ff6389.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function receivers(address receiver, address token) view returns(uint128 totalClaimed, uint128 totalSettled)
func (batchSettlement *BatchSettlement) TryPackReceivers(receiver common.Address, token common.Address) ([]byte, error) {
	return batchSettlement.abi.Pack("receivers", receiver, token)
}

// ReceiversOutput serves as a container for the return parameters of contract
// method Receivers.
type ReceiversOutput struct {
	TotalClaimed *big.Int
	TotalSettled *big.Int
}

// UnpackReceivers is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x21ff6389.
//
// Solidity: function receivers(address receiver, address token) view returns(uint128 totalClaimed, uint128 totalSettled)
func (batchSettlement *BatchSettlement) UnpackReceivers(data []byte) (ReceiversOutput, error) {
	out, err := batchSettlement.abi.Unpack("receivers", data)
	outstruct := new(ReceiversOutput)
	if err != nil {
		return *outstruct, err
	}
	outstruct.TotalClaimed = abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	outstruct.TotalSettled = abi.ConvertType(out[1], new(big.Int)).(*big.Int)
	return *outstruct, nil
}

// PackRefund is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xdce4bfae.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function refund((address,address,address,address,address,uint40,bytes32) config, uint128 amount) returns()
func (batchSettlement *BatchSettlement) PackRefund(config ChannelConfig, amount *big.Int) []byte {
	enc, err := batchSettlement.abi.Pack("refund", config, amount)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackRefund is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xdce4bfae.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function refund((address,address,address,address,address,uint40,bytes32) config, uint128 amount) returns()
func (batchSettlement *BatchSettlement) TryPackRefund(config ChannelConfig, amount *big.Int) ([]byte, error) {
	return batchSettlement.abi.Pack("refund", config, amount)
}

// PackRefundNonce is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xf0dc792e.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function refundNonce(bytes32 channelId) view returns(uint256)
func (batchSettlement *BatchSettlement) PackRefundNonce(channelId [32]byte) []byte {
	enc, err := batchSettlement.abi.Pack("refundNonce", channelId)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackRefundNonce is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xf0dc792e.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function refundNonce(bytes32 channelId) view returns(uint256)
func (batchSettlement *BatchSettlement) TryPackRefundNonce(channelId [32]byte) ([]byte, error) {
	return batchSettlement.abi.Pack("refundNonce", channelId)
}

// UnpackRefundNonce is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xf0dc792e.
//
// Solidity: function refundNonce(bytes32 channelId) view returns(uint256)
func (batchSettlement *BatchSettlement) UnpackRefundNonce(data []byte) (*big.Int, error) {
	out, err := batchSettlement.abi.Unpack("refundNonce", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackRefundWithSignature is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xb77433e9.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function refundWithSignature((address,address,address,address,address,uint40,bytes32) config, uint128 amount, uint256 nonce, bytes receiverAuthorizerSignature) returns()
func (batchSettlement *BatchSettlement) PackRefundWithSignature(config ChannelConfig, amount *big.Int, nonce *big.Int, receiverAuthorizerSignature []byte) []byte {
	enc, err := batchSettlement.abi.Pack("refundWithSignature", config, amount, nonce, receiverAuthorizerSignature)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackRefundWithSignature is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xb77433e9.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function refundWithSignature((address,address,address,address,address,uint40,bytes32) config, uint128 amount, uint256 nonce, bytes receiverAuthorizerSignature) returns()
func (batchSettlement *BatchSettlement) TryPackRefundWithSignature(config ChannelConfig, amount *big.Int, nonce *big.Int, receiverAuthorizerSignature []byte) ([]byte, error) {
	return batchSettlement.abi.Pack("refundWithSignature", config, amount, nonce, receiverAuthorizerSignature)
}

// PackSettle is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x9db32a8f.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function settle(address receiver, address token) returns()
func (batchSettlement *BatchSettlement) PackSettle(receiver common.Address, token common.Address) []byte {
	enc, err := batchSettlement.abi.Pack("settle", receiver, token)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSettle is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x9db32a8f.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function settle(address receiver, address token) returns()
func (batchSettlement *BatchSettlement) TryPackSettle(receiver common.Address, token common.Address) ([]byte, error) {
	return batchSettlement.abi.Pack("settle", receiver, token)
}

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

// UnpackError attempts to decode the provided error data using user-defined
// error definitions.
func (batchSettlement *BatchSettlement) UnpackError(raw []byte) (any, error) {
	if bytes.Equal(raw[:4], batchSettlement.abi.Errors["ClaimExceedsBalance"].ID.Bytes()[:4]) {
		return batchSettlement.UnpackClaimExceedsBalanceError(raw[4:])
	}
	if bytes.Equal(raw[:4], batchSettlement.abi.Errors["ClaimExceedsVoucher"].ID.Bytes()[:4]) {
		return batchSettlement.UnpackClaimExceedsVoucherError(raw[4:])
	}
	if bytes.Equal(raw[:4], batchSettlement.abi.Errors["DepositMismatch"].ID.Bytes()[:4]) {
		return batchSettlement.UnpackDepositMismatchError(raw[4:])
	}
	if bytes.Equal(raw[:4], batchSettlement.abi.Errors["EmptyClaimBatch"].ID.Bytes()[:4]) {
		return batchSettlement.UnpackEmptyClaimBatchError(raw[4:])
	}
	if bytes.Equal(raw[:4], batchSettlement.abi.Errors["InvalidAuthorizerSignature"].ID.Bytes()[:4]) {
		return batchSettlement.UnpackInvalidAuthorizerSignatureError(raw[4:])
	}
	if bytes.Equal(raw[:4], batchSettlement.abi.Errors["InvalidVoucherSignature"].ID.Bytes()[:4]) {
		return batchSettlement.UnpackInvalidVoucherSignatureError(raw[4:])
	}
	if bytes.Equal(raw[:4], batchSettlement.abi.Errors["NoPendingWithdrawal"].ID.Bytes()[:4]) {
		return batchSettlement.UnpackNoPendingWithdrawalError(raw[4:])
	}
	if bytes.Equal(raw[:4], batchSettlement.abi.Errors["ReceiverAuthorizerMismatch"].ID.Bytes()[:4]) {
		return batchSettlement.UnpackReceiverAuthorizerMismatchError(raw[4:])
	}
	if bytes.Equal(raw[:4], batchSettlement.abi.Errors["ReentrantCall"].ID.Bytes()[:4]) {
		return batchSettlement.UnpackReentrantCallError(raw[4:])
	}
	if bytes.Equal(raw[:4], batchSettlement.abi.Errors["RefundNonceMismatch"].ID.Bytes()[:4]) {
		return batchSettlement.UnpackRefundNonceMismatchError(raw[4:])
	}
	if bytes.Equal(raw[:4], batchSettlement.abi.Errors["TokenTransferFailed"].ID.Bytes()[:4]) {
		return batchSettlement.UnpackTokenTransferFailedError(raw[4:])
	}
	if bytes.Equal(raw[:4], batchSettlement.abi.Errors["Unauthorized"].ID.Bytes()[:4]) {
		return batchSettlement.UnpackUnauthorizedError(raw[4:])
	}
	if bytes.Equal(raw[:4], batchSettlement.abi.Errors["WithdrawDelayOutOfRange"].ID.Bytes()[:4]) {
		return batchSettlement.UnpackWithdrawDelayOutOfRangeError(raw[4:])
	}
	if bytes.Equal(raw[:4], batchSettlement.abi.Errors["WithdrawExceedsAvailable"].ID.Bytes()[:4]) {
		return batchSettlement.UnpackWithdrawExceedsAvailableError(raw[4:])
	}
	if bytes.Equal(raw[:4], batchSettlement.abi.Errors["WithdrawalNotReady"].ID.Bytes()[:4]) {
		return batchSettlement.UnpackWithdrawalNotReadyError(raw[4:])
	}
	if bytes.Equal(raw[:4], batchSettlement.abi.Errors["WithdrawalPending"].ID.Bytes()[:4]) {
		return batchSettlement.UnpackWithdrawalPendingError(raw[4:])
	}
	if bytes.Equal(raw[:4], batchSettlement.abi.Errors["ZeroAddress"].ID.Bytes()[:4]) {
		return batchSettlement.UnpackZeroAddressError(raw[4:])
	}
	if bytes.Equal(raw[:4], batchSettlement.abi.Errors["ZeroAmount"].ID.Bytes()[:4]) {
		return batchSettlement.UnpackZeroAmountError(raw[4:])
	}
	return nil, errors.New("Unknown error")
}

// BatchSettlementClaimExceedsBalance represents a ClaimExceedsBalance error raised by the BatchSettlement contract.
type BatchSettlementClaimExceedsBalance struct {
	ChannelId    [32]byte
	TotalClaimed *big.Int
	Balance      *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ClaimExceedsBalance(bytes32 channelId, uint128 totalClaimed, uint128 balance)
func BatchSettlementClaimExceedsBalanceErrorID() common.Hash {
	return common.HexToHash("0xcd34537f542982bd4e70c64e5cc99dc0ac1ef3a73a8f9e4ebe8dd9f7cd56171d")
}

// UnpackClaimExceedsBalanceError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ClaimExceedsBalance(bytes32 channelId, uint128 totalClaimed, uint128 balance)
func (batchSettlement *BatchSettlement) UnpackClaimExceedsBalanceError(raw []byte) (*BatchSettlementClaimExceedsBalance, error) {
	out := new(BatchSettlementClaimExceedsBalance)
	if err := batchSettlement.abi.UnpackIntoInterface(out, "ClaimExceedsBalance", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// BatchSettlementClaimExceedsVoucher represents a ClaimExceedsVoucher error raised by the BatchSettlement contract.
type BatchSettlementClaimExceedsVoucher struct {
	ChannelId          [32]byte
	TotalClaimed       *big.Int
	MaxClaimableAmount *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ClaimExceedsVoucher(bytes32 channelId, uint128 totalClaimed, uint128 maxClaimableAmount)
func BatchSettlementClaimExceedsVoucherErrorID() common.Hash {
	return common.HexToHash("0xde02707074d4ed2981c00a52b7eaf41d84919a829802b83f88477998352abc61")
}

// UnpackClaimExceedsVoucherError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ClaimExceedsVoucher(bytes32 channelId, uint128 totalClaimed, uint128 maxClaimableAmount)
func (batchSettlement *BatchSettlement) UnpackClaimExceedsVoucherError(raw []byte) (*BatchSettlementClaimExceedsVoucher, error) {
	out := new(BatchSettlementClaimExceedsVoucher)
	if err := batchSettlement.abi.UnpackIntoInterface(out, "ClaimExceedsVoucher", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// BatchSettlementDepositMismatch represents a DepositMismatch error raised by the BatchSettlement contract.
type BatchSettlementDepositMismatch struct {
	Expected *big.Int
	Received *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error DepositMismatch(uint256 expected, uint256 received)
func BatchSettlementDepositMismatchErrorID() common.Hash {
	return common.HexToHash("0xed5542346b666717b590de50f261485a1dc912c4339380b80e9984400d1412bb")
}

// UnpackDepositMismatchError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error DepositMismatch(uint256 expected, uint256 received)
func (batchSettlement *BatchSettlement) UnpackDepositMismatchError(raw []byte) (*BatchSettlementDepositMismatch, error) {
	out := new(BatchSettlementDepositMismatch)
	if err := batchSettlement.abi.UnpackIntoInterface(out, "DepositMismatch", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// BatchSettlementEmptyClaimBatch represents a EmptyClaimBatch error raised by the BatchSettlement contract.
type BatchSettlementEmptyClaimBatch struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error EmptyClaimBatch()
func BatchSettlementEmptyClaimBatchErrorID() common.Hash {
	return common.HexToHash("0x6001b95b1da29620fe90673416877b207e1ea2956b6881abc456bbecbc4b2837")
}

// UnpackEmptyClaimBatchError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error EmptyClaimBatch()
func (batchSettlement *BatchSettlement) UnpackEmptyClaimBatchError(raw []byte) (*BatchSettlementEmptyClaimBatch, error) {
	out := new(BatchSettlementEmptyClaimBatch)
	if err := batchSettlement.abi.UnpackIntoInterface(out, "EmptyClaimBatch", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// BatchSettlementInvalidAuthorizerSignature represents a InvalidAuthorizerSignature error raised by the BatchSettlement contract.
type BatchSettlementInvalidAuthorizerSignature struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InvalidAuthorizerSignature()
func BatchSettlementInvalidAuthorizerSignatureErrorID() common.Hash {
	return common.HexToHash("0xa56862eb2b45ee5b6c68361263b8df4ec10feb61eebcfcd62826d5ce187da2d5")
}

// UnpackInvalidAuthorizerSignatureError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InvalidAuthorizerSignature()
func (batchSettlement *BatchSettlement) UnpackInvalidAuthorizerSignatureError(raw []byte) (*BatchSettlementInvalidAuthorizerSignature, error) {
	out := new(BatchSettlementInvalidAuthorizerSignature)
	if err := batchSettlement.abi.UnpackIntoInterface(out, "InvalidAuthorizerSignature", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// BatchSettlementInvalidVoucherSignature represents a InvalidVoucherSignature error raised by the BatchSettlement contract.
type BatchSettlementInvalidVoucherSignature struct {
	ChannelId [32]byte
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InvalidVoucherSignature(bytes32 channelId)
func BatchSettlementInvalidVoucherSignatureErrorID() common.Hash {
	return common.HexToHash("0x692acc3dfb5b04f8c3f0305c6d55bf546e29fcec2ed859e6459b120300fec7f9")
}

// UnpackInvalidVoucherSignatureError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InvalidVoucherSignature(bytes32 channelId)
func (batchSettlement *BatchSettlement) UnpackInvalidVoucherSignatureError(raw []byte) (*BatchSettlementInvalidVoucherSignature, error) {
	out := new(BatchSettlementInvalidVoucherSignature)
	if err := batchSettlement.abi.UnpackIntoInterface(out, "InvalidVoucherSignature", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// BatchSettlementNoPendingWithdrawal represents a NoPendingWithdrawal error raised by the BatchSettlement contract.
type BatchSettlementNoPendingWithdrawal struct {
	ChannelId [32]byte
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error NoPendingWithdrawal(bytes32 channelId)
func BatchSettlementNoPendingWithdrawalErrorID() common.Hash {
	return common.HexToHash("0xce7100d1ade607b7d7df316be7a86fdea13e06dbea98b2c1f85312ee51bcf219")
}

// UnpackNoPendingWithdrawalError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error NoPendingWithdrawal(bytes32 channelId)
func (batchSettlement *BatchSettlement) UnpackNoPendingWithdrawalError(raw []byte) (*BatchSettlementNoPendingWithdrawal, error) {
	out := new(BatchSettlementNoPendingWithdrawal)
	if err := batchSettlement.abi.UnpackIntoInterface(out, "NoPendingWithdrawal", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// BatchSettlementReceiverAuthorizerMismatch represents a ReceiverAuthorizerMismatch error raised by the BatchSettlement contract.
type BatchSettlementReceiverAuthorizerMismatch struct {
	ChannelId [32]byte
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ReceiverAuthorizerMismatch(bytes32 channelId)
func BatchSettlementReceiverAuthorizerMismatchErrorID() common.Hash {
	return common.HexToHash("0xd8399afe639d864614519abb918fac71e987fda5db3907514703c6b8b94896f8")
}

// UnpackReceiverAuthorizerMismatchError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ReceiverAuthorizerMismatch(bytes32 channelId)
func (batchSettlement *BatchSettlement) UnpackReceiverAuthorizerMismatchError(raw []byte) (*BatchSettlementReceiverAuthorizerMismatch, error) {
	out := new(BatchSettlementReceiverAuthorizerMismatch)
	if err := batchSettlement.abi.UnpackIntoInterface(out, "ReceiverAuthorizerMismatch", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// BatchSettlementReentrantCall represents a ReentrantCall error raised by the BatchSettlement contract.
type BatchSettlementReentrantCall struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ReentrantCall()
func BatchSettlementReentrantCallErrorID() common.Hash {
	return common.HexToHash("0x37ed32e8b98f05c268547554617c26adb4478b89452c6df1b1c862cb749b1c27")
}

// UnpackReentrantCallError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ReentrantCall()
func (batchSettlement *BatchSettlement) UnpackReentrantCallError(raw []byte) (*BatchSettlementReentrantCall, error) {
	out := new(BatchSettlementReentrantCall)
	if err := batchSettlement.abi.UnpackIntoInterface(out, "ReentrantCall", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// BatchSettlementRefundNonceMismatch represents a RefundNonceMismatch error raised by the BatchSettlement contract.
type BatchSettlementRefundNonceMismatch struct {
	Expected *big.Int
	Given    *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error RefundNonceMismatch(uint256 expected, uint256 given)
func BatchSettlementRefundNonceMismatchErrorID() common.Hash {
	return common.HexToHash("0xfdde3e40874f21e2a87129d7bac77f24aedfc11c3bb2f1173f945eed0c145520")
}

// UnpackRefundNonceMismatchError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error RefundNonceMismatch(uint256 expected, uint256 given)
func (batchSettlement *BatchSettlement) UnpackRefundNonceMismatchError(raw []byte) (*BatchSettlementRefundNonceMismatch, error) {
	out := new(BatchSettlementRefundNonceMismatch)
	if err := batchSettlement.abi.UnpackIntoInterface(out, "RefundNonceMismatch", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// BatchSettlementTokenTransferFailed represents a TokenTransferFailed error raised by the BatchSettlement contract.
type BatchSettlementTokenTransferFailed struct {
	Token common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error TokenTransferFailed(address token)
func BatchSettlementTokenTransferFailedErrorID() common.Hash {
	return common.HexToHash("0x2b596cb7e9804a5202312682f04514d7f31332b7e5ffeaad4ba2ee9969d1d7d0")
}

// UnpackTokenTransferFailedError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error TokenTransferFailed(address token)
func (batchSettlement *BatchSettlement) UnpackTokenTransferFailedError(raw []byte) (*BatchSettlementTokenTransferFailed, error) {
	out := new(BatchSettlementTokenTransferFailed)
	if err := batchSettlement.abi.UnpackIntoInterface(out, "TokenTransferFailed", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// BatchSettlementUnauthorized represents a Unauthorized error raised by the BatchSettlement contract.
type BatchSettlementUnauthorized struct {
	Caller common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error Unauthorized(address caller)
func BatchSettlementUnauthorizedErrorID() common.Hash {
	return common.HexToHash("0x8e4a23d6a5d81f013eca4bc92aeb9214ccafcaebd1f097c350c922d6e19122d5")
}

// UnpackUnauthorizedError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error Unauthorized(address caller)
func (batchSettlement *BatchSettlement) UnpackUnauthorizedError(raw []byte) (*BatchSettlementUnauthorized, error) {
	out := new(BatchSettlementUnauthorized)
	if err := batchSettlement.abi.UnpackIntoInterface(out, "Unauthorized", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// BatchSettlementWithdrawDelayOutOfRange represents a WithdrawDelayOutOfRange error raised by the BatchSettlement contract.
type BatchSettlementWithdrawDelayOutOfRange struct {
	WithdrawDelay *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error WithdrawDelayOutOfRange(uint40 withdrawDelay)
func BatchSettlementWithdrawDelayOutOfRangeErrorID() common.Hash {
	return common.HexToHash("0x723999051ca98fb04cd70aa5fd042e946d51d0197cf77dca1d421ca1f8688b3f")
}

// UnpackWithdrawDelayOutOfRangeError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error WithdrawDelayOutOfRange(uint40 withdrawDelay)
func (batchSettlement *BatchSettlement) UnpackWithdrawDelayOutOfRangeError(raw []byte) (*BatchSettlementWithdrawDelayOutOfRange, error) {
	out := new(BatchSettlementWithdrawDelayOutOfRange)
	if err := batchSettlement.abi.UnpackIntoInterface(out, "WithdrawDelayOutOfRange", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// BatchSettlementWithdrawExceedsAvailable represents a WithdrawExceedsAvailable error raised by the BatchSettlement contract.
type BatchSettlementWithdrawExceedsAvailable struct {
	Amount    *big.Int
	Available *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error WithdrawExceedsAvailable(uint128 amount, uint128 available)
func BatchSettlementWithdrawExceedsAvailableErrorID() common.Hash {
	return common.HexToHash("0x00d28247093534f9b76f4390a79356971a6ebd7e55d403c722f998d69c2ffec9")
}

// UnpackWithdrawExceedsAvailableError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error WithdrawExceedsAvailable(uint128 amount, uint128 available)
func (batchSettlement *BatchSettlement) UnpackWithdrawExceedsAvailableError(raw []byte) (*BatchSettlementWithdrawExceedsAvailable, error) {
	out := new(BatchSettlementWithdrawExceedsAvailable)
	if err := batchSettlement.abi.UnpackIntoInterface(out, "WithdrawExceedsAvailable", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// BatchSettlementWithdrawalNotReady represents a WithdrawalNotReady error raised by the BatchSettlement contract.
type BatchSettlementWithdrawalNotReady struct {
	FinalizeAfter *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error WithdrawalNotReady(uint40 finalizeAfter)
func BatchSettlementWithdrawalNotReadyErrorID() common.Hash {
	return common.HexToHash("0x12640d78b8b74a5b2b598f183d4b39a60a05dbdbe052c15f7bca122b619eea70")
}

// UnpackWithdrawalNotReadyError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error WithdrawalNotReady(uint40 finalizeAfter)
func (batchSettlement *BatchSettlement) UnpackWithdrawalNotReadyError(raw []byte) (*BatchSettlementWithdrawalNotReady, error) {
	out := new(BatchSettlementWithdrawalNotReady)
	if err := batchSettlement.abi.UnpackIntoInterface(out, "WithdrawalNotReady", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// BatchSettlementWithdrawalPending represents a WithdrawalPending error raised by the BatchSettlement contract.
type BatchSettlementWithdrawalPending struct {
	ChannelId [32]byte
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error WithdrawalPending(bytes32 channelId)
func BatchSettlementWithdrawalPendingErrorID() common.Hash {
	return common.HexToHash("0x0ded44be9519d963906753003853ee3e337c87b5b867e41038d0e609dda6359c")
}

// UnpackWithdrawalPendingError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error WithdrawalPending(bytes32 channelId)
func (batchSettlement *BatchSettlement) UnpackWithdrawalPendingError(raw []byte) (*BatchSettlementWithdrawalPending, error) {
	out := new(BatchSettlementWithdrawalPending)
	if err := batchSettlement.abi.UnpackIntoInterface(out, "WithdrawalPending", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// BatchSettlementZeroAddress represents a ZeroAddress error raised by the BatchSettlement contract.
type BatchSettlementZeroAddress struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ZeroAddress()
func BatchSettlementZeroAddressErrorID() common.Hash {
	return common.HexToHash("0xd92e233df2717d4a40030e20904abd27b68fcbeede117eaaccbbdac9618c8c73")
}

// UnpackZeroAddressError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ZeroAddress()
func (batchSettlement *BatchSettlement) UnpackZeroAddressError(raw []byte) (*BatchSettlementZeroAddress, error) {
	out := new(BatchSettlementZeroAddress)
	if err := batchSettlement.abi.UnpackIntoInterface(out, "ZeroAddress", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// BatchSettlementZeroAmount represents a ZeroAmount error raised by the BatchSettlement contract.
type BatchSettlementZeroAmount struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ZeroAmount()
func BatchSettlementZeroAmountErrorID() common.Hash {
	return common.HexToHash("0x1f2a2005cb66a8e145327e8814e243a0996aec9bfe1e15a495778b1236dbd485")
}

// UnpackZeroAmountError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ZeroAmount()
func (batchSettlement *BatchSettlement) UnpackZeroAmountError(raw []byte) (*BatchSettlementZeroAmount, error) {
	out := new(BatchSettlementZeroAmount)
	if err := batchSettlement.abi.UnpackIntoInterface(out, "ZeroAmount", raw); err != nil {
		return nil, err
	}
	return out, nil
}
