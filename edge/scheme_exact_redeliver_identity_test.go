package edge

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/ledger/ledgertest"
	"github.com/coinslot/coinslot/edge/upkeep"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/edge/x402/x402test"
	"github.com/coinslot/coinslot/registry"
)

// sellingOnTwo is a harness, not started, selling on Base and Polygon over
// the ledger named.
func sellingOnTwo(t *testing.T, ledgerName string) *harness {
	h := &harness{t: t, rt: &fakeRuntime{}, fac: x402test.NewServed(t), nets: []x402.Network{x402.Base, x402.Polygon}}
	if ledgerName == "postgres" {
		ledgertest.RequirePostgres(t)
		h.open = ledgertest.Postgres(t)
	} else {
		h.path = filepath.Join(t.TempDir(), "ledger.db")
	}
	return h
}

// offered are the terms of a tool as the transport hands them out, every
// network's.
func offered(h *harness, tr transport, tool, args string) *x402.PaymentRequired {
	h.t.Helper()
	if tr.name == "http" {
		t, _ := registry.Lookup(tool)
		return h.terms(t.Path)
	}
	var pr x402.PaymentRequired
	if err := json.Unmarshal(h.call(tool, args, nil).StructuredContent, &pr); err != nil {
		h.t.Fatal(err)
	}
	return &pr
}

