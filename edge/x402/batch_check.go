package x402

import (
	"cmp"
	"math/big"
	"strings"

	"github.com/ethereum/go-ethereum/common"
)

// BatchCall is a batch-settlement payment that passed every check that
// needs no channel state: terms, channel config against the seller's
// parameters, channel id and, for a plain-key payer authorizer, the
// voucher's signature.
type BatchCall struct {
	Payload  *BatchPayload
	Channel  Channel
	ID       common.Hash
	Max      *big.Int // the voucher's cumulative ceiling
	Deposit  *big.Int // deposit: the amount moved into the channel
	Refund   *big.Int // refund: the amount asked back, nil for all
	Verified bool     // the voucher's signer was recovered here; false: the payer is a contract (EIP-1271), which the facilitator checks
}

// CheckBatch checks a batch-settlement payment against the terms.
func (t *Terms) CheckBatch(p *Payment) (*BatchCall, *Refusal) {
	if t.Batch == nil {
		return nil, refuse(ReasonInvalidScheme, "%s is sold under %s only", t.Offer.Name, SchemeExact)
	}
	if r := t.checkTerms(p, t.Batch); r != nil {
		return nil, r
	}
	b := p.Batch()
	if b == nil {
		return nil, refuse(BatchPayloadType, "payload has no type; a %s payment is a deposit, voucher or refund", SchemeBatch)
	}
	if b.RefundNonce != "" || b.Claims != nil || b.RefundAuthorizerSignature != "" || b.ClaimAuthorizerSignature != "" || b.Receiver != "" || b.Token != "" {
		return nil, refuse(cmp.Or(malformed[b.Type], BatchPayloadType), "a buyer's payload carries no claims, refund nonce, authorizer signatures, receiver or token")
	}
	return CheckChannel(b, ChannelTerms{ChainID: t.Network.ChainID, Token: t.Network.Asset, Receiver: t.PayTo, BatchTerms: *t.Offer.Batch})
}

// malformed is the reason that refuses a malformed payload of each type.
var malformed = map[string]string{BatchDeposit: BatchDepositPayload, BatchVoucher: BatchVoucherPayload, BatchRefund: BatchRefundPayload}

// ChannelTerms are what a channel must be opened for: the chain, the token,
// the seller and the seller's channel parameters.
type ChannelTerms struct {
	ChainID         *big.Int
	Token, Receiver common.Address
	BatchTerms
}

