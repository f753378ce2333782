package x402

import (
	"errors"

	"github.com/ethereum/go-ethereum/common"
)

// Schemes and asset transfer methods carried by Permit2 (see permit2_types.go).
const (
	SchemeUpto = "upto"
	// AssetTransferMethodPermit2 in an exact offer's extra.assetTransferMethod
	// asks for a Permit2 witness transfer instead of EIP-3009.
	AssetTransferMethodPermit2 = "permit2"
)

// The canonical Permit2 (Uniswap, deterministic deployer) and the x402
// proxies that are the spender of every x402 Permit2 signature, the same on
// every EVM chain (CREATE2), as the official clients sign for them.
// contracts/generate.sh reads Permit2Address from this line to bake it into
// the proxies' runtime code.
var (
	Permit2Address           = common.HexToAddress("0x000000000022D473030F116dDEE9F6B43aC78BA3")
	ExactPermit2ProxyAddress = common.HexToAddress("0x402085c248EeA27D92E8b30b2C58ed07f9E20001")
	UptoPermit2ProxyAddress  = common.HexToAddress("0x4020A4f3b7b90ccA423B9fabCc0CE57C6C240002")
)

// ErrNonceSpent is a lookup's answer for a Permit2 nonce that is used,
// when no transaction that used it can be named: a permit with the nonce
// went to a spender that called Permit2 from a contract. No x402 proxy
// settled the payment, so the seller was not paid with it.
var ErrNonceSpent = errors.New("the nonce is used by no transaction an x402 proxy sent")
