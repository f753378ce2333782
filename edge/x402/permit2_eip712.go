package x402

import (
	"crypto/ecdsa"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// Permit2's EIP-712 types. Its domain has a name, no version; a witness
// transfer's type is PermitWitnessTransferFrom's stub completed by the
// proxy's witness type string, as x402ExactPermit2Proxy and
// x402UptoPermit2Proxy pass it to Permit2.
var (
	permit2DomainTypeHash    = crypto.Keccak256([]byte("EIP712Domain(string name,uint256 chainId,address verifyingContract)"))
	permit2NameHash          = crypto.Keccak256([]byte("Permit2"))
	tokenPermissionsTypeHash = crypto.Keccak256([]byte("TokenPermissions(address token,uint256 amount)"))
	exactWitnessTypeHash     = crypto.Keccak256([]byte("Witness(address to,uint256 validAfter)"))
	uptoWitnessTypeHash      = crypto.Keccak256([]byte("Witness(address to,address facilitator,uint256 validAfter)"))
	exactPermitTypeHash      = crypto.Keccak256([]byte("PermitWitnessTransferFrom(TokenPermissions permitted,address spender,uint256 nonce,uint256 deadline,Witness witness)TokenPermissions(address token,uint256 amount)Witness(address to,uint256 validAfter)"))
	uptoPermitTypeHash       = crypto.Keccak256([]byte("PermitWitnessTransferFrom(TokenPermissions permitted,address spender,uint256 nonce,uint256 deadline,Witness witness)TokenPermissions(address token,uint256 amount)Witness(address to,address facilitator,uint256 validAfter)"))
	eip2612PermitTypeHash    = crypto.Keccak256([]byte("Permit(address owner,address spender,uint256 value,uint256 nonce,uint256 deadline)"))
)

// Permit2Separator is Permit2's domain separator on chainID.
func Permit2Separator(chainID *big.Int) common.Hash {
	return crypto.Keccak256Hash(permit2DomainTypeHash, permit2NameHash, word(chainID.Bytes()), word(Permit2Address.Bytes()))
}

// WitnessHash is the hash of m's witness, as its proxy computes it.
func (m *Permit2Message) WitnessHash() common.Hash {
	if m.Upto {
		return crypto.Keccak256Hash(uptoWitnessTypeHash, word(m.To.Bytes()), word(m.Facilitator.Bytes()), word(m.ValidAfter.Bytes()))
	}
	return crypto.Keccak256Hash(exactWitnessTypeHash, word(m.To.Bytes()), word(m.ValidAfter.Bytes()))
}

// Permit2Hash is the EIP-712 digest m's signature signs on chainID.
func Permit2Hash(chainID *big.Int, m *Permit2Message) common.Hash {
	typeHash := exactPermitTypeHash
	if m.Upto {
		typeHash = uptoPermitTypeHash
	}
	permitted := crypto.Keccak256(tokenPermissionsTypeHash, word(m.Token.Bytes()), word(m.Amount.Bytes()))
	witness := m.WitnessHash()
	structHash := crypto.Keccak256(typeHash, permitted, word(m.Spender.Bytes()), word(m.Nonce.Bytes()), word(m.Deadline.Bytes()), witness[:])
	return typedHash(Permit2Separator(chainID), structHash)
}

// RecoverPermit2 returns the address that signed m on chainID. Permit2
// hands the signature's bytes to ecrecover as they are, so v must be 27 or
// 28; malleable (high-s) signatures are refused.
func RecoverPermit2(chainID *big.Int, m *Permit2Message, signature string) (common.Address, error) {
	sig, err := decodeSignature(signature)
	if err != nil {
		return common.Address{}, err
	}
	return recoverSignature(Permit2Hash(chainID, m), sig)
}

// SignPermit2 signs m on chainID with key, v as 27/28.
func SignPermit2(key *ecdsa.PrivateKey, chainID *big.Int, m *Permit2Message) (string, error) {
	return SignDigest(key, Permit2Hash(chainID, m))
}

// EIP2612Message is an EIP2612Permit read, its signature split as the
// token's permit takes it.
type EIP2612Message struct {
	Owner, Token, Spender  common.Address
	Value, Nonce, Deadline *big.Int
	V                      uint8
	R, S                   [32]byte
}

// ParseEIP2612 reads p: every field must be well formed, and the signature
// 65 bytes with v as 27/28 and a low s.
func ParseEIP2612(p *EIP2612Permit) (*EIP2612Message, error) {
	m := new(EIP2612Message)
	var err error
	for _, f := range []struct {
		name, value string
		to          *common.Address
	}{{"from", p.From, &m.Owner}, {"asset", p.Asset, &m.Token}, {"spender", p.Spender, &m.Spender}} {
		if *f.to, err = parseAddress(EIP2612GasSponsoring+"."+f.name, f.value); err != nil {
			return nil, err
		}
	}
	for _, f := range []struct {
		name, value string
		to          **big.Int
	}{{"amount", p.Amount, &m.Value}, {"nonce", p.Nonce, &m.Nonce}, {"deadline", p.Deadline, &m.Deadline}} {
		if *f.to, err = parseUint256(EIP2612GasSponsoring+"."+f.name, f.value); err != nil {
			return nil, err
		}
	}
	sig, err := decodeSignature(p.Signature)
	if err != nil {
		return nil, err
	}
	copy(m.R[:], sig[:32])
	copy(m.S[:], sig[32:64])
	m.V = sig[64]
	return m, nil
}

// EIP2612Hash is the EIP-712 digest of m's permit in the token's domain d.
func EIP2612Hash(d Domain, m *EIP2612Message) common.Hash {
	structHash := crypto.Keccak256(eip2612PermitTypeHash, word(m.Owner.Bytes()), word(m.Spender.Bytes()),
		word(m.Value.Bytes()), word(m.Nonce.Bytes()), word(m.Deadline.Bytes()))
	return typedHash(d.Separator(), structHash)
}

// RecoverEIP2612 returns the address that signed m's permit in domain d.
func RecoverEIP2612(d Domain, m *EIP2612Message) (common.Address, error) {
	return recoverSignature(EIP2612Hash(d, m), append(append(m.R[:32:32], m.S[:]...), m.V))
}
