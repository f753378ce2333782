package x402

import "github.com/ethereum/go-ethereum/common"

// Checksummed is an address in its EIP-55 form, the one every log line
// writes, so one search finds a wallet's lines whatever case it was sent
// or stored in; anything else is kept as it is.
func Checksummed(addr string) string {
	if !common.IsHexAddress(addr) {
		return addr
	}
	return common.HexToAddress(addr).Hex()
}
