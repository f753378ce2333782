package edge

import (
	"crypto/ecdsa"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/ledger/ledgertest"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/edge/x402/x402test"
	"github.com/coinslot/coinslot/registry"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/prometheus/client_golang/prometheus/testutil"
)

// idBackends open each ledger backend afresh for one test.
var idBackends = []struct {
	name string
	open func(t *testing.T) ledgertest.Opener
}{
	{"file", func(t *testing.T) ledgertest.Opener {
		path := filepath.Join(t.TempDir(), "ledger.db")
		return func(opts ...ledger.Option) ledger.Store {
			s, err := ledger.OpenFile(path, opts...)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { s.Close() })
			return s
		}
	}},
	{"postgres", func(t *testing.T) ledgertest.Opener {
		ledgertest.RequirePostgres(t)
		return ledgertest.Postgres(t)
	}},
}

// idHarness serves over a ledger that open opens with opts, configured
// with the variables env as well.
func idHarness(t *testing.T, open ledgertest.Opener, env []string, opts ...ledger.Option) *harness {
	h := &harness{t: t, rt: &fakeRuntime{}, fac: x402test.NewServed(t), env: env,
		open: func(o ...ledger.Option) ledger.Store { return open(append(o, opts...)...) }}
	h.start()
	return h
}

// refuse has the facilitator refuse payer's payments at /verify for
// reason, or accept them again when reason is "".
func refuse(h *harness, payer, reason string) {
	h.fac.Refuse(payer, reason)
}

// payAs is a payment of tool signed by key and carrying id, made from the
// terms tr's buyer reads.
func payAs(h *harness, tr transport, key *ecdsa.PrivateKey, tool, args, id string) *x402.Payload {
	h.t.Helper()
	var pr *x402.PaymentRequired
	if tr.name == "http" {
		t, _ := registry.Lookup(tool)
		pr = h.terms(t.Path)
	} else {
		pr = h.required(h.call(tool, args, nil))
	}
	_, p, err := x402.Pay(key, pr, time.Now())
	if err != nil {
		h.t.Fatal(err)
	}
	return withID(h.t, p, id)
}

// Wallets without funds each send many new ids: every payment is refused
// at /verify and its id released with it, so a ledger that holds four ids
// still binds a funded buyer's new one, which is answered and charged
// once, and whose retry with a new signature gets the kept answer.
func TestUnfundedWalletsDoNotFillPaymentIDs(t *testing.T) {
	keys := make([]*ecdsa.PrivateKey, 50)
	for i := range keys {
		keys[i], _ = crypto.GenerateKey()
	}
	for _, l := range idBackends {
		t.Run(l.name, func(t *testing.T) {
			h := idHarness(t, l.open(t), nil, ledger.WithPaymentIDs(4))
			for _, k := range keys {
				refuse(h, crypto.PubkeyToAddress(k.PublicKey).Hex(), "insufficient_funds")
			}
			for n, tr := range transports {
				runs, settles := h.rt.runs.Load(), h.fac.Settles()
				var wg sync.WaitGroup
				for w, k := range keys {
					wg.Go(func() {
						for i := range 4 {
							s := tr.send(h, "test_echo", echoBody, payAs(h, tr, k, "test_echo", echoBody, fmt.Sprintf("pay_%08d%08d%016d", n, w, i)))
							if s.status != 402 || s.code != "payment_invalid" {
								t.Errorf("%s: wallet %d's id %d: %+v; want 402 payment_invalid", tr.name, w, i, s)
							}
						}
					})
				}
				wg.Wait()
				if h.rt.runs.Load() != runs || h.fac.Settles() != settles {
					t.Fatalf("%s: unfunded calls ran %d times, settled %d", tr.name, h.rt.runs.Load()-runs, h.fac.Settles()-settles)
				}
				id := fmt.Sprintf("pay_%032d", n)
				first := tr.send(h, "test_echo", echoBody, payAs(h, tr, buyerKey, "test_echo", echoBody, id))
				if first.status != 200 || first.settlement == "" || h.rt.runs.Load() != runs+1 || h.fac.Settles() != settles+1 {
					t.Fatalf("%s: the funded buyer's new id: %+v after %d runs, %d settles; want 200, charged once", tr.name, first, h.rt.runs.Load()-runs, h.fac.Settles()-settles)
				}
				again := tr.send(h, "test_echo", echoBody, payAs(h, tr, buyerKey, "test_echo", echoBody, id))
				if again.status != 200 || again.body != first.body || h.rt.runs.Load() != runs+1 || h.fac.Settles() != settles+1 {
					t.Fatalf("%s: the settled id's retry: %+v; want the kept %s, not charged again", tr.name, again, first.body)
				}
			}
		})
	}
}

