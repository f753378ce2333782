package x402

import (
	"crypto/ecdsa"
	"fmt"
	"math/big"
	"sync"

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
	for _, f := range []struct {
		name  string
		value string
		into  *common.Address
	}{{"payer", c.Payer, &ch.Payer}, {"payerAuthorizer", c.PayerAuthorizer, &ch.PayerAuthorizer}, {"receiver", c.Receiver, &ch.Receiver},
		{"receiverAuthorizer", c.ReceiverAuthorizer, &ch.ReceiverAuthorizer}, {"token", c.Token, &ch.Token}} {
		a, err := parseAddress("channelConfig."+f.name, f.value)
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
	structHash := crypto.Keccak256(channelConfigTypeHash,
		word(ch.Payer.Bytes()), word(ch.PayerAuthorizer.Bytes()), word(ch.Receiver.Bytes()),
		word(ch.ReceiverAuthorizer.Bytes()), word(ch.Token.Bytes()),
		word(new(big.Int).SetUint64(ch.WithdrawDelay).Bytes()), ch.Salt[:])
	return batchHash(chainID, structHash)
}

// VoucherDigest is what a voucher's signer signs.
func VoucherDigest(chainID *big.Int, channelID common.Hash, maxClaimable *big.Int) common.Hash {
	return batchHash(chainID, crypto.Keccak256(voucherTypeHash, channelID[:], word(maxClaimable.Bytes())))
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
	if new(big.Int).SetBytes(sig[32:64]).Cmp(secp256k1HalfN) > 0 {
		return common.Address{}, fmt.Errorf("signature s is in the upper half of the curve order")
	}
	rsv := append(sig[:64:64], sig[64]-27)
	pub, err := crypto.SigToPub(digest[:], rsv)
	if err != nil {
		return common.Address{}, fmt.Errorf("signature does not recover: %v", err)
	}
	return crypto.PubkeyToAddress(*pub), nil
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
// voucher call hashes two typed messages in that domain.
var batchSeparators sync.Map // chain id (decimal) → common.Hash

func batchHash(chainID *big.Int, structHash []byte) common.Hash {
	key := chainID.String()
	sep, ok := batchSeparators.Load(key)
	if !ok {
		sep, _ = batchSeparators.LoadOrStore(key, BatchDomain(chainID).Separator())
	}
	return typedHash(sep.(common.Hash), structHash)
}

// typedHash is the EIP-712 digest of a struct hash in a domain.
func typedHash(separator common.Hash, structHash []byte) common.Hash {
	return crypto.Keccak256Hash([]byte{0x19, 0x01}, separator[:], structHash)
}

func word(b []byte) []byte { return common.LeftPadBytes(b, 32) }
