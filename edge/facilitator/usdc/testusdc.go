// Code generated via abigen V2 - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package usdc

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

// TestUSDCMetaData contains all meta data concerning the TestUSDC contract.
var TestUSDCMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"string\",\"name\":\"name_\",\"type\":\"string\"},{\"internalType\":\"string\",\"name\":\"version_\",\"type\":\"string\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"Approval\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"authorizer\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"nonce\",\"type\":\"bytes32\"}],\"name\":\"AuthorizationUsed\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"Transfer\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"DOMAIN_SEPARATOR\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"RECEIVE_WITH_AUTHORIZATION_TYPEHASH\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"TRANSFER_WITH_AUTHORIZATION_TYPEHASH\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"name\":\"allowance\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"approve\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"},{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"name\":\"authorizationState\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"name\":\"balanceOf\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"decimals\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"mint\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"minter\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"name\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"validAfter\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"validBefore\",\"type\":\"uint256\"},{\"internalType\":\"bytes32\",\"name\":\"nonce\",\"type\":\"bytes32\"},{\"internalType\":\"bytes\",\"name\":\"signature\",\"type\":\"bytes\"}],\"name\":\"receiveWithAuthorization\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"validAfter\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"validBefore\",\"type\":\"uint256\"},{\"internalType\":\"bytes32\",\"name\":\"nonce\",\"type\":\"bytes32\"},{\"internalType\":\"uint8\",\"name\":\"v\",\"type\":\"uint8\"},{\"internalType\":\"bytes32\",\"name\":\"r\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"s\",\"type\":\"bytes32\"}],\"name\":\"receiveWithAuthorization\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"symbol\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"totalSupply\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"transfer\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"transferFrom\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"validAfter\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"validBefore\",\"type\":\"uint256\"},{\"internalType\":\"bytes32\",\"name\":\"nonce\",\"type\":\"bytes32\"},{\"internalType\":\"bytes\",\"name\":\"signature\",\"type\":\"bytes\"}],\"name\":\"transferWithAuthorization\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"validAfter\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"validBefore\",\"type\":\"uint256\"},{\"internalType\":\"bytes32\",\"name\":\"nonce\",\"type\":\"bytes32\"},{\"internalType\":\"uint8\",\"name\":\"v\",\"type\":\"uint8\"},{\"internalType\":\"bytes32\",\"name\":\"r\",\"type\":\"bytes32\"},{\"internalType\":\"bytes32\",\"name\":\"s\",\"type\":\"bytes32\"}],\"name\":\"transferWithAuthorization\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"version\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"}]",
	ID:  "TestUSDC",
	Bin: "0x60a060405234801561000f575f5ffd5b5060405161148938038061148983398101604081905261002e916100ef565b5f61003983826101e3565b50600161004682826101e3565b505033608052506102a1565b634e487b7160e01b5f52604160045260245ffd5b5f82601f830112610075575f5ffd5b81516001600160401b0381111561008e5761008e610052565b604051601f8201601f19908116603f011681016001600160401b03811182821017156100bc576100bc610052565b6040528181528382016020018510156100d3575f5ffd5b8160208501602083015e5f918101602001919091529392505050565b5f5f60408385031215610100575f5ffd5b82516001600160401b03811115610115575f5ffd5b61012185828601610066565b602085015190935090506001600160401b0381111561013e575f5ffd5b61014a85828601610066565b9150509250929050565b600181811c9082168061016857607f821691505b60208210810361018657634e487b7160e01b5f52602260045260245ffd5b50919050565b601f8211156101de57828211156101de57805f5260205f20601f840160051c60208510156101b757505f5b90810190601f840160051c035f5b818110156101da575f838201556001016101c5565b5050505b505050565b81516001600160401b038111156101fc576101fc610052565b6102108161020a8454610154565b8461018c565b6020601f821160018114610242575f831561022b5750848201515b5f19600385901b1c1916600184901b17845561029a565b5f84815260208120601f198516915b828110156102715787850151825560209485019460019092019101610251565b508482101561028e57868401515f19600387901b60f8161c191681555b505060018360011b0184555b5050505050565b6080516111c96102c05f395f818161014e01526105c201526111c95ff3fe608060405234801561000f575f5ffd5b5060043610610127575f3560e01c80637f2eecc3116100a9578063cf0929951161006e578063cf092995146102ca578063dd62ed3e146102dd578063e3ee160e14610307578063e94a01021461031a578063ef55bec614610347575f5ffd5b80637f2eecc31461023357806388b7ab631461025a57806395d89b411461026d578063a0cc6a6814610290578063a9059cbb146102b7575f5ffd5b8063313ce567116100ef578063313ce567146101d55780633644e515146101ef57806340c10f19146101f757806354fd4d501461020c57806370a0823114610214575f5ffd5b806306fdde031461012b5780630754617214610149578063095ea7b31461018857806318160ddd146101ab57806323b872dd146101c2575b5f5ffd5b61013361035a565b6040516101409190610db3565b60405180910390f35b6101707f000000000000000000000000000000000000000000000000000000000000000081565b6040516001600160a01b039091168152602001610140565b61019b610196366004610e03565b6103e5565b6040519015158152602001610140565b6101b460025481565b604051908152602001610140565b61019b6101d0366004610e2b565b610451565b6101dd600681565b60405160ff9091168152602001610140565b6101b4610526565b61020a610205366004610e03565b6105b7565b005b6101336106c0565b6101b4610222366004610e65565b60036020525f908152604090205481565b6101b47fd099cc98ef71107a616c4f0f941f04c322d8e254fe26b3c6668db87aae413de881565b61020a610268366004610e99565b6106cd565b610133604051806040016040528060048152602001635553444360e01b81525081565b6101b47f7c7c6cdb67a18743f49ec6fa9b35f50d52ed05cbed4cc592e13b44501c1a226781565b61019b6102c5366004610e03565b610745565b61020a6102d8366004610e99565b61075a565b6101b46102eb366004610f91565b600460209081525f928352604080842090915290825290205481565b61020a610315366004610fc2565b61079e565b61019b610328366004610e03565b600560209081525f928352604080842090915290825290205460ff1681565b61020a610355366004610fc2565b6107db565b5f805461036690611044565b80601f016020809104026020016040519081016040528092919081815260200182805461039290611044565b80156103dd5780601f106103b4576101008083540402835291602001916103dd565b820191905f5260205f20905b8154815290600101906020018083116103c057829003601f168201915b505050505081565b335f8181526004602090815260408083206001600160a01b038716808552925280832085905551919290917f8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b9259061043f9086815260200190565b60405180910390a35060015b92915050565b6001600160a01b0383165f908152600460209081526040808320338452909152812054828110156104da5760405162461bcd60e51b815260206004820152602860248201527f45524332303a207472616e7366657220616d6f756e74206578636565647320616044820152676c6c6f77616e636560c01b60648201526084015b60405180910390fd5b5f198114610510576104ec8382611090565b6001600160a01b0386165f9081526004602090815260408083203384529091529020555b61051b858585610835565b506001949350505050565b5f7f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f5f60405161055691906110a3565b6040518091039020600160405161056d91906110a3565b60408051918290038220602083019490945281019190915260608101919091524660808201523060a082015260c00160405160208183030381529060405280519060200120905090565b336001600160a01b037f0000000000000000000000000000000000000000000000000000000000000000161461063a5760405162461bcd60e51b815260206004820152602260248201527f54657374555344433a2063616c6c6572206973206e6f7420746865206d696e7460448201526132b960f11b60648201526084016104d1565b8060025f82825461064b919061113f565b90915550506001600160a01b0382165f908152600360205260408120805483929061067790849061113f565b90915550506040518181526001600160a01b038316905f907fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef9060200160405180910390a35050565b6001805461036690611044565b6001600160a01b03861633146106f55760405162461bcd60e51b81526004016104d190611152565b5f5f5f610701846109a7565b9250925092506107397fd099cc98ef71107a616c4f0f941f04c322d8e254fe26b3c6668db87aae413de88b8b8b8b8b8b8a8a8a610a20565b50505050505050505050565b5f610751338484610835565b50600192915050565b5f5f5f610766846109a7565b9250925092506107397f7c7c6cdb67a18743f49ec6fa9b35f50d52ed05cbed4cc592e13b44501c1a22678b8b8b8b8b8b8a8a8a610a20565b6107d07f7c7c6cdb67a18743f49ec6fa9b35f50d52ed05cbed4cc592e13b44501c1a22678a8a8a8a8a8a8a8a8a610a20565b505050505050505050565b6001600160a01b03881633146108035760405162461bcd60e51b81526004016104d190611152565b6107d07fd099cc98ef71107a616c4f0f941f04c322d8e254fe26b3c6668db87aae413de88a8a8a8a8a8a8a8a8a610a20565b6001600160a01b0382166108975760405162461bcd60e51b815260206004820152602360248201527f45524332303a207472616e7366657220746f20746865207a65726f206164647260448201526265737360e81b60648201526084016104d1565b6001600160a01b0383165f908152600360205260409020548181101561090e5760405162461bcd60e51b815260206004820152602660248201527f45524332303a207472616e7366657220616d6f756e7420657863656564732062604482015265616c616e636560d01b60648201526084016104d1565b6109188282611090565b6001600160a01b038086165f90815260036020526040808220939093559085168152908120805484929061094d90849061113f565b92505081905550826001600160a01b0316846001600160a01b03167fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef8460405161099991815260200190565b60405180910390a350505050565b5f5f5f8351604114610a055760405162461bcd60e51b815260206004820152602160248201527f454950333030393a20696e76616c6964207369676e6174757265206c656e67746044820152600d60fb1b60648201526084016104d1565b505050602081015160408201516060909201515f1a92909190565b854211610a7f5760405162461bcd60e51b815260206004820152602760248201527f454950333030393a20617574686f72697a6174696f6e206973206e6f742079656044820152661d081d985b1a5960ca1b60648201526084016104d1565b844210610ad85760405162461bcd60e51b815260206004820152602160248201527f454950333030393a20617574686f72697a6174696f6e206973206578706972656044820152601960fa1b60648201526084016104d1565b6001600160a01b0389165f90815260056020908152604080832087845290915290205460ff1615610b4b5760405162461bcd60e51b815260206004820152601e60248201527f454950333030393a20617574686f72697a6174696f6e2069732075736564000060448201526064016104d1565b6040805160208082018d90526001600160a01b038c8116838501528b166060830152608082018a905260a0820189905260c0820188905260e08083018890528351808403909101815261010090920190925280519101205f610bab610526565b60405161190160f01b60208201526022810191909152604281018390526062016040516020818303038152906040528051906020012090507f7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0835f1c11158015610c2557508460ff16601b1480610c2557508460ff16601c145b610c715760405162461bcd60e51b815260206004820152601a60248201527f454950333030393a20696e76616c6964207369676e617475726500000000000060448201526064016104d1565b604080515f8082526020820180845284905260ff881692820192909252606081018690526080810185905260019060a0016020604051602081039080840390855afa158015610cc2573d5f5f3e3d5ffd5b5050604051601f1901519150506001600160a01b03811615801590610cf857508b6001600160a01b0316816001600160a01b0316145b610d445760405162461bcd60e51b815260206004820152601a60248201527f454950333030393a20696e76616c6964207369676e617475726500000000000060448201526064016104d1565b6001600160a01b038c165f8181526005602090815260408083208b8452909152808220805460ff19166001179055518992917f98de503528ee59b575ef0c0a2576a82497bfc029a5685b209e9ec333479b10a591a3610da48c8c8c610835565b50505050505050505050505050565b602081525f82518060208401528060208501604085015e5f604082850101526040601f19601f83011684010191505092915050565b80356001600160a01b0381168114610dfe575f5ffd5b919050565b5f5f60408385031215610e14575f5ffd5b610e1d83610de8565b946020939093013593505050565b5f5f5f60608486031215610e3d575f5ffd5b610e4684610de8565b9250610e5460208501610de8565b929592945050506040919091013590565b5f60208284031215610e75575f5ffd5b610e7e82610de8565b9392505050565b634e487b7160e01b5f52604160045260245ffd5b5f5f5f5f5f5f5f60e0888a031215610eaf575f5ffd5b610eb888610de8565b9650610ec660208901610de8565b955060408801359450606088013593506080880135925060a0880135915060c088013567ffffffffffffffff811115610efd575f5ffd5b8801601f81018a13610f0d575f5ffd5b803567ffffffffffffffff811115610f2757610f27610e85565b604051601f8201601f19908116603f0116810167ffffffffffffffff81118282101715610f5657610f56610e85565b6040528181528282016020018c1015610f6d575f5ffd5b816020840160208301375f6020838301015280935050505092959891949750929550565b5f5f60408385031215610fa2575f5ffd5b610fab83610de8565b9150610fb960208401610de8565b90509250929050565b5f5f5f5f5f5f5f5f5f6101208a8c031215610fdb575f5ffd5b610fe48a610de8565b9850610ff260208b01610de8565b975060408a0135965060608a0135955060808a0135945060a08a0135935060c08a013560ff81168114611023575f5ffd5b989b979a50959894979396929550929360e081013593506101000135919050565b600181811c9082168061105857607f821691505b60208210810361107657634e487b7160e01b5f52602260045260245ffd5b50919050565b634e487b7160e01b5f52601160045260245ffd5b8181038181111561044b5761044b61107c565b5f5f83545f8160011c905060018216806110be57607f821691505b6020821081036110dc57634e487b7160e01b5f52602260045260245ffd5b8080156110f0576001811461110557611133565b60ff1984168752821515830287019450611133565b5f888152602090205f5b8481101561112b5781548982015260019091019060200161110f565b505082870194505b50929695505050505050565b8082018082111561044b5761044b61107c565b60208082526021908201527f454950333030393a2063616c6c6572206d7573742062652074686520706179656040820152606560f81b60608201526080019056fea2646970667358221220aec0f95cb57ebe2bc06e5cb4f38d683e1daa33e8b9edfe6994dbdbcdaea97d6f64736f6c63430008250033",
}

