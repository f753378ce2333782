package edge

import (
	"context"
	"math/big"
	"net/http"
	"path/filepath"
	"testing"

	"github.com/coinslot/coinslot/edge/facilitator"
	"github.com/coinslot/coinslot/edge/upkeep"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/edge/x402/x402test"
	"github.com/ethereum/go-ethereum/common"
)

// batchSeller is a seller of batch-settlement channels on the sandbox's
// simulated chain, settling through the sandbox's own facilitator, whose
// claimer runs only when a test asks.
type batchSeller struct {
	*chainSeller
	claimer *upkeep.Claimer
}

func newBatchSeller(t *testing.T) *batchSeller {
	sb, err := facilitator.NewSandbox(context.Background(), 2, 1337)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sb.Close() })
	supported := sb.Facilitator.Supported()
	authorizer, ok := supported.ReceiverAuthorizer(sb.Network.ID)
	if !ok {
		t.Fatalf("the sandbox's facilitator names no receiver authorizer on %s: %+v", sb.Network.ID, supported)
	}
	h := &harness{t: t, rt: &fakeRuntime{}, path: filepath.Join(t.TempDir(), "ledger.db"), fac: x402test.NewServed(t),
		nets: []x402.Network{sb.Network}, via: sb.Facilitator, supported: supported, now: sb.Now,
		batch: &x402.BatchTerms{Network: sb.Network.ID, ReceiverAuthorizer: authorizer, WithdrawDelay: 900}}
	h.start()
	claimer, err := h.srv.Claimer(facilitator.ChannelReader{Chain: sb.Client()})
	if err != nil || claimer == nil {
		t.Fatalf("claimer %v, %v", claimer, err)
	}
	return &batchSeller{chainSeller: &chainSeller{harness: h, sb: sb}, claimer: claimer}
}

// buyer is the sandbox's funded buyer i paying path's batch-settlement
// terms on a channel of its own (salt).
func (b *batchSeller) buyer(path string, i int, salt byte) *x402.BatchBuyer {
	b.t.Helper()
	pr := b.terms(path)
	for _, acc := range pr.Accepts {
		if acc.Scheme == x402.SchemeBatch {
			return &x402.BatchBuyer{Key: b.sb.Buyers[i].Key, Terms: acc, Resource: pr.Resource, Salt: common.Hash{salt}}
		}
	}
	b.t.Fatalf("the 402 of %s offers no batch-settlement: %+v", path, pr.Accepts)
	return nil
}

// send pays for echo with p, which err, if any, failed to sign.
func (b *batchSeller) send(p *x402.Payload, err error) (reply, x402.PaymentRequired) {
	b.t.Helper()
	if err != nil {
		b.t.Fatal(err)
	}
	r := b.pay(echoPath, echoBody, p)
	var required x402.PaymentRequired
	if r.status != http.StatusOK {
		x402.DecodeHeader(r.header[x402.HeaderRequired], &required)
	}
	return r, required
}

// A voucher above the channel's balance is refused before the tool runs,
// and the facilitator refuses a voucher at or below what is claimed and a
// refund at a stale nonce.
func TestBatchSettlementLimits(t *testing.T) {
	b := newBatchSeller(t)
	buyer := b.buyer(echoPath, 1, 2)
	price, ok := new(big.Int).SetString(buyer.Terms.Amount, 10)
	if !ok {
		t.Fatalf("price %q", buyer.Terms.Amount)
	}
	times := func(n int64) *big.Int { return new(big.Int).Mul(price, big.NewInt(n)) }
	if r, _ := b.send(buyer.Deposit(times(2), times(1), b.sb.Now())); r.status != http.StatusOK {
		t.Fatalf("deposit: %d %s", r.status, r.body)
	}
	if r, _ := b.send(buyer.Voucher(times(2))); r.status != http.StatusOK {
		t.Fatalf("voucher: %d %s", r.status, r.body)
	}
	runs := b.rt.runs.Load()
	if r, required := b.send(buyer.Voucher(times(3))); r.status != http.StatusPaymentRequired || required.Error != x402.BatchCumulativeExceedsBal {
		t.Fatalf("voucher above the balance: %d %q", r.status, required.Error)
	}
	if n := b.rt.runs.Load() - runs; n != 0 {
		t.Fatalf("the tool ran %d times for the voucher above the balance", n)
	}
	if n := b.claimer.Once(context.Background()); n != 1 {
		t.Fatalf("claimed %d channels, want 1", n)
	}
	f := b.sb.Facilitator
	below, _ := buyer.Voucher(times(2)) // equal to the claimed total
	v, err := f.Verify(context.Background(), below, &below.Accepted)
	if err != nil || v.IsValid || v.InvalidReason != x402.BatchCumulativeBelowClaimed {
		t.Fatalf("voucher at the claimed total: %+v %v", v, err)
	}
	refund, _ := buyer.Refund(times(2), nil)
	refund.Payload.BatchPayload.RefundNonce = "7"
	refund.Payload.BatchPayload.Amount = "1"
	refund.Payload.BatchPayload.Claims = []x402.VoucherClaim{{Voucher: x402.ClaimVoucher{Channel: *refund.Payload.BatchPayload.ChannelConfig, MaxClaimableAmount: times(2).String()},
		Signature: refund.Payload.BatchPayload.Voucher.Signature, TotalClaimed: times(2).String()}}
	s, err := f.Settle(context.Background(), refund, &refund.Accepted)
	if err != nil || s.Success || s.ErrorReason != x402.BatchRefundPayload {
		t.Fatalf("refund at a stale nonce: %+v %v", s, err)
	}
}
