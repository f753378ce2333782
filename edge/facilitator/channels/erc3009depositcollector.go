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

// ERC3009DepositCollectorMetaData contains all meta data concerning the ERC3009DepositCollector contract.
var ERC3009DepositCollectorMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"caller\",\"type\":\"address\"}],\"name\":\"OnlyBatchSettlement\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"TokenTransferFailed\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"BATCH_SETTLEMENT\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"payer\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"},{\"internalType\":\"bytes32\",\"name\":\"channelId\",\"type\":\"bytes32\"},{\"internalType\":\"bytes\",\"name\":\"collectorData\",\"type\":\"bytes\"}],\"name\":\"collect\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	ID:  "ERC3009DepositCollector",
	Bin: "0x6080604052348015600e575f5ffd5b506105038061001c5f395ff3fe608060405234801561000f575f5ffd5b5060043610610034575f3560e01c806382b0032414610038578063e416d8d31461006f575b5f5ffd5b610053734020074e9df2ce1dee5a9c1b5c3f541d02a1000381565b6040516001600160a01b03909116815260200160405180910390f35b61008261007d36600461029b565b610084565b005b33734020074e9df2ce1dee5a9c1b5c3f541d02a10003146100bf57604051638850ddab60e01b81523360048201526024015b60405180910390fd5b5f8080806100cf85870187610350565b93509350935093505f87836040516020016100f4929190918252602082015260400190565b60408051601f198184030181529082905280516020909101206388b7ab6360e01b825291506001600160a01b038b16906388b7ab6390610144908e9030908e908b908b9089908b9060040161041f565b5f604051808303815f87803b15801561015b575f5ffd5b505af115801561016d573d5f5f3e3d5ffd5b5050604051734020074e9df2ce1dee5a9c1b5c3f541d02a100036024820152604481018c90525f92508291506001600160a01b038d169060640160408051601f198184030181529181526020820180516001600160e01b031663a9059cbb60e01b179052516101dc9190610491565b5f604051808303815f865af19150503d805f8114610215576040519150601f19603f3d011682016040523d82523d5f602084013e61021a565b606091505b5091509150811580610248575080511580159061024857508080602001905181019061024691906104a7565b155b1561027157604051632b596cb760e01b81526001600160a01b038d1660048201526024016100b6565b50505050505050505050505050565b80356001600160a01b0381168114610296575f5ffd5b919050565b5f5f5f5f5f5f60a087890312156102b0575f5ffd5b6102b987610280565b95506102c760208801610280565b94506040870135935060608701359250608087013567ffffffffffffffff8111156102f0575f5ffd5b8701601f81018913610300575f5ffd5b803567ffffffffffffffff811115610316575f5ffd5b896020828401011115610327575f5ffd5b60208201935080925050509295509295509295565b634e487b7160e01b5f52604160045260245ffd5b5f5f5f5f60808587031215610363575f5ffd5b843593506020850135925060408501359150606085013567ffffffffffffffff81111561038e575f5ffd5b8501601f8101871361039e575f5ffd5b803567ffffffffffffffff8111156103b8576103b861033c565b604051601f8201601f19908116603f0116810167ffffffffffffffff811182821017156103e7576103e761033c565b6040528181528282016020018910156103fe575f5ffd5b816020840160208301375f6020838301015280935050505092959194509250565b60018060a01b038816815260018060a01b03871660208201528560408201528460608201528360808201528260a082015260e060c08201525f82518060e0840152806020850161010085015e5f6101008285010152610100601f19601f83011684010191505098975050505050505050565b5f82518060208501845e5f920191825250919050565b5f602082840312156104b7575f5ffd5b815180151581146104c6575f5ffd5b939250505056fea2646970667358221220c65afcc3984564dcd7b45967c46de28703f0aa430b3f4c5ad7490cca8d9141a864736f6c63430008250033",
}

// ERC3009DepositCollector is an auto generated Go binding around an Ethereum contract.
type ERC3009DepositCollector struct {
	abi abi.ABI
}

// GetABI returns the ABI associated with this contract binding.
func (c *ERC3009DepositCollector) GetABI() abi.ABI {
	return c.abi
}

// NewERC3009DepositCollector creates a new instance of ERC3009DepositCollector.
func NewERC3009DepositCollector() *ERC3009DepositCollector {
	parsed, err := ERC3009DepositCollectorMetaData.ParseABI()
	if err != nil {
		panic(errors.New("invalid ABI: " + err.Error()))
	}
	return &ERC3009DepositCollector{abi: *parsed}
}

// Instance creates a wrapper for a deployed contract instance at the given address.
// Use this to create the instance object passed to abigen v2 library functions Call, Transact, etc.
func (c *ERC3009DepositCollector) Instance(backend bind.ContractBackend, addr common.Address) *bind.BoundContract {
	return bind.NewBoundContract(addr, c.abi, backend, backend, backend)
}
