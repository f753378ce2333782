package x402

import (
	"crypto/ecdsa"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// Domain is an EIP-712 domain with all four fields EIP-3009 tokens use.
type Domain struct {
	Name, Version     string
	ChainID           *big.Int
	VerifyingContract common.Address
}

var (
	domainTypeHash   = crypto.Keccak256([]byte("EIP712Domain(string name,string version,uint256 chainId,address verifyingContract)"))
	transferTypeHash = crypto.Keccak256([]byte("TransferWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)"))
	receiveTypeHash  = crypto.Keccak256([]byte("ReceiveWithAuthorization(address from,address to,uint256 value,uint256 validAfter,uint256 validBefore,bytes32 nonce)"))
	// secp256k1N / 2, big-endian: a signature with a larger s is malleable
	// and refused.
	secp256k1HalfN = common.HexToHash("7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0")
)

// Separator is the domain separator.
func (d Domain) Separator() common.Hash {
	return crypto.Keccak256Hash(
		domainTypeHash,
		crypto.Keccak256([]byte(d.Name)),
		crypto.Keccak256([]byte(d.Version)),
		common.LeftPadBytes(d.ChainID.Bytes(), 32),
		common.LeftPadBytes(d.VerifyingContract.Bytes(), 32),
	)
}

// AuthorizationHash is the EIP-712 digest a TransferWithAuthorization
// signature signs. Every field must be well formed.
func AuthorizationHash(d Domain, a *Authorization) (common.Hash, error) {
	return authorizationHash(d, transferTypeHash, a)
}

// ReceiveAuthorizationHash is the digest of the same message as a
// ReceiveWithAuthorization, which only its payee may submit.
func ReceiveAuthorizationHash(d Domain, a *Authorization) (common.Hash, error) {
	return authorizationHash(d, receiveTypeHash, a)
}

func authorizationHash(d Domain, typeHash []byte, a *Authorization) (common.Hash, error) {
	from, err := parseAddress("from", a.From)
	if err != nil {
		return common.Hash{}, err
	}
	to, err := parseAddress("to", a.To)
	if err != nil {
		return common.Hash{}, err
	}
	var words [3][]byte
	for i, f := range []struct{ name, value string }{{"value", a.Value}, {"validAfter", a.ValidAfter}, {"validBefore", a.ValidBefore}} {
		n, err := parseUint256(f.name, f.value)
		if err != nil {
			return common.Hash{}, err
		}
		words[i] = common.LeftPadBytes(n.Bytes(), 32)
	}
	nonce, err := parseNonce(a.Nonce)
	if err != nil {
		return common.Hash{}, err
	}
	structHash := crypto.Keccak256(typeHash,
		common.LeftPadBytes(from.Bytes(), 32), common.LeftPadBytes(to.Bytes(), 32),
		words[0], words[1], words[2], nonce[:])
	return typedHash(d.Separator(), structHash), nil
}

// RecoverAuthorizer returns the address that signed the authorization. It
// takes 65-byte signatures with v as 27/28 or 0/1, since an exact transfer
// hands the token v as an argument of its own, as 27/28 (the facilitators
// write it so), and refuses malleable (high-s) ones.
func RecoverAuthorizer(d Domain, a *Authorization, signature string) (common.Address, error) {
	digest, err := AuthorizationHash(d, a)
	if err != nil {
		return common.Address{}, err
	}
	sig, err := decodeSignature(signature)
	if err != nil {
		return common.Address{}, err
	}
	if sig[64] < 2 {
		sig[64] += 27
	}
	return recoverSignature(digest, sig)
}

// SignAuthorization signs the authorization with key, returning the
// signature as 0x-hex with v as 27/28, as wallets produce it.
func SignAuthorization(key *ecdsa.PrivateKey, d Domain, a *Authorization) (string, error) {
	digest, err := AuthorizationHash(d, a)
	if err != nil {
		return "", err
	}
	return SignDigest(key, digest)
}

func parseAddress(field, s string) (common.Address, error) {
	var a common.Address
	if len(s) != 2+2*common.AddressLength || !has0x(s) || !decodeHex(a[:], s[2:]) {
		return common.Address{}, fmt.Errorf("%s %q is not a 0x address", field, s)
	}
	return a, nil
}

func parseUint256(field, s string) (*big.Int, error) {
	if s == "" || len(s) > 78 || strings.Trim(s, "0123456789") != "" {
		return nil, fmt.Errorf("%s %q is not a decimal integer", field, s)
	}
	if len(s) <= 19 { // below 10^19: it fits 64 bits, read without SetString's scanner
		n, _ := strconv.ParseUint(s, 10, 64)
		return new(big.Int).SetUint64(n), nil
	}
	n, _ := new(big.Int).SetString(s, 10)
	if n.BitLen() > 256 {
		return nil, fmt.Errorf("%s %q exceeds 256 bits", field, s)
	}
	return n, nil
}

func parseNonce(s string) ([32]byte, error) {
	var out [32]byte
	if len(s) != 2+2*len(out) || !has0x(s) || !decodeHex(out[:], s[2:]) {
		return [32]byte{}, fmt.Errorf("nonce %q is not 0x followed by 64 hex digits", s)
	}
	return out, nil
}

func has0x(s string) bool { return len(s) >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') }

// decodeHex fills dst from hex, of either case, two digits a byte: false if
// hex is not exactly that.
func decodeHex(dst []byte, hex string) bool {
	if len(hex) != 2*len(dst) {
		return false
	}
	for i := range dst {
		hi, ok1 := fromHexDigit(hex[2*i])
		lo, ok2 := fromHexDigit(hex[2*i+1])
		if !ok1 || !ok2 {
			return false
		}
		dst[i] = hi<<4 | lo
	}
	return true
}

func fromHexDigit(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}
