package safety

import (
	"math/big"
	"strings"

	"github.com/ethereum/go-ethereum/common"
)

// check is one verdict a buyer can act on.
type check struct {
	Check  string `json:"check"`
	Status string `json:"status"` // pass, warn, fail
	Detail string `json:"detail"`
}

// checkSellerAddress applies EIP-55: a mixed-case address must carry the
// right checksum; an all-lower or all-upper one carries none, so a typo in
// it cannot be detected.
func checkSellerAddress(addr string) check {
	c := check{Check: "seller_address"}
	switch {
	case addr == "":
		c.Status, c.Detail = "warn", "no seller address given: compare payTo in the 402 terms with the address you approved before"
	case !common.IsHexAddress(addr) || !strings.HasPrefix(addr, "0x"):
		c.Status, c.Detail = "fail", "not a 0x-prefixed 20-byte hex address"
	case common.HexToAddress(addr) == (common.Address{}):
		c.Status, c.Detail = "fail", "the zero address burns funds"
	case addr[2:] == strings.ToLower(addr[2:]) || addr[2:] == strings.ToUpper(addr[2:]):
		c.Status, c.Detail = "warn", "no EIP-55 checksum (single case); checksummed form: "+common.HexToAddress(addr).Hex()
	case common.HexToAddress(addr).Hex() != addr:
		c.Status, c.Detail = "fail", "EIP-55 checksum does not match: the address was altered or mistyped"
	default:
		c.Status, c.Detail = "pass", "valid EIP-55 checksummed address"
	}
	return c
}

// usdAtomic parses a validated decimal amount into USDC atomic units
// (6 decimals), rounding down; ok is false for amounts with more precision.
func usdAtomic(s string) (atomic int64, exact bool) {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		return 0, false
	}
	r.Mul(r, big.NewRat(1_000_000, 1))
	q := new(big.Int).Quo(r.Num(), r.Denom())
	return q.Int64(), r.IsInt()
}
