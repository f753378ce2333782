package channels

import "github.com/ethereum/go-ethereum/common"

// The scheme's canonical deployments: the same address on every chain, so
// clients and facilitators need not be told where the contracts are.
var (
	BatchSettlementAddress         = common.HexToAddress("0x4020074e9dF2ce1deE5A9C1b5c3f541D02a10003")
	ERC3009DepositCollectorAddress = common.HexToAddress("0x4020806089470a89826cB9fB1f4059150b550004")
)