// TestUSDC is an auto generated Go binding around an Ethereum contract.
type TestUSDC struct {
	abi abi.ABI
}

// GetABI returns the ABI associated with this contract binding.
func (c *TestUSDC) GetABI() abi.ABI {
	return c.abi
}

// NewTestUSDC creates a new instance of TestUSDC.
func NewTestUSDC() *TestUSDC {
	parsed, err := TestUSDCMetaData.ParseABI()
	if err != nil {
		panic(errors.New("invalid ABI: " + err.Error()))
	}
	return &TestUSDC{abi: *parsed}
}

// Instance creates a wrapper for a deployed contract instance at the given address.
// Use this to create the instance object passed to abigen v2 library functions Call, Transact, etc.
func (c *TestUSDC) Instance(backend bind.ContractBackend, addr common.Address) *bind.BoundContract {
	return bind.NewBoundContract(addr, c.abi, backend, backend, backend)
}

// PackConstructor is the Go binding used to pack the parameters required for
// contract deployment.
//
// Solidity: constructor(string name_, string version_) returns()
func (testUSDC *TestUSDC) PackConstructor(name_ string, version_ string) []byte {
	enc, err := testUSDC.abi.Pack("", name_, version_)
	if err != nil {
		panic(err)
	}
	return enc
}