// A refused payment holds nothing: its id is bound at once by a correct
// payment, of the same request or of another, whether /verify refused it
// or /settle did.
func TestRefusedPaymentsIDIsFreeAtOnce(t *testing.T) {
	for _, l := range idBackends {
		t.Run(l.name, func(t *testing.T) {
			h := idHarness(t, l.open(t), nil)
			for n, tr := range transports {
				runs, settles := h.rt.runs.Load(), h.fac.Settles()
				id, other := fmt.Sprintf("pay_%032d", 2*n), fmt.Sprintf("pay_%032d", 2*n+1)
				refuse(h, buyer, "insufficient_funds")
				if s := tr.send(h, "test_echo", echoBody, payAs(h, tr, buyerKey, "test_echo", echoBody, id)); s.status != 402 || s.code != "payment_invalid" {
					t.Fatalf("%s: refused at /verify: %+v", tr.name, s)
				}
				refuse(h, buyer, "")
				first := tr.send(h, "test_echo", echoBody, payAs(h, tr, buyerKey, "test_echo", echoBody, id))
				if first.status != 200 || h.fac.Settles() != settles+1 {
					t.Fatalf("%s: the same request, paid: %+v after %d settles", tr.name, first, h.fac.Settles()-settles)
				}

				const args = `{"text":"cd"}`
				refuse(h, buyer, "insufficient_funds")
				if s := tr.send(h, "test_echo", echoBody, payAs(h, tr, buyerKey, "test_echo", echoBody, other)); s.status != 402 {
					t.Fatalf("%s: refused at /verify: %+v", tr.name, s)
				}
				refuse(h, buyer, "")
				h.fac.SettleAs(func() (int, string) {
					return 200, `{"success":false,"errorReason":"insufficient_funds","transaction":"","network":"eip155:8453"}`
				})
				if s := tr.send(h, "test_echo", args, payAs(h, tr, buyerKey, "test_echo", args, other)); s.code != "settlement_failed" {
					t.Fatalf("%s: another request, refused at /settle: %+v", tr.name, s)
				}
				h.fac.SettleAs(nil)
				if s := tr.send(h, "test_echo", args, payAs(h, tr, buyerKey, "test_echo", args, other)); s.status != 200 || s.body == first.body {
					t.Fatalf("%s: another request, paid: %+v", tr.name, s)
				}
				if h.fac.Settles() != settles+3 || h.rt.runs.Load() != runs+3 {
					t.Fatalf("%s: %d settles, %d runs; want 3 of each", tr.name, h.fac.Settles()-settles, h.rt.runs.Load()-runs)
				}
			}
		})
	}
}

// A wallet with its most calls with a new id under way is refused one
// more, 429 in the one error shape naming the cap, before /verify and with
// nothing charged; another wallet is not, and neither is the first once a
// call has ended.
func TestPendingPaymentIDsCappedPerPayer(t *testing.T) {
	other := crypto.PubkeyToAddress(otherKey.PublicKey).Hex()
	for _, l := range idBackends {
		t.Run(l.name, func(t *testing.T) {
			h := idHarness(t, l.open(t), []string{"COINSLOT_LEDGER_PAYMENT_IDS_PENDING_PER_PAYER=2"}, ledger.WithPendingIDs(2))
			slowly(h, 400*time.Millisecond)
			for n, tr := range transports {
				runs, settles := h.rt.runs.Load(), h.fac.Settles()
				id := func(i int) string { return fmt.Sprintf("pay_%016d%016d", n, i) }
				running := make([]sent, 2)
				var wg sync.WaitGroup
				for i := range running {
					p := payAs(h, tr, buyerKey, "test_echo", echoBody, id(i))
					wg.Go(func() { running[i] = tr.send(h, "test_echo", echoBody, p) })
				}
				for deadline := time.Now().Add(5 * time.Second); h.rt.runs.Load() < runs+2; time.Sleep(2 * time.Millisecond) {
					if time.Now().After(deadline) {
						t.Fatalf("%s: %d calls under way, want 2", tr.name, h.rt.runs.Load()-runs)
					}
				}
				verifies, refused := h.fac.Verifies(), testutil.ToFloat64(h.srv.metrics.refusals.WithLabelValues(reasonIDsPending))
				over := tr.send(h, "test_echo", echoBody, payAs(h, tr, buyerKey, "test_echo", echoBody, id(2)))
				want := fmt.Sprintf(`{"error":{"code":"rate_limited","message":"%s has 2 calls with a new payment identifier under way, the most one wallet may (ledger.payment_ids_pending_per_payer); nothing was charged: retry once one has ended"}}`, buyer)
				if over.status != 429 || over.body != want || tr.name == "http" && over.retryAfter != "1" {
					t.Fatalf("%s: a third id under way: %+v\nwant 429 %s", tr.name, over, want)
				}
				if h.fac.Verifies() != verifies {
					t.Fatalf("%s: a call over the cap was verified", tr.name)
				}
				if v := testutil.ToFloat64(h.srv.metrics.refusals.WithLabelValues(reasonIDsPending)); v != refused+1 {
					t.Fatalf("%s: coinslot_payment_refusals_total{reason=%q} went from %v to %v, want one more", tr.name, reasonIDsPending, refused, v)
				}
				if s := tr.send(h, "test_echo", echoBody, payAs(h, tr, otherKey, "test_echo", echoBody, id(2))); s.status != 200 {
					t.Fatalf("%s: %s's id while %s has two under way: %+v", tr.name, other, buyer, s)
				}
				wg.Wait()
				for i, s := range running {
					if s.status != 200 {
						t.Fatalf("%s: call %d under way: %+v", tr.name, i, s)
					}
				}
				if s := tr.send(h, "test_echo", echoBody, payAs(h, tr, buyerKey, "test_echo", echoBody, id(2))); s.status != 200 {
					t.Fatalf("%s: a new id once the calls ended: %+v", tr.name, s)
				}
				if h.fac.Settles() != settles+4 || h.rt.runs.Load() != runs+4 {
					t.Fatalf("%s: %d settles, %d runs; want 4 of each", tr.name, h.fac.Settles()-settles, h.rt.runs.Load()-runs)
				}
			}
		})
	}
}
