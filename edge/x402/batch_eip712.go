package x402

import (
	"bytes"
	"crypto/ecdsa"
	"encoding/binary"
	"fmt"
	"maps"
	"math/big"
	"sync/atomic"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
)

var (
	channelConfigTypeHash = crypto.Keccak256([]byte("ChannelConfig(address payer,address payerAuthorizer,address receiver,address receiverAuthorizer,address token,uint40 withdrawDelay,bytes32 salt)"))
	voucherTypeHash       = crypto.Keccak256([]byte("Voucher(bytes32 channelId,uint128 maxClaimableAmount)"))
	refundTypeHash        = crypto.Keccak256([]byte("Refund(bytes32 channelId,uint256 nonce,uint128 amount)"))
	claimEntryTypeHash    = crypto.Keccak256([]byte("ClaimEntry(bytes32 channelId,uint128 maxClaimableAmount,uint128 totalClaimed)"))
	claimBatchTypeHash    = crypto.Keccak256([]byte("ClaimBatch(ClaimEntry[] claims)ClaimEntry(bytes32 channelId,uint128 maxClaimableAmount,uint128 totalClaimed)"))
)

// BatchDomain is the batch-settlement contract's EIP-712 domain on a chain.
func BatchDomain(chainID *big.Int) Domain {
	return Domain{Name: "x402 Batch Settlement", Version: "1", ChainID: chainID, VerifyingContract: BatchSettlementAddress}
}

// Channel is a ChannelConfig read: every field well formed.
type Channel struct {
	Payer, PayerAuthorizer, Receiver, ReceiverAuthorizer, Token common.Address
	WithdrawDelay                                               uint64
	Salt                                                        common.Hash
}

// Parse reads the config, naming the first malformed field.
func (c *ChannelConfig) Parse() (Channel, error) {
	var ch Channel
	for _, f := range [...]struct {
		name  string
		value string
		into  *common.Address
	}{{"channelConfig.payer", c.Payer, &ch.Payer}, {"channelConfig.payerAuthorizer", c.PayerAuthorizer, &ch.PayerAuthorizer},
		{"channelConfig.receiver", c.Receiver, &ch.Receiver}, {"channelConfig.receiverAuthorizer", c.ReceiverAuthorizer, &ch.ReceiverAuthorizer},
		{"channelConfig.token", c.Token, &ch.Token}} {
		a, err := parseAddress(f.name, f.value)
		if err != nil {
			return ch, err
		}
		*f.into = a
	}
	if c.WithdrawDelay >= 1<<40 {
		return ch, fmt.Errorf("channelConfig.withdrawDelay %d exceeds 40 bits", c.WithdrawDelay)
	}
	ch.WithdrawDelay = c.WithdrawDelay
	salt, err := parseNonce(c.Salt)
	if err != nil {
		return ch, fmt.Errorf("channelConfig.salt %q is not 0x followed by 64 hex digits", c.Salt)
	}
	ch.Salt = salt
	return ch, nil
}

// Config is the channel in its wire form, addresses checksummed.
func (ch Channel) Config() ChannelConfig {
	return ChannelConfig{Payer: ch.Payer.Hex(), PayerAuthorizer: ch.PayerAuthorizer.Hex(), Receiver: ch.Receiver.Hex(),
		ReceiverAuthorizer: ch.ReceiverAuthorizer.Hex(), Token: ch.Token.Hex(), WithdrawDelay: ch.WithdrawDelay, Salt: ch.Salt.Hex()}
}

// ID is the channel id on a chain: the EIP-712 hash of the config.
func (ch Channel) ID(chainID *big.Int) common.Hash {
	// Encoded into one buffer, as every call hashes it.
	b := make([]byte, 8*32)
	copy(b, channelConfigTypeHash)
	for i, a := range [...]common.Address{ch.Payer, ch.PayerAuthorizer, ch.Receiver, ch.ReceiverAuthorizer, ch.Token} {
		copy(b[(i+2)*32-common.AddressLength:], a[:])
	}
	binary.BigEndian.PutUint64(b[7*32-8:], ch.WithdrawDelay)
	copy(b[7*32:], ch.Salt[:])
	structHash := crypto.Keccak256Hash(b)
	return batchHash(chainID, structHash[:])
}

// VoucherDigest is what a voucher's signer signs.
func VoucherDigest(chainID *big.Int, channelID common.Hash, maxClaimable *big.Int) common.Hash {
	b := append(append(make([]byte, 0, 3*32), voucherTypeHash...), channelID[:]...)
	structHash := crypto.Keccak256Hash(appendWord(b, maxClaimable))
	return batchHash(chainID, structHash[:])
}

// RefundDigest is what a receiver authorizer signs to refund amount at nonce.
func RefundDigest(chainID *big.Int, channelID common.Hash, nonce, amount *big.Int) common.Hash {
	return batchHash(chainID, crypto.Keccak256(refundTypeHash, channelID[:], word(nonce.Bytes()), word(amount.Bytes())))
}