// PackDOMAINSEPARATOR is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x3644e515.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function DOMAIN_SEPARATOR() view returns(bytes32)
func (testUSDC *TestUSDC) PackDOMAINSEPARATOR() []byte {
	enc, err := testUSDC.abi.Pack("DOMAIN_SEPARATOR")
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
func (testUSDC *TestUSDC) TryPackDOMAINSEPARATOR() ([]byte, error) {
	return testUSDC.abi.Pack("DOMAIN_SEPARATOR")
}

// UnpackDOMAINSEPARATOR is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x3644e515.
//
// Solidity: function DOMAIN_SEPARATOR() view returns(bytes32)
func (testUSDC *TestUSDC) UnpackDOMAINSEPARATOR(data []byte) ([32]byte, error) {
	out, err := testUSDC.abi.Unpack("DOMAIN_SEPARATOR", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackRECEIVEWITHAUTHORIZATIONTYPEHASH is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x7f2eecc3.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function RECEIVE_WITH_AUTHORIZATION_TYPEHASH() view returns(bytes32)
func (testUSDC *TestUSDC) PackRECEIVEWITHAUTHORIZATIONTYPEHASH() []byte {
	enc, err := testUSDC.abi.Pack("RECEIVE_WITH_AUTHORIZATION_TYPEHASH")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackRECEIVEWITHAUTHORIZATIONTYPEHASH is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x7f2eecc3.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function RECEIVE_WITH_AUTHORIZATION_TYPEHASH() view returns(bytes32)
func (testUSDC *TestUSDC) TryPackRECEIVEWITHAUTHORIZATIONTYPEHASH() ([]byte, error) {
	return testUSDC.abi.Pack("RECEIVE_WITH_AUTHORIZATION_TYPEHASH")
}

// UnpackRECEIVEWITHAUTHORIZATIONTYPEHASH is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x7f2eecc3.
//
// Solidity: function RECEIVE_WITH_AUTHORIZATION_TYPEHASH() view returns(bytes32)
func (testUSDC *TestUSDC) UnpackRECEIVEWITHAUTHORIZATIONTYPEHASH(data []byte) ([32]byte, error) {
	out, err := testUSDC.abi.Unpack("RECEIVE_WITH_AUTHORIZATION_TYPEHASH", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackTRANSFERWITHAUTHORIZATIONTYPEHASH is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa0cc6a68.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function TRANSFER_WITH_AUTHORIZATION_TYPEHASH() view returns(bytes32)
func (testUSDC *TestUSDC) PackTRANSFERWITHAUTHORIZATIONTYPEHASH() []byte {
	enc, err := testUSDC.abi.Pack("TRANSFER_WITH_AUTHORIZATION_TYPEHASH")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTRANSFERWITHAUTHORIZATIONTYPEHASH is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa0cc6a68.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function TRANSFER_WITH_AUTHORIZATION_TYPEHASH() view returns(bytes32)
func (testUSDC *TestUSDC) TryPackTRANSFERWITHAUTHORIZATIONTYPEHASH() ([]byte, error) {
	return testUSDC.abi.Pack("TRANSFER_WITH_AUTHORIZATION_TYPEHASH")
}

// UnpackTRANSFERWITHAUTHORIZATIONTYPEHASH is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xa0cc6a68.
//
// Solidity: function TRANSFER_WITH_AUTHORIZATION_TYPEHASH() view returns(bytes32)
func (testUSDC *TestUSDC) UnpackTRANSFERWITHAUTHORIZATIONTYPEHASH(data []byte) ([32]byte, error) {
	out, err := testUSDC.abi.Unpack("TRANSFER_WITH_AUTHORIZATION_TYPEHASH", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackAllowance is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xdd62ed3e.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function allowance(address , address ) view returns(uint256)
func (testUSDC *TestUSDC) PackAllowance(arg0 common.Address, arg1 common.Address) []byte {
	enc, err := testUSDC.abi.Pack("allowance", arg0, arg1)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackAllowance is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xdd62ed3e.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function allowance(address , address ) view returns(uint256)
func (testUSDC *TestUSDC) TryPackAllowance(arg0 common.Address, arg1 common.Address) ([]byte, error) {
	return testUSDC.abi.Pack("allowance", arg0, arg1)
}

// UnpackAllowance is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xdd62ed3e.
//
// Solidity: function allowance(address , address ) view returns(uint256)
func (testUSDC *TestUSDC) UnpackAllowance(data []byte) (*big.Int, error) {
	out, err := testUSDC.abi.Unpack("allowance", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackApprove is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x095ea7b3.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function approve(address spender, uint256 value) returns(bool)
func (testUSDC *TestUSDC) PackApprove(spender common.Address, value *big.Int) []byte {
	enc, err := testUSDC.abi.Pack("approve", spender, value)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackApprove is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x095ea7b3.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function approve(address spender, uint256 value) returns(bool)
func (testUSDC *TestUSDC) TryPackApprove(spender common.Address, value *big.Int) ([]byte, error) {
	return testUSDC.abi.Pack("approve", spender, value)
}

// UnpackApprove is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x095ea7b3.
//
// Solidity: function approve(address spender, uint256 value) returns(bool)
func (testUSDC *TestUSDC) UnpackApprove(data []byte) (bool, error) {
	out, err := testUSDC.abi.Unpack("approve", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackAuthorizationState is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe94a0102.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function authorizationState(address , bytes32 ) view returns(bool)
func (testUSDC *TestUSDC) PackAuthorizationState(arg0 common.Address, arg1 [32]byte) []byte {
	enc, err := testUSDC.abi.Pack("authorizationState", arg0, arg1)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackAuthorizationState is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe94a0102.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function authorizationState(address , bytes32 ) view returns(bool)
func (testUSDC *TestUSDC) TryPackAuthorizationState(arg0 common.Address, arg1 [32]byte) ([]byte, error) {
	return testUSDC.abi.Pack("authorizationState", arg0, arg1)
}

// UnpackAuthorizationState is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xe94a0102.
//
// Solidity: function authorizationState(address , bytes32 ) view returns(bool)
func (testUSDC *TestUSDC) UnpackAuthorizationState(data []byte) (bool, error) {
	out, err := testUSDC.abi.Unpack("authorizationState", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackBalanceOf is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x70a08231.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function balanceOf(address ) view returns(uint256)
func (testUSDC *TestUSDC) PackBalanceOf(arg0 common.Address) []byte {
	enc, err := testUSDC.abi.Pack("balanceOf", arg0)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackBalanceOf is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x70a08231.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function balanceOf(address ) view returns(uint256)
func (testUSDC *TestUSDC) TryPackBalanceOf(arg0 common.Address) ([]byte, error) {
	return testUSDC.abi.Pack("balanceOf", arg0)
}

// UnpackBalanceOf is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x70a08231.
//
// Solidity: function balanceOf(address ) view returns(uint256)
func (testUSDC *TestUSDC) UnpackBalanceOf(data []byte) (*big.Int, error) {
	out, err := testUSDC.abi.Unpack("balanceOf", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackDecimals is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x313ce567.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function decimals() view returns(uint8)
func (testUSDC *TestUSDC) PackDecimals() []byte {
	enc, err := testUSDC.abi.Pack("decimals")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackDecimals is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x313ce567.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function decimals() view returns(uint8)
func (testUSDC *TestUSDC) TryPackDecimals() ([]byte, error) {
	return testUSDC.abi.Pack("decimals")
}

// UnpackDecimals is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x313ce567.
//
// Solidity: function decimals() view returns(uint8)
func (testUSDC *TestUSDC) UnpackDecimals(data []byte) (uint8, error) {
	out, err := testUSDC.abi.Unpack("decimals", data)
	if err != nil {
		return *new(uint8), err
	}
	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)
	return out0, nil
}

// PackMint is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x40c10f19.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function mint(address to, uint256 value) returns()
func (testUSDC *TestUSDC) PackMint(to common.Address, value *big.Int) []byte {
	enc, err := testUSDC.abi.Pack("mint", to, value)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackMint is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x40c10f19.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function mint(address to, uint256 value) returns()
func (testUSDC *TestUSDC) TryPackMint(to common.Address, value *big.Int) ([]byte, error) {
	return testUSDC.abi.Pack("mint", to, value)
}

// PackMinter is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x07546172.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function minter() view returns(address)
func (testUSDC *TestUSDC) PackMinter() []byte {
	enc, err := testUSDC.abi.Pack("minter")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackMinter is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x07546172.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function minter() view returns(address)
func (testUSDC *TestUSDC) TryPackMinter() ([]byte, error) {
	return testUSDC.abi.Pack("minter")
}

// UnpackMinter is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x07546172.
//
// Solidity: function minter() view returns(address)
func (testUSDC *TestUSDC) UnpackMinter(data []byte) (common.Address, error) {
	out, err := testUSDC.abi.Unpack("minter", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// PackName is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x06fdde03.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function name() view returns(string)
func (testUSDC *TestUSDC) PackName() []byte {
	enc, err := testUSDC.abi.Pack("name")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackName is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x06fdde03.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function name() view returns(string)
func (testUSDC *TestUSDC) TryPackName() ([]byte, error) {
	return testUSDC.abi.Pack("name")
}

// UnpackName is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x06fdde03.
//
// Solidity: function name() view returns(string)
func (testUSDC *TestUSDC) UnpackName(data []byte) (string, error) {
	out, err := testUSDC.abi.Unpack("name", data)
	if err != nil {
		return *new(string), err
	}
	out0 := *abi.ConvertType(out[0], new(string)).(*string)
	return out0, nil
}

// PackReceiveWithAuthorization is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x88b7ab63.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function receiveWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, bytes signature) returns()
func (testUSDC *TestUSDC) PackReceiveWithAuthorization(from common.Address, to common.Address, value *big.Int, validAfter *big.Int, validBefore *big.Int, nonce [32]byte, signature []byte) []byte {
	enc, err := testUSDC.abi.Pack("receiveWithAuthorization", from, to, value, validAfter, validBefore, nonce, signature)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackReceiveWithAuthorization is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x88b7ab63.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function receiveWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, bytes signature) returns()
func (testUSDC *TestUSDC) TryPackReceiveWithAuthorization(from common.Address, to common.Address, value *big.Int, validAfter *big.Int, validBefore *big.Int, nonce [32]byte, signature []byte) ([]byte, error) {
	return testUSDC.abi.Pack("receiveWithAuthorization", from, to, value, validAfter, validBefore, nonce, signature)
}

// PackReceiveWithAuthorization0 is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xef55bec6.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function receiveWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, uint8 v, bytes32 r, bytes32 s) returns()
func (testUSDC *TestUSDC) PackReceiveWithAuthorization0(from common.Address, to common.Address, value *big.Int, validAfter *big.Int, validBefore *big.Int, nonce [32]byte, v uint8, r [32]byte, s [32]byte) []byte {
	enc, err := testUSDC.abi.Pack("receiveWithAuthorization0", from, to, value, validAfter, validBefore, nonce, v, r, s)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackReceiveWithAuthorization0 is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xef55bec6.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function receiveWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, uint8 v, bytes32 r, bytes32 s) returns()
func (testUSDC *TestUSDC) TryPackReceiveWithAuthorization0(from common.Address, to common.Address, value *big.Int, validAfter *big.Int, validBefore *big.Int, nonce [32]byte, v uint8, r [32]byte, s [32]byte) ([]byte, error) {
	return testUSDC.abi.Pack("receiveWithAuthorization0", from, to, value, validAfter, validBefore, nonce, v, r, s)
}

// PackSymbol is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x95d89b41.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function symbol() view returns(string)
func (testUSDC *TestUSDC) PackSymbol() []byte {
	enc, err := testUSDC.abi.Pack("symbol")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSymbol is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x95d89b41.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function symbol() view returns(string)
func (testUSDC *TestUSDC) TryPackSymbol() ([]byte, error) {
	return testUSDC.abi.Pack("symbol")
}

// UnpackSymbol is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x95d89b41.
//
// Solidity: function symbol() view returns(string)
func (testUSDC *TestUSDC) UnpackSymbol(data []byte) (string, error) {
	out, err := testUSDC.abi.Unpack("symbol", data)
	if err != nil {
		return *new(string), err
	}
	out0 := *abi.ConvertType(out[0], new(string)).(*string)
	return out0, nil
}

// PackTotalSupply is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x18160ddd.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function totalSupply() view returns(uint256)
func (testUSDC *TestUSDC) PackTotalSupply() []byte {
	enc, err := testUSDC.abi.Pack("totalSupply")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTotalSupply is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x18160ddd.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function totalSupply() view returns(uint256)
func (testUSDC *TestUSDC) TryPackTotalSupply() ([]byte, error) {
	return testUSDC.abi.Pack("totalSupply")
}

// UnpackTotalSupply is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x18160ddd.
//
// Solidity: function totalSupply() view returns(uint256)
func (testUSDC *TestUSDC) UnpackTotalSupply(data []byte) (*big.Int, error) {
	out, err := testUSDC.abi.Unpack("totalSupply", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackTransfer is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa9059cbb.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function transfer(address to, uint256 value) returns(bool)
func (testUSDC *TestUSDC) PackTransfer(to common.Address, value *big.Int) []byte {
	enc, err := testUSDC.abi.Pack("transfer", to, value)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTransfer is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa9059cbb.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function transfer(address to, uint256 value) returns(bool)
func (testUSDC *TestUSDC) TryPackTransfer(to common.Address, value *big.Int) ([]byte, error) {
	return testUSDC.abi.Pack("transfer", to, value)
}

// UnpackTransfer is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xa9059cbb.
//
// Solidity: function transfer(address to, uint256 value) returns(bool)
func (testUSDC *TestUSDC) UnpackTransfer(data []byte) (bool, error) {
	out, err := testUSDC.abi.Unpack("transfer", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackTransferFrom is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x23b872dd.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function transferFrom(address from, address to, uint256 value) returns(bool)
func (testUSDC *TestUSDC) PackTransferFrom(from common.Address, to common.Address, value *big.Int) []byte {
	enc, err := testUSDC.abi.Pack("transferFrom", from, to, value)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTransferFrom is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x23b872dd.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function transferFrom(address from, address to, uint256 value) returns(bool)
func (testUSDC *TestUSDC) TryPackTransferFrom(from common.Address, to common.Address, value *big.Int) ([]byte, error) {
	return testUSDC.abi.Pack("transferFrom", from, to, value)
}

// UnpackTransferFrom is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x23b872dd.
//
// Solidity: function transferFrom(address from, address to, uint256 value) returns(bool)
func (testUSDC *TestUSDC) UnpackTransferFrom(data []byte) (bool, error) {
	out, err := testUSDC.abi.Unpack("transferFrom", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackTransferWithAuthorization is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xcf092995.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, bytes signature) returns()
func (testUSDC *TestUSDC) PackTransferWithAuthorization(from common.Address, to common.Address, value *big.Int, validAfter *big.Int, validBefore *big.Int, nonce [32]byte, signature []byte) []byte {
	enc, err := testUSDC.abi.Pack("transferWithAuthorization", from, to, value, validAfter, validBefore, nonce, signature)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTransferWithAuthorization is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xcf092995.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, bytes signature) returns()
func (testUSDC *TestUSDC) TryPackTransferWithAuthorization(from common.Address, to common.Address, value *big.Int, validAfter *big.Int, validBefore *big.Int, nonce [32]byte, signature []byte) ([]byte, error) {
	return testUSDC.abi.Pack("transferWithAuthorization", from, to, value, validAfter, validBefore, nonce, signature)
}

// PackTransferWithAuthorization0 is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe3ee160e.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, uint8 v, bytes32 r, bytes32 s) returns()
func (testUSDC *TestUSDC) PackTransferWithAuthorization0(from common.Address, to common.Address, value *big.Int, validAfter *big.Int, validBefore *big.Int, nonce [32]byte, v uint8, r [32]byte, s [32]byte) []byte {
	enc, err := testUSDC.abi.Pack("transferWithAuthorization0", from, to, value, validAfter, validBefore, nonce, v, r, s)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTransferWithAuthorization0 is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe3ee160e.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function transferWithAuthorization(address from, address to, uint256 value, uint256 validAfter, uint256 validBefore, bytes32 nonce, uint8 v, bytes32 r, bytes32 s) returns()
func (testUSDC *TestUSDC) TryPackTransferWithAuthorization0(from common.Address, to common.Address, value *big.Int, validAfter *big.Int, validBefore *big.Int, nonce [32]byte, v uint8, r [32]byte, s [32]byte) ([]byte, error) {
	return testUSDC.abi.Pack("transferWithAuthorization0", from, to, value, validAfter, validBefore, nonce, v, r, s)
}

// PackVersion is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x54fd4d50.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function version() view returns(string)
func (testUSDC *TestUSDC) PackVersion() []byte {
	enc, err := testUSDC.abi.Pack("version")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackVersion is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x54fd4d50.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function version() view returns(string)
func (testUSDC *TestUSDC) TryPackVersion() ([]byte, error) {
	return testUSDC.abi.Pack("version")
}

// UnpackVersion is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x54fd4d50.
//
// Solidity: function version() view returns(string)
func (testUSDC *TestUSDC) UnpackVersion(data []byte) (string, error) {
	out, err := testUSDC.abi.Unpack("version", data)
	if err != nil {
		return *new(string), err
	}
	out0 := *abi.ConvertType(out[0], new(string)).(*string)
	return out0, nil
}

// TestUSDCApproval represents a Approval event raised by the TestUSDC contract.
type TestUSDCApproval struct {
	Owner   common.Address
	Spender common.Address
	Value   *big.Int
	Raw     *types.Log // Blockchain specific contextual infos
}

const TestUSDCApprovalEventName = "Approval"

// ContractEventName returns the user-defined event name.
func (TestUSDCApproval) ContractEventName() string {
	return TestUSDCApprovalEventName
}

// UnpackApprovalEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Approval(address indexed owner, address indexed spender, uint256 value)
func (testUSDC *TestUSDC) UnpackApprovalEvent(log *types.Log) (*TestUSDCApproval, error) {
	event := "Approval"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != testUSDC.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(TestUSDCApproval)
	if len(log.Data) > 0 {
		if err := testUSDC.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range testUSDC.abi.Events[event].Inputs {
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

// TestUSDCAuthorizationUsed represents a AuthorizationUsed event raised by the TestUSDC contract.
type TestUSDCAuthorizationUsed struct {
	Authorizer common.Address
	Nonce      [32]byte
	Raw        *types.Log // Blockchain specific contextual infos
}

const TestUSDCAuthorizationUsedEventName = "AuthorizationUsed"

// ContractEventName returns the user-defined event name.
func (TestUSDCAuthorizationUsed) ContractEventName() string {
	return TestUSDCAuthorizationUsedEventName
}

// UnpackAuthorizationUsedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)
func (testUSDC *TestUSDC) UnpackAuthorizationUsedEvent(log *types.Log) (*TestUSDCAuthorizationUsed, error) {
	event := "AuthorizationUsed"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != testUSDC.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(TestUSDCAuthorizationUsed)
	if len(log.Data) > 0 {
		if err := testUSDC.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range testUSDC.abi.Events[event].Inputs {
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

// TestUSDCTransfer represents a Transfer event raised by the TestUSDC contract.
type TestUSDCTransfer struct {
	From  common.Address
	To    common.Address
	Value *big.Int
	Raw   *types.Log // Blockchain specific contextual infos
}

const TestUSDCTransferEventName = "Transfer"

// ContractEventName returns the user-defined event name.
func (TestUSDCTransfer) ContractEventName() string {
	return TestUSDCTransferEventName
}

// UnpackTransferEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Transfer(address indexed from, address indexed to, uint256 value)
func (testUSDC *TestUSDC) UnpackTransferEvent(log *types.Log) (*TestUSDCTransfer, error) {
	event := "Transfer"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != testUSDC.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(TestUSDCTransfer)
	if len(log.Data) > 0 {
		if err := testUSDC.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range testUSDC.abi.Events[event].Inputs {
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