// payOn is the buyer's payment for the i-th of the terms' networks.
func payOn(t *testing.T, pr *x402.PaymentRequired, i int) *x402.Payload {
	t.Helper()
	one := *pr
	one.Accepts = pr.Accepts[i : i+1]
	_, p, err := x402.Pay(buyerKey, &one, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// signedFor is the same authorization, its nonce too, signed by the buyer
// for other terms on network n: what a client retrying on the other offered
// network sends.
func signedFor(t *testing.T, p *x402.Payload, r x402.Requirements, n x402.Network) *x402.Payload {
	t.Helper()
	d := x402test.Redraft(p, buyerKey, n.Domain())
	d.Payload.Accepted = r
	return d.Sign(t)
}

// One call whose settlement landed on Base but was answered 500 is retried
// by the buyer's client with the same nonce signed for Polygon: the retry
// is refused, naming Base, and settles nothing, though no call can still be
// settling the first; once reconciliation records Base's transaction, the
// Polygon retry is still refused and the Base one gets the answer with
// Base's settlement and a signed receipt naming Base and its transaction.
// Charged once, on Base. Over each transport, on each
// ledger.
func TestNonceOnAnotherNetworkIsChargedOnce(t *testing.T) {
	const args = `{"text":"ab"}`
	for _, l := range ledgers {
		for _, tr := range transports {
			t.Run(l.name+"/"+tr.name, func(t *testing.T) {
				h := sellingOnTwo(t, l.name)
				h.offerKey = offerKey
				h.start()
				pr := offered(h, tr, "test_echo", args)
				base := payOn(t, pr, 0)
				polygon := signedFor(t, base, pr.Accepts[1], x402.Polygon)
				a := base.Payload.Authorization

				h.fac.Lose.Store(true)
				if r := tr.send(h, "test_echo", args, base); r.status != 504 || r.code != "settlement_pending" {
					t.Fatalf("a settlement answered 500: %+v", r)
				}
				h.fac.Lose.Store(false)
				later := time.Now().Add(upkeep.SettleBudget)
				h.srv.pay.Now = func() time.Time { return later } // no call can be settling it any more
				pending := `{"error":{"code":"payment_conflict","message":"this payment's nonce is pending on eip155:8453 (asset ` + x402.Base.Asset.Hex() +
					`): a nonce pays once, on the network it was first sent for; retry the payment as signed for eip155:8453, or sign a new one with a new nonce"}}`
				if r := tr.send(h, "test_echo", args, polygon); r.status != 409 || r.body != pending || r.settlement != "" {
					t.Fatalf("the nonce signed for Polygon while pending on Base: %+v\nwant 409 %s", r, pending)
				}
				if on := h.fac.SettledOn(x402.Polygon.ID); on != 0 {
					t.Fatalf("settled %d times on Polygon", on)
				}
				if ps := h.pending(); len(ps) != 1 || ps[0].Receipt.Network != x402.Base.ID || ps[0].Receipt.Tx != "" {
					t.Fatalf("pending %+v, want Base's settlement alone", ps)
				}

				now := time.Now().Add(upkeep.FirstLook)
				h.reconcilerFor(h.fac, &now).Pass(t, 0)
				settled := strings.Replace(pending, "pending on", "settled on", 1)
				if r := tr.send(h, "test_echo", args, polygon); r.status != 409 || r.body != settled || r.settlement != "" {
					t.Fatalf("the nonce signed for Polygon once settled on Base: %+v\nwant 409 %s", r, settled)
				}
				got := tr.send(h, "test_echo", args, base)
				if got.status != 200 {
					t.Fatalf("the Base retry: %+v", got)
				}
				s := settlementSent(t, tr, got)
				if s.Network != x402.Base.ID || s.Transaction != h.fac.TxOn(x402.Base.ID, &a) {
					t.Fatalf("the Base retry's settlement %+v", s)
				}
				if r := receiptOf(t, s.Extensions).Payload; r.Network != x402.Base.ID || r.Transaction != s.Transaction {
					t.Fatalf("the Base retry's signed receipt %+v", r)
				}
				if h.fac.SettledOn(x402.Base.ID) != 1 || h.fac.SettledOn(x402.Polygon.ID) != 0 || h.rt.runs.Load() != 1 {
					t.Fatalf("settled %d on Base, %d on Polygon, ran %d; want 1, 0, 1", h.fac.SettledOn(x402.Base.ID), h.fac.SettledOn(x402.Polygon.ID), h.rt.runs.Load())
				}
			})
		}
	}
}

// A payment left settling on Base, nothing landed, is retried once no call
// can still be settling it: signed for Polygon it is refused and nothing
// is settled; as first sent, it is settled on Base, and its receipt names
// Base and Base's transaction.
func TestStrandedSettlementIsSentOnlyAsFirstSent(t *testing.T) {
	const args = `{"text":"ab"}`
	for _, l := range ledgers {
		t.Run(l.name, func(t *testing.T) {
			h := sellingOnTwo(t, l.name)
			h.start()
			pr := h.terms(echoPath)
			base := payOn(t, pr, 0)
			h.fac.SettleAs(func() (int, string) { return 502, `{"error":"bad gateway"}` }) // nothing lands
			if r := h.pay(echoPath, args, base); r.status != 504 {
				t.Fatalf("unknown outcome: %d %s", r.status, r.body)
			}
			h.fac.SettleAs(nil)
			later := time.Now().Add(upkeep.SettleBudget)
			h.srv.pay.Now = func() time.Time { return later }
			settles := h.fac.Settles()
			if r := h.pay(echoPath, args, signedFor(t, base, pr.Accepts[1], x402.Polygon)); r.status != 409 || h.fac.Settles() != settles {
				t.Fatalf("signed for Polygon: %d %s, %d settles", r.status, r.body, h.fac.Settles()-settles)
			}
			// The same nonce and network with another signature (another
			// validBefore) is not the authorization first sent.
			d := x402test.Redraft(base, buyerKey, x402.Base.Domain())
			d.Payload.Payload.Authorization.ValidBefore = "4102444800"
			resigned := d.Sign(t)
			if r := h.pay(echoPath, args, resigned); r.status != 504 || h.fac.Settles() != settles {
				t.Fatalf("re-signed: %d %s, %d settles", r.status, r.body, h.fac.Settles()-settles)
			}
			got := h.pay(echoPath, args, base)
			s := settlementOf(t, got, x402.HeaderResponse)
			a := base.Payload.Authorization
			if got.status != 200 || s.Network != x402.Base.ID || s.Transaction != h.fac.TxOn(x402.Base.ID, &a) {
				t.Fatalf("as first sent: %d %s %+v", got.status, got.body, s)
			}
			if r := h.do("GET", "/receipt/"+s.Transaction, "", nil).json(t); r["network"] != x402.Base.ID {
				t.Fatalf("receipt %v", r)
			}
			if h.fac.SettledOn(x402.Base.ID) != 1 || h.fac.SettledOn(x402.Polygon.ID) != 0 {
				t.Fatalf("settled %d on Base, %d on Polygon", h.fac.SettledOn(x402.Base.ID), h.fac.SettledOn(x402.Polygon.ID))
			}
		})
	}
}

// unproven is the refusal of a kept answer to a caller who has not proved
// to be its payer.
const unproven = `{"error":{"code":"payment_conflict","message":"this payment was settled, and its answer goes again only to its payer: ` +
	`the same authorization gets it until the later of its validBefore and 2 minutes after its settlement; after that, ` +
	`retry with the payment-identifier id the payment was sent with, or sign in with x (a SIGN-IN-WITH-X header and no payment); or sign a new payment"}}`

// A settled authorization is public: a stranger replays it, without the
// buyer's payment-identifier id, which never goes on chain. Inside the
// window (the later of validBefore and two minutes after settlement) the
// same authorization is honoured, the buyer's own retry; after it the
// stranger gets 409 naming no receipt, the same whether its guess of the
// request is right or wrong, while the buyer gets its answer with its id or
// signed in with x, and with its id learns the receipt of another request.
// Over each transport, on each ledger.
func TestKeptAnswerGoesOnlyToItsPayer(t *testing.T) {
	const id = "pay_0c7e6a405862e402eb76a70f8a26fc73"
	const args, other = `{"text":"ab"}`, `{"text":"cd"}`
	for _, l := range ledgers {
		for _, tr := range transports {
			t.Run(l.name+"/"+tr.name, func(t *testing.T) {
				h := sellingOnTwo(t, l.name)
				h.nets = nil // Base alone
				clk := siwxOn(h)
				p := withID(t, tr.pay(h, "test_echo", args), id)
				first := tr.send(h, "test_echo", args, p)
				if first.status != 200 {
					t.Fatalf("paid: %+v", first)
				}
				replayed := *p
				replayed.Extensions = nil // what the chain shows
				if got := tr.send(h, "test_echo", args, &replayed); got != first {
					t.Fatalf("inside the window: %+v\nwant %+v", got, first)
				}

				vb := p.Payload.Authorization.ValidBefore
				clk.advance(time.Until(parseUnix(t, vb)) + time.Second)
				if got := tr.send(h, "test_echo", args, &replayed); got != first {
					t.Fatalf("after validBefore, within 2 minutes of settlement: %+v", got)
				}
				clk.advance(2 * time.Minute)
				for _, guess := range []string{args, other} {
					got := tr.send(h, "test_echo", guess, &replayed)
					if got.status != 409 || got.body != unproven || got.settlement != "" {
						t.Fatalf("a stranger after the window, guessing %s: %+v\nwant 409 %s", guess, got, unproven)
					}
				}
				if got := tr.send(h, "test_echo", args, p); got != first {
					t.Fatalf("the buyer with its id after the window: %+v\nwant %+v", got, first)
				}
				s := settlementSent(t, tr, first)
				if got := tr.send(h, "test_echo", other, p); got.status != 409 || got.code != "payment_conflict" ||
					!strings.Contains(got.body, "(receipt "+testBase+"/receipt/"+s.Transaction+")") {
					t.Fatalf("the buyer with its id, for another request: %+v", got)
				}
				if tr.name == "http" {
					proof := signChallenge(t, buyerKey, h.terms(echoPath))
					if got := h.do("POST", echoPath, args, siwxHeader(t, proof)); got.status != 200 || string(got.body) != first.body {
						t.Fatalf("the buyer signed in after the window: %d %s", got.status, got.body)
					}
				}
				if h.rt.runs.Load() != 1 || h.fac.Settles() != 1 {
					t.Fatalf("%d runs, %d settles; want one each", h.rt.runs.Load(), h.fac.Settles())
				}
			})
		}
	}
}

// settlementSent decodes the settlement an answer carries: a header's
// base64 over HTTP, the document itself over MCP.
func settlementSent(t *testing.T, tr transport, r sent) x402.SettleResponse {
	t.Helper()
	var s x402.SettleResponse
	err := x402.DecodeHeader(r.settlement, &s)
	if tr.name == "mcp" {
		err = json.Unmarshal([]byte(r.settlement), &s)
	}
	if err != nil {
		t.Fatalf("settlement %q: %v", r.settlement, err)
	}
	return s
}

func parseUnix(t *testing.T, s string) time.Time {
	t.Helper()
	var sec int64
	if err := json.Unmarshal([]byte(s), &sec); err != nil {
		t.Fatal(err)
	}
	return time.Unix(sec, 0)
}

// Over A2A, where a task is read by its random id, a stranger replaying a
// settled authorization in a new message after the window gets a failed
// task in 409's error shape, without the answer or a receipt; the buyer's
// new message carrying its id gets the answer.
func TestA2AKeptAnswerGoesOnlyToItsPayer(t *testing.T) {
	h := newHarness(t)
	const input = `{"text":"ab"}`
	asked := h.a2aCall("test_echo", input)
	p := withID(t, h.a2aSigned(asked), "pay_5b0f0d1e9a6c4f0f8e1d2c3b4a596877")
	done := h.a2aPayTask(asked.ID, p)
	if done.Status.State != taskCompleted {
		t.Fatalf("paid: %s", mustJSON(t, done))
	}
	answer := done.Artifacts[0].Parts[0].Data
	later := time.Now().Add(2 * time.Hour)
	h.srv.pay.Now = func() time.Time { return later }
	send := func(pay *x402.Payload) *taskWire {
		return h.a2aSend(map[string]any{"metadata": map[string]any{"skill": "test_echo", a2aPaymentStatus: paymentSubmittedStatus, a2aPaymentPayload: pay},
			"parts": []any{map[string]any{"kind": "data", "data": json.RawMessage(input)}}})
	}
	replayed := *p
	replayed.Extensions = nil
	stranger := send(&replayed)
	want := strings.Replace(unproven, ", or sign in with x (a SIGN-IN-WITH-X header and no payment)", "", 1)
	if got := shapeOf(t, stranger); got != want || len(stranger.Artifacts) != 0 || bytes.Contains(mustJSON(t, stranger), []byte("/receipt/")) {
		t.Fatalf("a stranger after the window: %s\nwant %s", mustJSON(t, stranger), want)
	}
	if got := send(p); got.Status.State != taskCompleted || string(got.Artifacts[0].Parts[0].Data) != string(answer) {
		t.Fatalf("the buyer with its id: %s", mustJSON(t, got))
	}
	if h.rt.runs.Load() != 1 || h.fac.Settles() != 1 {
		t.Fatalf("%d runs, %d settles", h.rt.runs.Load(), h.fac.Settles())
	}
}
