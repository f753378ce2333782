package main

import (
	"crypto/ecdsa"
	"math/big"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/coinslot/coinslot/edge/x402"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/valyala/fasthttp"
)

// batchEntry is the terms' batch-settlement accepts entry.
func batchEntry(terms *x402.PaymentRequired) *x402.Requirements {
	i := slices.IndexFunc(terms.Accepts, func(r x402.Requirements) bool { return r.Scheme == x402.SchemeBatch })
	if i < 0 {
		fail("the terms offer no %s entry; is the facilitator double advertising it?", x402.SchemeBatch)
	}
	return &terms.Accepts[i]
}

// channel is one connection's batch-settlement channel: its deposit call
// and the voucher calls that follow it, all signed ahead.
type channel struct {
	deposit  string
	vouchers []string

	at   int  // the voucher to send next
	sent bool // vouchers[at] has been sent and not yet answered well
}

// buyer signs a channel's payments from the 402's terms.
type buyer struct {
	terms  *x402.PaymentRequired
	entry  *x402.Requirements
	domain x402.Domain // the token's, for the deposit's ERC-3009 authorization
	price  *big.Int
	now    time.Time
}

func newBuyer(terms *x402.PaymentRequired) *buyer {
	entry := batchEntry(terms)
	d, err := x402.DomainOf(entry)
	if err != nil {
		fail("batch terms: %v", err)
	}
	price, ok := new(big.Int).SetString(entry.Amount, 10)
	if !ok {
		fail("batch terms: amount %q", entry.Amount)
	}
	return &buyer{terms: terms, entry: entry, domain: d, price: price, now: time.Now()}
}

// channels opens one channel per connection, all paid by key and told apart
// by their salt, and signs each one's deposit and n vouchers on every core.
// The deposit covers exactly the calls signed.
func (b *buyer) channels(key *ecdsa.PrivateKey, conns, n int) []*channel {
	out := make([]*channel, conns)
	var wg sync.WaitGroup
	work := make(chan int, conns)
	for i := range conns {
		work <- i
	}
	close(work)
	for range runtime.NumCPU() {
		wg.Go(func() {
			for i := range work {
				out[i] = b.channel(key, i, n)
			}
		})
	}
	wg.Wait()
	return out
}

func (b *buyer) channel(key *ecdsa.PrivateKey, salt, n int) *channel {
	payer := crypto.PubkeyToAddress(key.PublicKey)
	ch := x402.Channel{Payer: payer, PayerAuthorizer: payer, Receiver: common.HexToAddress(b.entry.PayTo),
		ReceiverAuthorizer: common.HexToAddress(b.entry.Extra["receiverAuthorizer"].(string)), Token: common.HexToAddress(b.entry.Asset),
		WithdrawDelay: uint64(b.entry.Extra["withdrawDelay"].(float64)), Salt: common.BigToHash(big.NewInt(int64(salt)))}
	cfg, id := ch.Config(), ch.ID(b.domain.ChainID)
	c := &channel{vouchers: make([]string, n)}

	// The deposit call: the whole deposit moves in, the first call is charged.
	amount := new(big.Int).Mul(b.price, big.NewInt(int64(n+1)))
	depositSalt := big.NewInt(int64(salt))
	after := strconv.FormatInt(b.now.Add(-x402.Backdate).Unix(), 10)
	before := strconv.FormatInt(b.now.Add(time.Duration(b.entry.MaxTimeoutSeconds)*time.Second).Unix(), 10)
	digest, err := x402.ReceiveAuthorizationHash(b.domain, &x402.Authorization{From: payer.Hex(), To: x402.ERC3009CollectorAddress.Hex(),
		Value: amount.String(), ValidAfter: after, ValidBefore: before, Nonce: x402.DepositNonce(id, depositSalt).Hex()})
	if err != nil {
		fail("deposit: %v", err)
	}
	auth := b.sign(key, digest)
	c.deposit = b.header(&x402.BatchPayload{Type: x402.BatchDeposit, ChannelConfig: &cfg, Voucher: b.voucher(key, id, 1),
		Deposit: &x402.Deposit{Amount: amount.String(), Authorization: x402.DepositAuthorization{ERC3009: &x402.ERC3009Deposit{
			ValidAfter: after, ValidBefore: before, Salt: depositSalt.String(), Signature: auth}}}})
	for i := range c.vouchers {
		c.vouchers[i] = b.header(&x402.BatchPayload{Type: x402.BatchVoucher, ChannelConfig: &cfg, Voucher: b.voucher(key, id, i+2)})
	}
	return c
}

