package x402

import (
	"crypto/ecdsa"
	"fmt"
	"math/big"
	"strconv"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// BatchBuyer signs one buyer's batch-settlement payments on one channel:
// the key is payer and payer authorizer, Salt tells its channels apart.
type BatchBuyer struct {
	Key      *ecdsa.PrivateKey
	Terms    Requirements  // the 402's batch-settlement entry
	Resource *ResourceInfo // echoed, as v2 clients do
	Salt     common.Hash
}

// Config is the buyer's channel under the terms.
func (b *BatchBuyer) Config() (ChannelConfig, error) {
	authorizer, _ := b.Terms.Extra["receiverAuthorizer"].(string)
	delay, err := strconv.ParseUint(fmt.Sprint(b.Terms.Extra["withdrawDelay"]), 10, 40)
	if !common.IsHexAddress(authorizer) || err != nil {
		return ChannelConfig{}, fmt.Errorf("the terms name no receiverAuthorizer and withdrawDelay")
	}
	me := crypto.PubkeyToAddress(b.Key.PublicKey).Hex()
	return ChannelConfig{Payer: me, PayerAuthorizer: me, Receiver: b.Terms.PayTo, ReceiverAuthorizer: authorizer,
		Token: b.Terms.Asset, WithdrawDelay: delay, Salt: b.Salt.Hex()}, nil
}

// Voucher is a payment from the channel's balance up to the cumulative max.
func (b *BatchBuyer) Voucher(max *big.Int) (*Payload, error) {
	return b.payload(BatchVoucher, max, nil)
}

// Refund asks for amount back (nil: all that is unspent), with a
// zero-charge voucher at the channel's charged total.
func (b *BatchBuyer) Refund(charged, amount *big.Int) (*Payload, error) {
	p, err := b.payload(BatchRefund, charged, nil)
	if err == nil && amount != nil {
		p.Payload.BatchPayload.Amount = amount.String()
	}
	return p, err
}

// Deposit moves amount into the channel, with a voucher up to max; its
// authorization is valid for the terms' maxTimeoutSeconds from now.
func (b *BatchBuyer) Deposit(amount, max *big.Int, now time.Time) (*Payload, error) {
	return b.payload(BatchDeposit, max, func(p *BatchPayload, ch Channel, id common.Hash, chain *big.Int) error {
		token, err := DomainOf(&b.Terms)
		if err != nil {
			return err
		}
		salt := new(big.Int).SetBytes(crypto.Keccak256([]byte(now.String()), id[:]))
		before := strconv.FormatInt(now.Unix()+int64(b.Terms.MaxTimeoutSeconds), 10)
		digest, err := ReceiveAuthorizationHash(token, &Authorization{From: ch.Payer.Hex(), To: ERC3009CollectorAddress.Hex(), Value: amount.String(),
			ValidAfter: "0", ValidBefore: before, Nonce: DepositNonce(id, salt).Hex()})
		if err != nil {
			return err
		}
		sig, err := SignDigest(b.Key, digest)
		p.Deposit = &Deposit{Amount: amount.String(), Authorization: DepositAuthorization{ERC3009: &ERC3009Deposit{
			ValidAfter: "0", ValidBefore: before, Salt: salt.String(), Signature: sig}}}
		return err
	})
}

func (b *BatchBuyer) payload(kind string, max *big.Int, fill func(*BatchPayload, Channel, common.Hash, *big.Int) error) (*Payload, error) {
	cfg, err := b.Config()
	if err != nil {
		return nil, err
	}
	ch, err := cfg.Parse()
	if err != nil {
		return nil, err
	}
	token, err := DomainOf(&b.Terms)
	if err != nil {
		return nil, err
	}
	id := ch.ID(token.ChainID)
	sig, err := SignDigest(b.Key, VoucherDigest(token.ChainID, id, max))
	if err != nil {
		return nil, err
	}
	bp := &BatchPayload{Type: kind, ChannelConfig: &cfg, Voucher: &Voucher{ChannelID: id.Hex(), MaxClaimableAmount: max.String(), Signature: sig}}
	if fill != nil {
		if err := fill(bp, ch, id, token.ChainID); err != nil {
			return nil, err
		}
	}
	return &Payload{X402Version: 2, Resource: b.Resource, Accepted: b.Terms, Payload: SchemePayload{BatchPayload: bp}}, nil
}
