package x402

import (
	"bytes"
	"math/big"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
)

// The Base mainnet vector (hardhat account #0), computed with go-ethereum
// apitypes and cross-checked with viem.
const (
	vectorKey       = "ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80"
	vectorFrom      = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
	vectorSignature = "0xa80bfc197ef3b8dbde69fb00b52ac1a63080dec8a40b4d05bd36027fb4e2998d69a99fcad4363b09abd9334653498051567182555787eea580cce39a3befbb061c"
)

func vectorAuthorization() *Authorization {
	return &Authorization{
		From: vectorFrom, To: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", Value: "10000",
		ValidAfter: "1740000000", ValidBefore: "1740000060", Nonce: "0x" + strings.Repeat("01", 32),
	}
}

func TestBaseVector(t *testing.T) {
	d := Base.Domain()
	if got := d.Separator().Hex(); got != "0x02fa7265e7c5d81118673727957699e4d68f74cd74b7db77da710fe8a2c7834f" {
		t.Fatalf("domain separator %s", got)
	}
	digest, err := AuthorizationHash(d, vectorAuthorization())
	if err != nil {
		t.Fatal(err)
	}
	if digest.Hex() != "0x76a1170757c173a09e2d6e7b5da5e67317b3f1e76955fb3b974b1e60d100a017" {
		t.Fatalf("digest %s", digest.Hex())
	}
	key, _ := crypto.HexToECDSA(vectorKey)
	sig, err := SignAuthorization(key, d, vectorAuthorization())
	if err != nil || sig != vectorSignature {
		t.Fatalf("signature %s, %v", sig, err)
	}
	from, err := RecoverAuthorizer(d, vectorAuthorization(), vectorSignature)
	if err != nil || from != common.HexToAddress(vectorFrom) {
		t.Fatalf("recovered %s, %v", from, err)
	}
}

// The spec's own example payment, on Base Sepolia, carries a real signature.
func TestSpecExampleRecovers(t *testing.T) {
	d := Domain{Name: "USDC", Version: "2", ChainID: big.NewInt(84532), VerifyingContract: common.HexToAddress("0x036CbD53842c5426634e7929541eC2318f3dCF7e")}
	a := &Authorization{From: "0x857b06519E91e3A54538791bDbb0E22373e36b66", To: "0x209693Bc6afc0C5328bA36FaF03C514EF312287C",
		Value: "10000", ValidAfter: "1740672089", ValidBefore: "1740672154", Nonce: "0xf3746613c2d920b5fdabc0856f2aeb2d4f88ee6037b8cc5d04a71a4462f13480"}
	from, err := RecoverAuthorizer(d, a, "0x2d6a7588d6acca505cbf0d9a4a227e0c52c6c34008c8e8986a1283259764173608a2ce6496642e377d6da8dbbf5836e9bd15092f9ecab05ded3d6293af148b571c")
	if err != nil || from != common.HexToAddress(a.From) {
		t.Fatalf("recovered %s, %v", from, err)
	}
}

func TestRecoverSignatureForms(t *testing.T) {
	d, a := Base.Domain(), vectorAuthorization()
	sig := common.FromHex(vectorSignature)
	zeroOne := append([]byte{}, sig...)
	zeroOne[64] -= 27
	// The malleable twin: s' = n - s, v flipped, recovers to the same key.
	n, _ := new(big.Int).SetString("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141", 16)
	high := append([]byte{}, sig...)
	copy(high[32:64], common.LeftPadBytes(new(big.Int).Sub(n, new(big.Int).SetBytes(sig[32:64])).Bytes(), 32))
	high[64] = 55 - high[64] // 27 <-> 28
	cases := []struct {
		name, sig, want string
	}{
		{"v 27/28", vectorSignature, ""},
		{"v 0/1", common.Bytes2Hex(zeroOne), ""},
		{"high s", "0x" + common.Bytes2Hex(high), "signature s is in the upper half of the curve order"},
		{"short", vectorSignature[:130], "signature is 64 bytes, want 65"},
		{"not hex", "0xzz", "signature is not 0x-prefixed hex"},
		{"v 29", vectorSignature[:130] + "1d", "signature v is 29, want 27 or 28"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := c.sig
			if !strings.HasPrefix(s, "0x") {
				s = "0x" + s
			}
			from, err := RecoverAuthorizer(d, a, s)
			if c.want != "" {
				if err == nil || err.Error() != c.want {
					t.Fatalf("err %v, want %q", err, c.want)
				}
				return
			}
			if err != nil || from != common.HexToAddress(vectorFrom) {
				t.Fatalf("recovered %s, %v", from, err)
			}
		})
	}
}

func TestAuthorizationHashRefusesMalformedFields(t *testing.T) {
	for name, mutate := range map[string]func(*Authorization){
		"from":        func(a *Authorization) { a.From = "f39Fd6e51aad88F6F4ce6aB8827279cffFb92266" },
		"to":          func(a *Authorization) { a.To = "0x1234" },
		"value":       func(a *Authorization) { a.Value = "-1" },
		"validAfter":  func(a *Authorization) { a.ValidAfter = "1e9" },
		"validBefore": func(a *Authorization) { a.ValidBefore = strings.Repeat("9", 79) },
		"nonce":       func(a *Authorization) { a.Nonce = "0x01" },
	} {
		a := vectorAuthorization()
		mutate(a)
		if _, err := AuthorizationHash(Base.Domain(), a); err == nil || !strings.HasPrefix(err.Error(), name+" ") {
			t.Errorf("%s: err %v", name, err)
		}
	}
}

// Addresses, nonces, signatures and hashes are read as go-ethereum's hex
// readers read them: a 0x or 0X prefix, then exactly the digits the type takes, of
// either case.
func TestHexFieldsReadAsGoEthereum(t *testing.T) {
	digits := strings.Repeat("0123456789abcdefABCDEF", 6)
	for _, s := range []string{"", "0x", "0X", "x", "0x0", vectorFrom, strings.ToLower(vectorFrom), "0X" + vectorFrom[2:], vectorFrom[2:],
		vectorFrom + "0", vectorFrom[:41], vectorFrom[:41] + "g", vectorFrom[:41] + "é"[:1], "0x" + digits[:64], "0X" + digits[1:65],
		"0x" + digits[:63] + "G", "0x" + digits[:62], "0x" + digits[:66], vectorSignature, "0X" + vectorSignature[2:],
		vectorSignature[:131] + "z", vectorSignature[2:] + "00", "0x" + digits[:130], "0X" + strings.ToUpper(digits[:64])} {
		if h := common.HexToHash(digits[:64]); sameHash(s, h) != strings.EqualFold(s, h.Hex()) {
			t.Errorf("hash %q: %v", s, sameHash(s, h))
		}
		a, err := parseAddress("f", s)
		if ok := common.IsHexAddress(s) && has0x(s); (err == nil) != ok || ok && a != common.HexToAddress(s) {
			t.Errorf("address %q: %s, %v", s, a, err)
		}
		n, err := parseNonce(s)
		b, decErr := hexutil.Decode(s)
		if ok := decErr == nil && len(b) == 32; (err == nil) != ok || ok && !bytes.Equal(n[:], b) {
			t.Errorf("nonce %q: %x, %v", s, n, err)
		}
		sig, err := decodeSignature(s)
		if ok := decErr == nil && len(b) == crypto.SignatureLength; (err == nil) != ok || ok && !bytes.Equal(sig, b) {
			t.Errorf("signature %q: %x, %v", s, sig, err)
		}
	}
}