// voucher is the channel's voucher for its calls-th call: the cumulative
// ceiling of that many calls at the price.
func (b *buyer) voucher(key *ecdsa.PrivateKey, id common.Hash, calls int) *x402.Voucher {
	ceiling := new(big.Int).Mul(b.price, big.NewInt(int64(calls)))
	return &x402.Voucher{ChannelID: id.Hex(), MaxClaimableAmount: ceiling.String(), Signature: b.sign(key, x402.VoucherDigest(b.domain.ChainID, id, ceiling))}
}

func (b *buyer) sign(key *ecdsa.PrivateKey, digest common.Hash) string {
	sig, err := x402.SignDigest(key, digest)
	if err != nil {
		fail("signing: %v", err)
	}
	return sig
}

// header is the PAYMENT-SIGNATURE of a batch payload, echoing the resource
// and extensions as the exact payments do.
func (b *buyer) header(p *x402.BatchPayload) string {
	h, err := x402.EncodeHeader(&x402.Payload{X402Version: 2, Resource: b.terms.Resource, Accepted: *b.entry,
		Payload: x402.SchemePayload{BatchPayload: p}, Extensions: b.terms.Extensions})
	if err != nil {
		fail("encoding: %v", err)
	}
	return h
}

// next is the channel's next voucher call: the one sent last again when its
// answer was not a 200, since nothing was charged for it, the next one
// otherwise.
func (c *channel) next() (*request, bool) {
	if c.at >= len(c.vouchers) {
		return nil, false
	}
	c.sent = true
	return &request{method: "POST", path: trifectaPath, body: trifectaBody, header: x402.HeaderSignature, value: c.vouchers[c.at], want: fasthttp.StatusOK}, true
}

func (c *channel) answered(ok bool) {
	if c.sent && ok {
		c.at++
	}
	c.sent = false
}

// voucherCost is the CPU time of one voucher's EIP-712 digest plus one
// secp256k1 recovery (x402.VoucherDigest, x402.RecoverDigest), the floor of
// a voucher call, measured on one locked thread.
func voucherCost(terms *x402.PaymentRequired) time.Duration {
	return perCall(voucherRecovery(terms))
}

// voucherRecovery is what a seller must do with every voucher: its
// EIP-712 digest and the recovery of its signer.
func voucherRecovery(terms *x402.PaymentRequired) func() {
	b, key := newBuyer(terms), newKey()
	id := common.HexToHash("0x6c6f6164")
	v := b.voucher(key, id, 1)
	want := crypto.PubkeyToAddress(key.PublicKey)
	return func() {
		got, err := x402.RecoverDigest(x402.VoucherDigest(b.domain.ChainID, id, b.price), v.Signature)
		if err != nil || got != want {
			fail("recovery: %v, %v", got, err)
		}
	}
}

// decodeCost is the CPU time of decoding one voucher call's
// PAYMENT-SIGNATURE (x402.DecodePayment: base64, then strict JSON over the
// echoed resource, terms and extensions), measured on one locked thread.
func decodeCost(c *channel) time.Duration {
	return perCall(func() {
		if _, err := x402.DecodePayment(x402.HeaderSignature, c.vouchers[0]); err != nil {
			fail("decoding a voucher: %v", err)
		}
	})
}
