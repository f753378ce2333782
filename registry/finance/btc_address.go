package finance

import (
	"bytes"
	"crypto/sha256"
	"math/big"
	"strings"

	"github.com/coinslot/coinslot/registry"
)

// checkBTCAddress verifies the checksum btcAddress cannot: Base58Check for
// 1... and 3... addresses (BIP 13), bech32 for segwit v0 and bech32m for
// v1+ (BIP 173, BIP 350). A mistyped address is refused before payment
// instead of reaching mempool.space as a 400.
func checkBTCAddress(a registry.Args) []registry.FieldError {
	addr := strings.TrimSpace(a.String("address"))
	if strings.HasPrefix(addr, "BC1") {
		addr = strings.ToLower(addr) // bech32 may be written in capitals
	}
	ok := false
	if strings.HasPrefix(addr, "bc1") {
		ok = validSegwit(addr)
	} else {
		ok = validBase58Check(addr)
	}
	if !ok {
		return registry.Bad("address", "is not a valid Bitcoin address: its checksum does not match")
	}
	a["address"] = addr
	return nil
}

const base58Alphabet = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"

// validBase58Check decodes a 25-byte P2PKH or P2SH address and checks its
// four-byte double-SHA-256 checksum and version byte.
func validBase58Check(s string) bool {
	n := new(big.Int)
	for _, r := range s {
		i := strings.IndexRune(base58Alphabet, r)
		if i < 0 {
			return false
		}
		n.Mul(n, big.NewInt(58)).Add(n, big.NewInt(int64(i)))
	}
	body := n.Bytes()
	for _, r := range s { // each leading '1' is a zero byte
		if r != '1' {
			break
		}
		body = append([]byte{0}, body...)
	}
	if len(body) != 25 || body[0] != 0x00 && body[0] != 0x05 {
		return false
	}
	first := sha256.Sum256(body[:21])
	second := sha256.Sum256(first[:])
	return bytes.Equal(second[:4], body[21:])
}

const bech32Charset = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"

// validSegwit checks a bc1 address's bech32 (witness v0) or bech32m (v1+)
// checksum and its program length.
func validSegwit(s string) bool {
	data := make([]int, 0, len(s)-3)
	for _, r := range s[3:] {
		i := strings.IndexRune(bech32Charset, r)
		if i < 0 {
			return false
		}
		data = append(data, i)
	}
	if len(data) < 7 {
		return false
	}
	values := []int{3, 3, 0, 2, 3} // "bc" expanded: high bits, 0, low bits
	values = append(values, data...)
	version, program := data[0], len(data)-7 // five-bit groups after version, before checksum
	want := 1                                // bech32
	if version > 0 {
		want = 0x2bc830a3 // bech32m
	}
	bytesLen := program * 5 / 8
	switch {
	case version > 16, bytesLen < 2 || bytesLen > 40, version == 0 && bytesLen != 20 && bytesLen != 32:
		return false
	}
	return polymod(values) == want
}

func polymod(values []int) int {
	gen := [5]int{0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3}
	chk := 1
	for _, v := range values {
		b := chk >> 25
		chk = (chk&0x1ffffff)<<5 ^ v
		for i := range 5 {
			if (b>>i)&1 == 1 {
				chk ^= gen[i]
			}
		}
	}
	return chk
}
