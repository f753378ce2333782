package edge

import (
	"context"
	"encoding/json"
	"log/slog"
	"math/big"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/facilitator"
	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/upkeep"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/edge/x402/x402test"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
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

// batchPaid is one answer: its status, settlement and refusal.
type batchPaid struct {
	reply
	settled  x402.SettleResponse
	required x402.PaymentRequired
}

// send pays for echo with p, which err, if any, failed to sign.
func (b *batchSeller) send(p *x402.Payload, err error) batchPaid {
	b.t.Helper()
	return b.sendFor(echoBody, p, err)
}

// served sends p, and fails the test (at the caller's line) unless the
// call was answered.
func (b *batchSeller) served(p *x402.Payload, err error) batchPaid {
	b.t.Helper()
	r := b.send(p, err)
	if r.status != http.StatusOK {
		b.t.Fatalf("paid call refused: %d %q %s", r.status, r.required.Error, r.body)
	}
	return r
}

// sendFor pays for echo's answer to body.
func (b *batchSeller) sendFor(body string, p *x402.Payload, err error) batchPaid {
	b.t.Helper()
	if err != nil {
		b.t.Fatal(err)
	}
	out := batchPaid{reply: b.pay(echoPath, body, p)}
	if v := out.header[x402.HeaderResponse]; v != "" {
		x402.DecodeHeader(v, &out.settled)
	}
	if out.status != http.StatusOK {
		x402.DecodeHeader(out.header[x402.HeaderRequired], &out.required)
	}
	return out
}

// price is what one call of echo costs, and times n calls.
func price(t *testing.T, buyer *x402.BatchBuyer) (one *big.Int, times func(n int64) *big.Int) {
	t.Helper()
	one, ok := new(big.Int).SetString(buyer.Terms.Amount, 10)
	if !ok {
		t.Fatalf("price %q", buyer.Terms.Amount)
	}
	return one, func(n int64) *big.Int { return new(big.Int).Mul(one, big.NewInt(n)) }
}

func (s *syncBuffer) text() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// A channel's life on the seller: one deposit, vouchers served without the
// facilitator, the corrective 402 for a stale voucher, a voucher above the
// balance, concurrent vouchers charged once, and a refund of the rest.
func TestBatchSettlementChannel(t *testing.T) {
	b := newBatchSeller(t)
	var log syncBuffer
	b.srv.pay.Log = slog.New(slog.NewJSONHandler(&log, nil))
	buyer := b.buyer(echoPath, 0, 1)
	one, times := price(t, buyer)
	deposit := times(10)

	r := b.send(buyer.Deposit(deposit, times(1), b.sb.Now()))
	st := r.settled.Extra
	if r.status != http.StatusOK || !r.settled.Success || r.settled.Transaction == "" || r.settled.Amount != deposit.String() ||
		st == nil || st.ChargedAmount != one.String() || st.ChannelState.ChargedCumulativeAmount != one.String() || st.ChannelState.Balance != deposit.String() {
		t.Fatalf("deposit: %d %+v %+v", r.status, r.settled, st)
	}
	r = b.send(buyer.Voucher(times(2)))
	if r.status != http.StatusOK || r.settled.Transaction != "" || r.settled.Extra.ChannelState.ChargedCumulativeAmount != times(2).String() {
		t.Fatalf("voucher: %d %+v", r.status, r.settled)
	}
	last, _ := buyer.Voucher(times(2))
	// The access line of a voucher call names its scheme, what it charged,
	// the channel and its charged total.
	channel := strings.ToLower(last.Payload.BatchPayload.Voucher.ChannelID)
	if want := `"payment":"settled","payer":"` + crypto.PubkeyToAddress(buyer.Key.PublicKey).Hex() + `","scheme":"batch-settlement","amount":"` + one.String() +
		`","channel":"` + channel + `","charged":"` + times(2).String() + `"`; !strings.Contains(log.text(), want) {
		t.Fatalf("no access line with %s in\n%s", want, log.text())
	}

	// The same voucher again for the same request: the answer again, not a
	// second charge.
	again := b.send(buyer.Voucher(times(2)))
	if again.status != http.StatusOK || again.settled.Extra.ChannelState.ChargedCumulativeAmount != times(2).String() {
		t.Fatalf("retried voucher: %d %+v", again.status, again.settled)
	}
	// For another request: the charged total is ahead of it.
	stale, err := buyer.Voucher(times(2))
	r = b.sendFor(`{"text":"other"}`, stale, err)
	if r.status != http.StatusPaymentRequired || r.required.Error != x402.BatchCumulativeMismatch {
		t.Fatalf("stale voucher: %d %q", r.status, r.required.Error)
	}
	var extra map[string]any
	for _, acc := range r.required.Accepts {
		if acc.Scheme == x402.SchemeBatch {
			extra = acc.Extra
		}
	}
	state, _ := extra["channelState"].(map[string]any)
	proof, _ := extra["voucherState"].(map[string]any)
	if state["chargedCumulativeAmount"] != times(2).String() || proof["signedMaxClaimable"] != times(2).String() ||
		proof["signature"] != last.Payload.BatchPayload.Voucher.Signature {
		t.Fatalf("corrective 402 extra %+v", extra)
	}

	// Eight calls race with the next voucher: it is charged once; the
	// others find the channel busy or get the answer again.
	var wg sync.WaitGroup
	var mu sync.Mutex
	served := 0
	for range 8 {
		wg.Go(func() {
			p, err := buyer.Voucher(times(3))
			r := b.send(p, err)
			mu.Lock()
			defer mu.Unlock()
			switch {
			case r.status == http.StatusOK && r.settled.Extra.ChannelState.ChargedCumulativeAmount == times(3).String():
				served++
			case r.required.Error != x402.BatchChannelBusy:
				t.Errorf("racing voucher: %d %q %+v", r.status, r.required.Error, r.settled)
			}
		})
	}
	wg.Wait()
	if served == 0 {
		t.Fatal("no racing voucher was served")
	}

	// A refund returns what is not charged, on chain.
	payer := crypto.PubkeyToAddress(buyer.Key.PublicKey)
	before := b.balance(payer)
	r = b.send(buyer.Refund(times(3), nil))
	rest := new(big.Int).Sub(deposit, times(3))
	if r.status != http.StatusOK || !r.settled.Success || r.settled.Amount != rest.String() || r.settled.Extra.ChannelState.RefundNonce != "1" ||
		r.settled.Extra.ChargedAmount != "" {
		t.Fatalf("refund: %d %+v %s", r.status, r.settled, r.body)
	}
	if got := b.balance(payer) - before; got != rest.Int64() {
		t.Fatalf("the buyer got %d back, want %s", got, rest)
	}
	if r = b.send(buyer.Refund(times(3), nil)); r.status != http.StatusPaymentRequired || r.required.Error != x402.BatchRefundNoBalance {
		t.Fatalf("second refund: %d %q", r.status, r.required.Error)
	}
	// The claim of the refund put the charged total on chain.
	claimed := b.claimer.Once(context.Background())
	if claimed != 0 {
		t.Fatalf("claimer claimed %d channels already claimed by the refund", claimed)
	}
}

// A voucher above the channel's balance is refused before the tool runs,
// and the facilitator refuses a voucher at or below what is claimed and a
// refund at a stale nonce.
func TestBatchSettlementLimits(t *testing.T) {
	b := newBatchSeller(t)
	buyer := b.buyer(echoPath, 1, 2)
	_, times := price(t, buyer)
	b.served(buyer.Deposit(times(2), times(1), b.sb.Now()))
	b.served(buyer.Voucher(times(2)))
	runs := b.rt.runs.Load()
	if r := b.send(buyer.Voucher(times(3))); r.status != http.StatusPaymentRequired || r.required.Error != x402.BatchCumulativeExceedsBal {
		t.Fatalf("voucher above the balance: %d %q", r.status, r.required.Error)
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

// record is the seller's record of the buyer's channel.
func (b *batchSeller) record(buyer *x402.BatchBuyer) *ledger.Channel {
	b.t.Helper()
	p, err := buyer.Voucher(new(big.Int)) // names the channel
	if err != nil {
		b.t.Fatal(err)
	}
	rec, err := b.store.Channel(context.Background(), p.Payload.BatchPayload.Voucher.ChannelID)
	if err != nil {
		b.t.Fatal(err)
	}
	return rec
}

// gauge is the value of a gauge the server exports.
func (b *batchSeller) gauge(name string) float64 {
	b.t.Helper()
	families, err := b.reg.Gather()
	if err != nil {
		b.t.Fatal(err)
	}
	for _, f := range families {
		if f.GetName() == name && len(f.GetMetric()) == 1 {
			return f.GetMetric()[0].GetGauge().GetValue()
		}
	}
	b.t.Fatalf("no gauge %s", name)
	return 0
}

// A claim whose batch reverts claims each channel alone: the good ones
// land, and the bad one is quarantined in its record (durable, shown at
// /channel/{id}, counted by the gauge) until it is charged again or its
// retry is due; a retry that lands ends the quarantine.
func TestBatchClaimQuarantinesAFailingChannel(t *testing.T) {
	b := newBatchSeller(t)
	good, bad := b.buyer(echoPath, 0, 3), b.buyer(echoPath, 1, 4)
	_, times := price(t, good)
	for _, buyer := range []*x402.BatchBuyer{good, bad} {
		b.served(buyer.Deposit(times(5), times(1), b.sb.Now()))
	}
	ctx := context.Background()
	rec := b.record(bad)
	signature := rec.Signature
	forged, _ := good.Voucher(times(1)) // signed by another key
	rec.Signature = forged.Payload.BatchPayload.Voucher.Signature
	if err := b.store.PutChannel(ctx, rec); err != nil {
		t.Fatal(err)
	}
	if n := b.claimer.Once(ctx); n != 1 {
		t.Fatalf("claimed %d channels, want the good one", n)
	}
	if n := b.claimer.Once(ctx); n != 0 {
		t.Fatalf("the quarantined channel was claimed again: %d", n)
	}
	if got := b.balance(common.HexToAddress(good.Terms.PayTo)); got == 0 {
		t.Fatalf("nothing was swept to the seller")
	}
	rec = b.record(bad)
	if q := rec.Quarantine; q == nil || q.Charged != times(1).String() || q.Retries != 0 || !strings.Contains(q.Reason, x402.BatchClaimSimulationFailed) {
		t.Fatalf("the record's quarantine %+v", q)
	}
	if g := b.gauge("coinslot_channels_quarantined"); g != 1 {
		t.Fatalf("quarantine gauge %v, want 1", g)
	}
	if r := b.do("GET", "/channel/"+rec.ID, "", nil); r.status != http.StatusOK || !strings.Contains(string(r.body), `"quarantine":{"charged":"`+times(1).String()+`"`) {
		t.Fatalf("the channel's account: %d %s", r.status, r.body)
	}

	// Its retry is due: it reverts again, and waits twice as long.
	rec.Quarantine.Since = rec.Quarantine.Since.Add(-11 * time.Minute)
	if err := b.store.PutChannel(ctx, rec); err != nil {
		t.Fatal(err)
	}
	if n := b.claimer.Once(ctx); n != 0 {
		t.Fatalf("claimed %d channels with a forged voucher", n)
	}
	if rec = b.record(bad); rec.Quarantine == nil || rec.Quarantine.Retries != 1 {
		t.Fatalf("after a second revert the quarantine is %+v", rec.Quarantine)
	}
	// The voucher put right and the retry due: it lands, the quarantine ends.
	rec.Signature = signature
	rec.Quarantine.Since = rec.Quarantine.Since.Add(-21 * time.Minute)
	if err := b.store.PutChannel(ctx, rec); err != nil {
		t.Fatal(err)
	}
	if n := b.claimer.Once(ctx); n != 1 {
		t.Fatalf("the retried channel: %d claimed, want 1", n)
	}
	if rec = b.record(bad); rec.Quarantine != nil || rec.TotalClaimed != times(1).String() {
		t.Fatalf("after the retry landed: quarantine %+v, claimed %s", rec.Quarantine, rec.TotalClaimed)
	}
	if g := b.gauge("coinslot_channels_quarantined"); g != 0 {
		t.Fatalf("quarantine gauge %v after the retry landed, want 0", g)
	}
}

// A receipt-backed tool bought with a voucher returns a receipt that names
// the channel, and the channel's account is served where it points.
func TestBatchVoucherReceipt(t *testing.T) {
	b := newBatchSeller(t)
	const path, request = "/paid/test/receipt", `{"tool_name":"x"}`
	buyer := b.buyer(path, 0, 8)
	one, times := price(t, buyer)
	deposit, err := buyer.Deposit(times(4), times(1), b.sb.Now())
	if err != nil {
		t.Fatal(err)
	}
	if r := b.pay(path, request, deposit); r.status != http.StatusOK {
		t.Fatalf("deposit: %d %s", r.status, r.body)
	}
	p, err := buyer.Voucher(times(2))
	if err != nil {
		t.Fatal(err)
	}
	paid := b.pay(path, request, p)
	if paid.status != http.StatusOK {
		t.Fatalf("voucher: %d %s", paid.status, paid.body)
	}
	var answer struct {
		Buyer   struct{ Tx string } `json:"buyer"`
		Receipt map[string]string   `json:"svc_receipt"`
	}
	if err := json.Unmarshal(paid.body, &answer); err != nil {
		t.Fatal(err)
	}
	id := strings.ToLower(p.Payload.BatchPayload.Voucher.ChannelID)
	r := answer.Receipt
	if answer.Buyer.Tx != "" || r["tx"] != "" || r["channel_id"] != id || r["charged_cumulative_atomic"] != times(2).String() ||
		!strings.HasSuffix(r["receipt_url"], "/channel/"+id) || r["amount_atomic"] != one.String() {
		t.Fatalf("voucher receipt %+v", r)
	}
	account := b.do("GET", strings.TrimPrefix(r["receipt_url"], testBase), "", nil)
	if account.status != http.StatusOK {
		t.Fatalf("channel account: %d %s", account.status, account.body)
	}
	if got := account.json(t); got["channel_id"] != id || got["charged_cumulative_atomic"] != times(2).String() || got["balance_atomic"] != times(4).String() {
		t.Fatalf("channel account %s", account.body)
	}
	if got := b.do("GET", strings.TrimPrefix(strings.TrimSuffix(r["receipt_url"], id), testBase)+"0x"+strings.Repeat("ab", 32), "", nil); got.status != http.StatusNotFound {
		t.Fatalf("unknown channel: %d", got.status)
	}
}

// A channel served meanwhile by another instance sharing the ledger: the
// record this instance keeps is behind, and the next voucher, which pays on
// top of the other instance's charge, is still served.
func TestBatchSettlementAfterAnotherInstance(t *testing.T) {
	b := newBatchSeller(t)
	buyer := b.buyer(echoPath, 0, 6)
	_, times := price(t, buyer)
	b.served(buyer.Deposit(times(5), times(1), b.sb.Now()))
	// The other instance serves the voucher for 2 prices.
	rec := b.record(buyer)
	theirs, _ := buyer.Voucher(times(2))
	rec.Charged, rec.SignedMax, rec.Signature = times(2).String(), times(2).String(), theirs.Payload.BatchPayload.Voucher.Signature
	if err := b.store.PutChannel(context.Background(), rec); err != nil {
		t.Fatal(err)
	}
	if r := b.send(buyer.Voucher(times(3))); r.status != http.StatusOK || r.settled.Extra.ChannelState.ChargedCumulativeAmount != times(3).String() {
		t.Fatalf("voucher after another instance's: %d %q %+v", r.status, r.required.Error, r.settled)
	}
}

// A voucher signed with v as 0 or 1 recovers in Go but not in the contract,
// which takes only 27 or 28: it is refused before the tool runs, and the
// channel is still served and claimed with the voucher as wallets sign it.
func TestBatchVoucherSignedWithVZeroOrOneIsRefused(t *testing.T) {
	b := newBatchSeller(t)
	buyer := b.buyer(echoPath, 0, 11)
	_, times := price(t, buyer)
	b.served(buyer.Deposit(times(30), times(1), b.sb.Now()))
	runs := b.rt.runs.Load()
	for n := int64(2); n < 22; n++ {
		p, err := buyer.Voucher(times(n))
		if err != nil {
			t.Fatal(err)
		}
		v := p.Payload.BatchPayload.Voucher
		sig := common.FromHex(v.Signature)
		sig[64] -= 27
		v.Signature = hexutil.Encode(sig)
		if r := b.send(p, nil); r.status != http.StatusPaymentRequired || r.required.Error != x402.BatchVoucherSignature {
			t.Fatalf("voucher for %d prices signed with v %d: %d %q %+v", n, sig[64], r.status, r.required.Error, r.settled)
		}
	}
	if n := b.rt.runs.Load() - runs; n != 0 {
		t.Fatalf("the tool ran %d times for the refused vouchers", n)
	}
	if got := b.record(buyer).Charged; got != times(1).String() {
		t.Fatalf("charged %s after the refused vouchers, want %s", got, times(1))
	}
	b.served(buyer.Voucher(times(2)))
	if n := b.claimer.Once(context.Background()); n != 1 {
		t.Fatalf("claimed %d channels, want 1", n)
	}
}
