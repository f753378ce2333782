package edge

import (
	"context"
	"io"
	"log/slog"
	"math/big"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/facilitator"
	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/upkeep"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/ethereum/go-ethereum/common"
	"github.com/prometheus/client_golang/prometheus"
)

// Permit2 payments settled on the sandbox chain while the process died
// before Record stay pending under their decimal nonces; reconciliation
// finds each one's transaction by Permit2's nonce and the proxy call that
// spent it, and records its receipt: the price for exact, what the call
// cost for upto.
func TestReconcileRecordsPermit2Settlements(t *testing.T) {
	c := newChainSeller(t)
	c.srv.pay.Ledger = crashingStore{c.store}
	key := c.freshWallet(1_000_000)

	exact := c.pay("/paid/test/echo", `{"text":"hi"}`, c.permit2Payment("/paid/test/echo", x402.KindExactPermit2, key, nil, nil))
	upto := c.pay("/paid/test/words", `{"text":"a b","n":4}`, c.permit2Payment("/paid/test/words", x402.KindUpto, key, nil, nil))
	want := map[string]string{} // amount_atomic → transaction
	for _, r := range []reply{exact, upto} {
		if r.status != 200 {
			t.Fatalf("%d %s", r.status, r.body)
		}
		s := settlementOf(t, r, x402.HeaderResponse)
		if !s.Success || s.Transaction == "" {
			t.Fatalf("settlement %+v", s)
		}
		want[map[bool]string{true: "20000", false: "50000"}[s.Amount == "20000"]] = s.Transaction
	}
	pend := c.pending()
	if len(pend) != 2 {
		t.Fatalf("pending %+v, want the two payments", pend)
	}
	for _, p := range pend {
		if n, ok := new(big.Int).SetString(p.Nonce, 10); !ok || n.String() != p.Nonce {
			t.Fatalf("pending nonce %q: want a decimal Permit2 nonce", p.Nonce)
		}
		if got := c.do("GET", "/receipt/"+want[p.Receipt.AmountAtomic], "", nil); got.status != 404 {
			t.Fatalf("receipt before reconciliation: %d %s", got.status, got.body)
		}
	}

	now := pend[1].Since.Add(upkeep.FirstLook)
	r, err := upkeep.NewReconciler(upkeep.Reconciliation{
		Ledger:  c.store,
		Finders: map[string]upkeep.SettlementFinder{c.sb.Network.ID: facilitator.Finder{Chain: c.sb.Client(), ChainID: c.sb.Network.ChainID, Asset: c.sb.Network.Asset}},
		BaseURL: testBase, Metrics: prometheus.NewRegistry(), Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
		Now: func() time.Time { return now },
	})
	if err != nil {
		t.Fatal(err)
	}
	if left, err := r.Once(context.Background()); err != nil || left != 0 {
		t.Fatalf("reconcile: %d left (%v)", left, err)
	}
	for _, p := range pend {
		pm, err := c.store.Payment(context.Background(), p.Payer, p.Nonce)
		if err != nil || pm.State != ledger.Settled || pm.Receipt == nil || pm.Receipt.Tx != want[p.Receipt.AmountAtomic] {
			t.Fatalf("payment %s of %s for %s: %+v (%v), want settled by %s", p.Nonce, p.Payer, p.Receipt.AmountAtomic, pm, err, want[p.Receipt.AmountAtomic])
		}
		tx := want[p.Receipt.AmountAtomic]
		receipt, err := c.sb.Client().TransactionReceipt(context.Background(), common.HexToHash(tx))
		if err != nil {
			t.Fatal(err)
		}
		block, err := c.sb.Client().HeaderByNumber(context.Background(), receipt.BlockNumber)
		if err != nil {
			t.Fatal(err)
		}
		served := c.do("GET", "/receipt/"+tx, "", nil).json(t)
		if served["tx"] != tx || served["amount_atomic"] != p.Receipt.AmountAtomic || served["settled_at"] != time.Unix(int64(block.Time), 0).UTC().Format(time.RFC3339) {
			t.Errorf("receipt of %s: %v, want %s settled at block %d's time", tx, served, p.Receipt.AmountAtomic, block.Number)
		}
	}
}
