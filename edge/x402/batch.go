package x402

import (
	"encoding/json"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
)

// Schemes this service sells under.
const (
	SchemeExact = "exact"
	SchemeBatch = "batch-settlement"
)

// The batch-settlement contracts' canonical addresses, the same on every
// EVM chain (CREATE2), and the withdraw delay bounds they enforce.
var (
	BatchSettlementAddress  = common.HexToAddress("0x4020074e9dF2ce1deE5A9C1b5c3f541D02a10003")
	ERC3009CollectorAddress = common.HexToAddress("0x4020806089470a89826cB9fB1f4059150b550004")
)

const (
	MinWithdrawDelay = 900     // 15 minutes
	MaxWithdrawDelay = 2592000 // 30 days
)

// Batch payload types.
const (
	BatchDeposit = "deposit" // a first payment or a top-up: tokens move into the channel, and a voucher
	BatchVoucher = "voucher" // a payment from the channel's balance: a voucher only
	BatchRefund  = "refund"  // the buyer asks for its unspent balance back
	BatchClaim   = "claim"   // seller to facilitator: record vouchers on chain
	BatchSweep   = "settle"  // seller to facilitator: transfer claimed funds to the seller
)

// ChannelConfig is a channel's immutable identity; its EIP-712 hash is the
// channel id.
type ChannelConfig struct {
	Payer              string `json:"payer"`
	PayerAuthorizer    string `json:"payerAuthorizer"`
	Receiver           string `json:"receiver"`
	ReceiverAuthorizer string `json:"receiverAuthorizer"`
	Token              string `json:"token"`
	WithdrawDelay      uint64 `json:"withdrawDelay"`
	Salt               string `json:"salt"`
}

// Voucher is a buyer's signed cumulative ceiling on a channel.
type Voucher struct {
	ChannelID          string `json:"channelId"`
	MaxClaimableAmount string `json:"maxClaimableAmount"`
	Signature          string `json:"signature"`
}

// Deposit moves tokens into a channel with an ERC-3009
// receiveWithAuthorization to the deposit collector.
type Deposit struct {
	Amount        string               `json:"amount"`
	Authorization DepositAuthorization `json:"authorization"`
}

// DepositAuthorization holds exactly one transfer authorization. Permit2
// deposits are kept as sent so they can be refused by name.
type DepositAuthorization struct {
	ERC3009 *ERC3009Deposit `json:"erc3009Authorization,omitempty"`
	Permit2 json.RawMessage `json:"permit2Authorization,omitempty"`
}

// ERC3009Deposit is a receiveWithAuthorization whose nonce is derived from
// the channel id and Salt (DepositNonce).
type ERC3009Deposit struct {
	ValidAfter  string `json:"validAfter"`
	ValidBefore string `json:"validBefore"`
	Salt        string `json:"salt"`
	Signature   string `json:"signature"`
}

// ClaimVoucher is a claim row's voucher: the channel and its ceiling.
type ClaimVoucher struct {
	Channel            ChannelConfig `json:"channel"`
	MaxClaimableAmount string        `json:"maxClaimableAmount"`
}

// VoucherClaim is one row of a claim: a voucher, its signature and the
// cumulative amount to record as claimed.
type VoucherClaim struct {
	Voucher      ClaimVoucher `json:"voucher"`
	Signature    string       `json:"signature"`
	TotalClaimed string       `json:"totalClaimed"`
}

// BatchPayload is a batch-settlement payment payload. Buyers send deposit,
// voucher and refund payloads; the seller completes refunds and authors
// claim and settle payloads for its facilitator.
type BatchPayload struct {
	Type          string         `json:"type"`
	ChannelConfig *ChannelConfig `json:"channelConfig,omitempty"`
	Voucher       *Voucher       `json:"voucher,omitempty"`
	Deposit       *Deposit       `json:"deposit,omitempty"`
	Amount        string         `json:"amount,omitempty"` // refund: at most this much; all when absent

	RefundNonce               string         `json:"refundNonce,omitempty"`
	Claims                    []VoucherClaim `json:"claims,omitempty"`
	RefundAuthorizerSignature string         `json:"refundAuthorizerSignature,omitempty"`
	ClaimAuthorizerSignature  string         `json:"claimAuthorizerSignature,omitempty"`
	Receiver                  string         `json:"receiver,omitempty"` // settle
	Token                     string         `json:"token,omitempty"`    // settle
}

// ChannelState is a channel's snapshot as facilitators and sellers report
// it: the on-chain fields, and the seller's charged total when it knows it.
type ChannelState struct {
	ChannelID               string `json:"channelId"`
	Balance                 string `json:"balance"`
	TotalClaimed            string `json:"totalClaimed"`
	WithdrawRequestedAt     uint64 `json:"withdrawRequestedAt"`
	RefundNonce             string `json:"refundNonce"`
	ChargedCumulativeAmount string `json:"chargedCumulativeAmount,omitempty"`
}

// VoucherState is the seller's proof of a channel's charged total: the
// buyer's own last voucher, which the buyer checks before adopting it.
type VoucherState struct {
	SignedMaxClaimable string `json:"signedMaxClaimable"`
	Signature          string `json:"signature"`
}

// SettleExtra is what a batch settlement adds to the settlement document.
type SettleExtra struct {
	ChargedAmount string        `json:"chargedAmount,omitempty"`
	ChannelState  *ChannelState `json:"channelState,omitempty"`
}

// SchemePayload is a payment's scheme-specific payload: an exact EIP-3009
// authorization or a batch-settlement payload. The members of both are
// promoted, so a payload is read strictly in the same single pass as the
// rest of the payment; the decoder sets the one whose members it meets.
type SchemePayload struct {
	*ExactPayload
	*BatchPayload
}

// Exact is the exact payload, empty when the payload is not one.
func (s *SchemePayload) Exact() *ExactPayload {
	if s.ExactPayload == nil {
		return new(ExactPayload)
	}
	return s.ExactPayload
}

// Batch is the payment's batch-settlement payload, nil for an exact payment.
func (p *Payment) Batch() *BatchPayload {
	if p.V2 == nil {
		return nil
	}
	return p.V2.Payload.BatchPayload
}

// parseAmount reads a uint128 decimal string.
func parseAmount(field, s string) (*big.Int, error) {
	n, err := parseUint256(field, s)
	if err == nil && n.BitLen() > 128 {
		err = fmt.Errorf("%s %q exceeds 128 bits", field, s)
	}
	return n, err
}
