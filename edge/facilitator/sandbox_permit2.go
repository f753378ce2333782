package facilitator

import (
	"math/big"

	"github.com/coinslot/coinslot/edge/facilitator/permit2"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
)

// reentrancyGuardSlot is where OpenZeppelin's ReentrancyGuard (5.5) keeps
// its status, which its constructor sets to NOT_ENTERED (1): genesis state
// runs no constructor, so the proxies start with it written.
var reentrancyGuardSlot = common.HexToHash("0x9b779b17422d0df92223018b32b4d1fa46e071723d6817e2486d003becc55f00")

// PlacePermit2 puts Permit2 and the x402 Permit2 proxies in a genesis at
// the addresses the official clients sign for: the sandbox's, and a test
// node's. Their runtime code carries its immutables
// (contracts/generate.sh says which values); the proxies' reentrancy guard
// is the only state a constructor would have left.
func PlacePermit2(alloc types.GenesisAlloc) {
	guard := map[common.Hash]common.Hash{reentrancyGuardSlot: common.BigToHash(big.NewInt(1))}
	alloc[x402.Permit2Address] = types.Account{Code: common.FromHex(permit2.Permit2Runtime), Balance: new(big.Int)}
	alloc[x402.ExactPermit2ProxyAddress] = types.Account{Code: common.FromHex(permit2.ExactPermit2ProxyRuntime), Storage: guard, Balance: new(big.Int)}
	alloc[x402.UptoPermit2ProxyAddress] = types.Account{Code: common.FromHex(permit2.UptoPermit2ProxyRuntime), Storage: guard, Balance: new(big.Int)}
}