// ClaimEntry is one row of a signed claim batch.
type ClaimEntry struct {
	ChannelID                  common.Hash
	MaxClaimable, TotalClaimed *big.Int
}

// ClaimBatchDigest is what a receiver authorizer signs to claim the rows.
func ClaimBatchDigest(chainID *big.Int, rows []ClaimEntry) common.Hash {
	hashes := make([]byte, 0, 32*len(rows))
	for _, r := range rows {
		hashes = append(hashes, crypto.Keccak256(claimEntryTypeHash, r.ChannelID[:], word(r.MaxClaimable.Bytes()), word(r.TotalClaimed.Bytes()))...)
	}
	return batchHash(chainID, crypto.Keccak256(claimBatchTypeHash, crypto.Keccak256(hashes)))
}

// DepositNonce is the ERC-3009 nonce of a deposit: keccak256(abi.encode(channelId, salt)).
func DepositNonce(channelID common.Hash, salt *big.Int) common.Hash {
	return crypto.Keccak256Hash(channelID[:], word(salt.Bytes()))
}

// RecoverDigest returns the signer of a 65-byte r ‖ s ‖ v signature over
// digest as the batch-settlement contracts and the token's bytes-signature
// calls recover it, from the raw bytes: v 27 or 28, s in the lower half of
// the curve order. A v of 0 or 1 recovers in Go but not on chain.
func RecoverDigest(digest common.Hash, signature string) (common.Address, error) {
	sig, err := decodeSignature(signature)
	if err != nil {
		return common.Address{}, err
	}
	return recoverSignature(digest, sig)
}

func decodeSignature(signature string) ([]byte, error) {
	if len(signature) == 2+2*crypto.SignatureLength && has0x(signature) {
		sig := make([]byte, crypto.SignatureLength)
		if !decodeHex(sig, signature[2:]) {
			return nil, fmt.Errorf("signature is not 0x-prefixed hex")
		}
		return sig, nil
	}
	sig, err := hexutil.Decode(signature)
	if err != nil {
		return nil, fmt.Errorf("signature is not 0x-prefixed hex")
	}
	if len(sig) != crypto.SignatureLength {
		return nil, fmt.Errorf("signature is %d bytes, want 65", len(sig))
	}
	return sig, nil
}

func recoverSignature(digest common.Hash, sig []byte) (common.Address, error) {
	if v := sig[64]; v != 27 && v != 28 {
		return common.Address{}, fmt.Errorf("signature v is %d, want 27 or 28", v)
	}
	if bytes.Compare(sig[32:64], secp256k1HalfN[:]) > 0 {
		return common.Address{}, fmt.Errorf("signature s is in the upper half of the curve order")
	}
	rsv := append(sig[:64:64], sig[64]-27)
	// The recovered key is a curve point by construction: it is hashed as
	// it comes, uncompressed, not checked again on the curve.
	pub, err := crypto.Ecrecover(digest[:], rsv)
	if err != nil {
		return common.Address{}, fmt.Errorf("signature does not recover: %v", err)
	}
	h := crypto.Keccak256Hash(pub[1:])
	return common.BytesToAddress(h[12:]), nil
}

// SignDigest signs digest with key, v as 27/28, as wallets produce it.
func SignDigest(key *ecdsa.PrivateKey, digest common.Hash) (string, error) {
	sig, err := crypto.Sign(digest[:], key)
	if err != nil {
		return "", err
	}
	sig[64] += 27
	return hexutil.Encode(sig), nil
}

// batchSeparators keeps each chain's batch-settlement domain separator: a
// voucher call hashes two typed messages in that domain. The map is
// replaced, never written, when a chain is added.
var batchSeparators atomic.Pointer[map[uint64]common.Hash]

func batchHash(chainID *big.Int, structHash []byte) common.Hash {
	return typedHash(batchSeparator(chainID), structHash)
}

func batchSeparator(chainID *big.Int) common.Hash {
	if !chainID.IsUint64() {
		return BatchDomain(chainID).Separator()
	}
	id := chainID.Uint64()
	for {
		known := batchSeparators.Load()
		if known != nil {
			if sep, ok := (*known)[id]; ok {
				return sep
			}
		}
		more := make(map[uint64]common.Hash, 1)
		if known != nil {
			maps.Copy(more, *known)
		}
		more[id] = BatchDomain(chainID).Separator()
		if batchSeparators.CompareAndSwap(known, &more) {
			return more[id]
		}
	}
}

// typedHash is the EIP-712 digest of a struct hash in a domain.
func typedHash(separator common.Hash, structHash []byte) common.Hash {
	b := append(append(append(make([]byte, 0, 2+2*32), 0x19, 0x01), separator[:]...), structHash...)
	return crypto.Keccak256Hash(b)
}

func word(b []byte) []byte { return common.LeftPadBytes(b, 32) }

// appendWord appends n as word(n.Bytes()) does, without the copy.
func appendWord(b []byte, n *big.Int) []byte {
	if n.BitLen() > 256 {
		return append(b, n.Bytes()...)
	}
	b = append(b, make([]byte, 32)...)
	n.FillBytes(b[len(b)-32:])
	return b
}
