package main

import (
	"context"
	"log/slog"
	"math/big"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/facilitator"
	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/upkeep"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// A deposit that lands while its /settle answer is lost: the call answers
// 504 settlement_pending with Retry-After and the payment's status URL, and
// so does a retry while the deposit is in doubt, while another call on the
// channel is refused as busy before its tool runs; once reconciliation finds
// the deposit on chain, the retry of the same payment gets the kept answer
// and its settlement names the deposit's transaction. The call is charged
// once, and the seller's record, the chain and the buyer's wallet agree.
func TestBatchDepositWithUnknownOutcomeIsReconciled(t *testing.T) {
	slow(t)
	chainSide := startBatchSandbox(t)
	proxy, proxyURL := startFaultProxy(t, chainSide.base+"/facilitator")
	b := startBatchSandbox(t, "COINSLOT_CHAIN_RPC="+chainSide.base+pathSandboxRPC, "COINSLOT_FACILITATOR_URL="+proxyURL)
	chain := chainOf(t, chainSide.base)
	buyer := b.buyer(buyer1, 41)
	payer := crypto.PubkeyToAddress(buyer.Key.PublicKey)
	wallet := b.tokenBalanceOn(chain, payer)
	deposit, err := buyer.Deposit(b.times(5), b.times(1), time.Now())
	if err != nil {
		t.Fatal(err)
	}
	header, err := x402.EncodeHeader(deposit)
	if err != nil {
		t.Fatal(err)
	}
	d := deposit.Payload.BatchPayload
	channel := strings.ToLower(d.Voucher.ChannelID)
	nonce := strings.ToLower(x402.DepositNonce(common.HexToHash(channel), mustSalt(t, d.Deposit.Authorization.ERC3009.Salt)).Hex())
	statusURL := b.base + "/payment/" + strings.ToLower(payer.Hex()) + "/" + nonce

	pending := func(what string) {
		t.Helper()
		res, body, err := post(b.url, []byte(batchRequest), header)
		if err != nil {
			t.Fatal(err)
		}
		if res.StatusCode != http.StatusGatewayTimeout || res.Header.Get("Retry-After") == "" ||
			!strings.Contains(string(body), `"code":"settlement_pending"`) || !strings.Contains(string(body), statusURL) {
			t.Fatalf("%s: %d %s (Retry-After %q), want 504 settlement_pending naming %s", what, res.StatusCode, body, res.Header.Get("Retry-After"), statusURL)
		}
	}
	proxy.lose.Store(true)
	pending("the deposit whose answer was lost")
	proxy.lose.Store(false)
	pending("its retry before reconciliation")
	if r := b.send(buyer.Voucher(b.times(1))); r.status != http.StatusPaymentRequired || r.required.Error != x402.BatchChannelBusy {
		t.Fatalf("a voucher while the deposit is in doubt: %d %q, want 402 %s", r.status, r.required.Error, x402.BatchChannelBusy)
	}
	if got := b.tokenBalanceOn(chain, payer); got.Cmp(new(big.Int).Sub(wallet, b.times(5))) != 0 {
		t.Fatalf("the deposit did not land: the buyer holds %s of %s", got, wallet)
	}

	sb := chainSide.svc.sandbox
	r, err := upkeep.NewReconciler(upkeep.Reconciliation{
		Ledger: b.svc.ledger, BaseURL: b.base, Log: slog.New(slog.DiscardHandler), Deposits: b.svc.edge,
		Finders: map[string]upkeep.SettlementFinder{sb.Network.ID: facilitator.Finder{Chain: sb.Client(), ChainID: sb.Network.ChainID, Asset: sb.Network.Asset}},
		Now:     func() time.Time { return time.Now().Add(2 * time.Minute) }, // past the live call's window
	})
	if err != nil {
		t.Fatal(err)
	}
	if left, err := r.Once(context.Background()); err != nil || left != 0 {
		t.Fatalf("reconcile: %d left, %v", left, err)
	}
	pm, err := b.svc.ledger.Payment(context.Background(), payer.Hex(), nonce)
	if err != nil || pm.State != ledger.Settled || pm.Receipt.Channel != channel {
		t.Fatalf("the deposit's pair after reconciliation: %+v, %v", pm, err)
	}

	got := b.send(deposit, nil)
	if got.status != http.StatusOK || got.settled.Transaction != pm.Receipt.Tx || got.settled.Extra == nil || got.settled.Extra.ChannelState.ChargedCumulativeAmount != b.times(1).String() {
		t.Fatalf("the retry after reconciliation: %d %+v %+v, want 200 settled by %s", got.status, got.settled, got.errorBody, pm.Receipt.Tx)
	}
	if rec := b.record(buyer); rec.Deposit != nil || rec.Charged != b.times(1).String() {
		t.Fatalf("the channel after reconciliation: charged %s, pending deposit %+v", rec.Charged, rec.Deposit)
	}
	if r := b.send(buyer.Voucher(b.times(2))); r.status != http.StatusOK {
		t.Fatalf("the next voucher: %d %q %+v", r.status, r.required.Error, r.errorBody)
	}
	b.agree(chain, buyer, 2, wallet, b.times(5), new(big.Int))
}

func mustSalt(t *testing.T, s string) *big.Int {
	t.Helper()
	n, ok := x402.DepositSalt(s)
	if !ok {
		t.Fatalf("salt %q", s)
	}
	return n
}