// CheckChannel reads a buyer's deposit, voucher or refund and checks it
// against the terms: the binding's rules 1 to 6 (channel id, token,
// receiver, receiver authorizer, withdraw delay, and the signer of a
// plain-key voucher) and the payload's amounts. Seller and facilitator
// both apply it.
func CheckChannel(b *BatchPayload, ct ChannelTerms) (*BatchCall, *Refusal) {
	bad := malformed[b.Type]
	switch {
	case bad == "":
		return nil, refuse(BatchPayloadType, "payload.type %q is not deposit, voucher or refund", b.Type)
	case b.ChannelConfig == nil || b.Voucher == nil:
		return nil, refuse(bad, "a %s payload needs channelConfig and voucher", b.Type)
	case (b.Deposit != nil) != (b.Type == BatchDeposit):
		return nil, refuse(bad, "only a deposit payload carries deposit")
	case b.Amount != "" && b.Type != BatchRefund:
		return nil, refuse(bad, "only a refund payload carries amount")
	}
	ch, err := b.ChannelConfig.Parse()
	if err != nil {
		return nil, refuse(bad, "%v", err)
	}
	call := &BatchCall{Payload: b, Channel: ch, ID: ch.ID(ct.ChainID)}
	switch {
	case !sameHash(b.Voucher.ChannelID, call.ID):
		return nil, refuse(BatchChannelIDMismatch, "voucher.channelId %s is not the channel config's id %s", b.Voucher.ChannelID, call.ID.Hex())
	case ch.Token != ct.Token:
		return nil, refuse(BatchTokenMismatch, "channelConfig.token %s is not %s", ch.Token.Hex(), ct.Token.Hex())
	case ch.Receiver != ct.Receiver:
		return nil, refuse(BatchReceiverMismatch, "channelConfig.receiver %s is not payTo %s", ch.Receiver.Hex(), ct.Receiver.Hex())
	case ch.ReceiverAuthorizer != ct.ReceiverAuthorizer:
		return nil, refuse(BatchReceiverAuthMismatch, "channelConfig.receiverAuthorizer %s is not extra.receiverAuthorizer %s", ch.ReceiverAuthorizer.Hex(), ct.ReceiverAuthorizer.Hex())
	case ch.WithdrawDelay < MinWithdrawDelay || ch.WithdrawDelay > MaxWithdrawDelay:
		return nil, refuse(BatchWithdrawDelayRange, "channelConfig.withdrawDelay %d is outside %d..%d seconds", ch.WithdrawDelay, MinWithdrawDelay, MaxWithdrawDelay)
	case ch.WithdrawDelay != ct.WithdrawDelay:
		return nil, refuse(BatchWithdrawDelayMismatch, "channelConfig.withdrawDelay %d is not extra.withdrawDelay %d", ch.WithdrawDelay, ct.WithdrawDelay)
	}
	if call.Max, err = parseAmount("voucher.maxClaimableAmount", b.Voucher.MaxClaimableAmount); err != nil {
		return nil, refuse(bad, "%v", err)
	}
	if ch.PayerAuthorizer != (common.Address{}) {
		signer, err := RecoverDigest(VoucherDigest(ct.ChainID, call.ID, call.Max), b.Voucher.Signature)
		if err != nil {
			return nil, refuse(BatchVoucherSignature, "voucher: %v", err)
		}
		if signer != ch.PayerAuthorizer {
			return nil, refuse(BatchVoucherSignature, "voucher is signed by %s, not the payer authorizer %s", signer.Hex(), ch.PayerAuthorizer.Hex())
		}
		call.Verified = true
	}
	switch b.Type {
	case BatchDeposit:
		if r := call.checkDeposit(); r != nil {
			return nil, r
		}
	case BatchRefund:
		if b.Amount != "" {
			if call.Refund, err = parseAmount("amount", b.Amount); err != nil || call.Refund.Sign() == 0 {
				return nil, refuse(BatchRefundAmountInvalid, "amount %q is not a positive integer", b.Amount)
			}
		}
	}
	return call, nil
}

func (c *BatchCall) checkDeposit() *Refusal {
	d := c.Payload.Deposit
	var err error
	if c.Deposit, err = parseAmount("deposit.amount", d.Amount); err != nil || c.Deposit.Sign() == 0 {
		return refuse(BatchDepositPayload, "deposit.amount %q is not a positive integer", d.Amount)
	}
	a := d.Authorization.ERC3009
	if a == nil {
		return refuse(BatchERC3009Required, "deposit.authorization needs erc3009Authorization (assetTransferMethod eip3009 is the one offered)")
	}
	for _, f := range []struct{ name, value string }{{"validAfter", a.ValidAfter}, {"validBefore", a.ValidBefore}, {"salt", a.Salt}} {
		if _, err := parseUint256("erc3009Authorization."+f.name, f.value); err != nil {
			// The official client writes the salt as 0x-hex.
			if f.name != "salt" || !isHexWord(f.value) {
				return refuse(BatchDepositPayload, "%v", err)
			}
		}
	}
	return nil
}

// DepositSalt reads an ERC-3009 deposit salt, decimal or 0x-hex.
func DepositSalt(s string) (*big.Int, bool) {
	if isHexWord(s) {
		return new(big.Int).SetBytes(common.FromHex(s)), true
	}
	n, err := parseUint256("salt", s)
	return n, err == nil
}

func isHexWord(s string) bool {
	if len(s) < 3 || len(s) > 66 || !strings.HasPrefix(s, "0x") {
		return false
	}
	return strings.Trim(strings.ToLower(s[2:]), "0123456789abcdef") == ""
}

// sameHash says whether s is h in hex, 0x-prefixed, of any case.
func sameHash(s string, h common.Hash) bool {
	var got common.Hash
	return len(s) == 2+2*common.HashLength && has0x(s) && decodeHex(got[:], s[2:]) && got == h
}
