// Package x402test holds what the tests of the payment path share: a
// facilitator double, which checks exact payments' signatures and spends
// their nonces once as a chain would, answering in process, over HTTP on
// 127.0.0.1, and as the chain a reconciler looks settlements up on.
package x402test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/x402"
	"github.com/ethereum/go-ethereum/crypto"
)

// Facilitator is the double: an x402.Facilitator and the chain behind it.
// An exact payment is verified and settled as a chain would take it (a bad
// signature, a spent nonce, or a payer marked unable to pay is refused);
// a batch-settlement payment (a claim, a sweep) is settled at once.
// Make one with New, or NewServed to reach it over HTTP too.
type Facilitator struct {
	// URL is where it answers over HTTP: "" unless made by NewServed.
	URL string

	// Hang delays each settlement by this many nanoseconds; it still
	// lands after.
	Hang atomic.Int64
	// Lose lands each settlement and loses its answer: an HTTP 500, or an
	// error in process.
	Lose atomic.Bool
	// Down fails every verification and settlement before it reaches the
	// chain, as an unreachable facilitator: an HTTP 503, or an error in
	// process. Nothing lands and nothing is counted.
	Down atomic.Bool

	verifies atomic.Int64

	mu       sync.Mutex
	spent    map[string]string // SpentKey → the transaction that spent it
	settles  int               // settlements asked for, answered or not
	ofNonce  map[string]int    // nonce (lower case) → settlements asked for
	on       map[string]int    // network → settlements that landed there
	claims   int               // batch-settlement claims settled
	refuse   map[string]string // payer (lower case) → the reason to refuse
	settleAs func() (int, string)
	onSettle func(context.Context, *x402.Payload, *x402.Requirements) (*x402.SettleResponse, error)
	landed   map[string]Landed // payer|nonce (lower case) → what the chain shows, set by Land
	findErr  error
	asked    []time.Time
}

// Landed is what the chain shows for an authorization's nonce, as Land
// sets it: the transaction that spent it (none: unused), when, and whether
// it paid someone else or another amount.
type Landed struct {
	Tx     string
	At     time.Time
	Denied bool
}

// New is a facilitator double reached in process.
func New() *Facilitator {
	return &Facilitator{spent: map[string]string{}, ofNonce: map[string]int{}, on: map[string]int{}, refuse: map[string]string{}, landed: map[string]Landed{}}
}

// NewServed is a facilitator double also served over HTTP on 127.0.0.1,
// at f.URL, until the test ends.
func NewServed(t testing.TB) *Facilitator {
	t.Helper()
	f := New()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: f}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	f.URL = "http://" + ln.Addr().String()
	return f
}

// Client is the edge's HTTP client of the served double, with a 2 s
// timeout and short retries.
func (f *Facilitator) Client() *x402.HTTPFacilitator {
	c := x402.NewHTTPFacilitator(f.URL, "")
	c.Timeout = 2 * time.Second
	c.Backoff = 10 * time.Millisecond
	return c
}

// Refuse has the double refuse payer's payments for reason, at
// verification and settlement; "" accepts them again.
func (f *Facilitator) Refuse(payer, reason string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if reason == "" {
		delete(f.refuse, strings.ToLower(payer))
		return
	}
	f.refuse[strings.ToLower(payer)] = reason
}

// SettleAs answers every settlement over HTTP with this status and body,
// landing nothing (in process: the body decoded when the status is 200, an
// error otherwise); nil: settlements land again.
func (f *Facilitator) SettleAs(answer func() (status int, body string)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.settleAs = answer
}

// OnSettle sends every settlement to settle instead, as to another
// facilitator: not counted, and landing nothing here (over HTTP an error is
// a 502); nil: settlements land here again.
func (f *Facilitator) OnSettle(settle func(context.Context, *x402.Payload, *x402.Requirements) (*x402.SettleResponse, error)) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.onSettle = settle
}

// Verifies is how many verifications the double answered.
func (f *Facilitator) Verifies() int64 { return f.verifies.Load() }

// Settles is how many settlements it was asked for, answered or not.
func (f *Facilitator) Settles() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.settles
}

// SettlesOf is how many settlements of the nonce it was asked for.
func (f *Facilitator) SettlesOf(nonce string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.ofNonce[strings.ToLower(nonce)]
}

// SettledOn is how many settlements landed on network.
func (f *Facilitator) SettledOn(network string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.on[network]
}

// Claims is how many batch-settlement claims it settled.
func (f *Facilitator) Claims() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.claims
}

// SpentKey is where the double's chains keep a spent nonce: each network
// is a chain of its own, and Base's keys (and so its transactions) are the
// payer and nonce alone.
func SpentKey(network string, a *x402.Authorization) string {
	key := strings.ToLower(a.From + "|" + a.Nonce)
	if network != x402.Base.ID {
		key = strings.ToLower(network) + "|" + key
	}
	return key
}

// TxOn is the transaction that spent a's nonce on network, "" if none.
func (f *Facilitator) TxOn(network string, a *x402.Authorization) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.spent[SpentKey(network, a)]
}

// Land has the chain show l for payer's nonce, whatever the double
// settled: the chain of a payment whose settlement no test made.
func (f *Facilitator) Land(payer, nonce string, l Landed) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.landed[strings.ToLower(payer+"|"+nonce)] = l
}

// FailLookups has every FindSettlement fail with err; nil: they answer
// again.
func (f *Facilitator) FailLookups(err error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.findErr = err
}

// Asked is where each FindSettlement began its search, in order.
func (f *Facilitator) Asked() []time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]time.Time(nil), f.asked...)
}

// FindSettlement reads the double's chain as upkeep.Reconciler does (it is
// an upkeep.SettlementFinder, on Base): what Land set for the nonce, else
// the settlement the double made, which is on chain even when its answer
// was lost and paid what it was asked to.
func (f *Facilitator) FindSettlement(_ context.Context, a *x402.Authorization, after time.Time) (string, time.Time, bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.asked = append(f.asked, after)
	if l, ok := f.landed[strings.ToLower(a.From+"|"+a.Nonce)]; ok {
		return l.Tx, l.At, l.Tx != "" && !l.Denied, f.findErr
	}
	tx := f.spent[SpentKey(x402.Base.ID, a)]
	if tx == "" {
		return "", time.Time{}, false, f.findErr
	}
	return tx, time.Now(), true, f.findErr
}

// Supported lists exact on Base, as the double's /supported does.
func (f *Facilitator) Supported(context.Context) (*x402.Supported, error) {
	return &x402.Supported{Kinds: []x402.SupportedKind{{X402Version: 2, Scheme: x402.SchemeExact, Network: x402.Base.ID}}, Extensions: []string{}, Signers: map[string][]string{}}, nil
}

var errDown = errors.New("x402test: the facilitator is down")

// Verify checks an exact payment as a chain would take it.
func (f *Facilitator) Verify(_ context.Context, p *x402.Payload, r *x402.Requirements) (*x402.VerifyResponse, error) {
	if f.Down.Load() {
		return nil, &x402.FacilitatorError{Op: "verify", Message: errDown.Error(), Unreached: true}
	}
	f.verifies.Add(1)
	if p.Payload.BatchPayload != nil {
		return nil, errors.New("x402test: verifies exact payments only")
	}
	a := p.Payload.Exact().Authorization
	if reason := f.check(p, r); reason != "" {
		return &x402.VerifyResponse{IsValid: false, InvalidReason: reason, Payer: a.From}, nil
	}
	return &x402.VerifyResponse{IsValid: true, Payer: a.From}, nil
}

// Settle lands an exact payment the chain would take, spending its nonce,
// or settles a batch-settlement payment at once.
func (f *Facilitator) Settle(ctx context.Context, p *x402.Payload, r *x402.Requirements) (*x402.SettleResponse, error) {
	s, raw, err := f.settle(ctx, p, r)
	if raw != nil {
		if raw.status != http.StatusOK {
			return nil, &x402.FacilitatorError{Op: "settle", Status: raw.status, Message: raw.body}
		}
		s = new(x402.SettleResponse)
		if err := json.Unmarshal([]byte(raw.body), s); err != nil {
			return nil, err
		}
	}
	return s, err
}

type rawAnswer struct {
	status int
	body   string
}

// errLost is a settlement that landed and whose answer was lost.
var errLost = &x402.FacilitatorError{Op: "settle", Status: http.StatusInternalServerError, Message: "x402test: the answer was lost"}

func (f *Facilitator) settle(ctx context.Context, p *x402.Payload, r *x402.Requirements) (*x402.SettleResponse, *rawAnswer, error) {
	if f.Down.Load() {
		return nil, nil, &x402.FacilitatorError{Op: "settle", Message: errDown.Error(), Unreached: true}
	}
	time.Sleep(time.Duration(f.Hang.Load()))
	f.mu.Lock()
	if on := f.onSettle; on != nil {
		f.mu.Unlock()
		s, err := on(ctx, p, r)
		return s, nil, err
	}
	f.settles++
	if p.Payload.BatchPayload != nil {
		if p.Payload.BatchPayload.Type == x402.BatchClaim {
			f.claims++
		}
		n := f.settles
		f.mu.Unlock()
		return &x402.SettleResponse{Success: true, Transaction: crypto.Keccak256Hash(fmt.Appendf(nil, "batch settlement %d", n)).Hex(), Network: r.Network}, nil, nil
	}
	a := p.Payload.Exact().Authorization
	f.ofNonce[strings.ToLower(a.Nonce)]++
	if f.settleAs != nil {
		status, body := f.settleAs()
		f.mu.Unlock()
		return nil, &rawAnswer{status, body}, nil
	}
	defer f.mu.Unlock()
	if reason := f.checkLocked(p, r); reason != "" {
		return &x402.SettleResponse{Success: false, ErrorReason: reason, Network: r.Network, Payer: a.From}, nil, nil
	}
	key := SpentKey(r.Network, &a)
	tx := crypto.Keccak256Hash([]byte(key)).Hex()
	f.spent[key] = tx
	f.on[r.Network]++
	if f.Lose.Load() {
		return nil, nil, errLost
	}
	return &x402.SettleResponse{Success: true, Transaction: tx, Network: r.Network, Payer: a.From}, nil, nil
}

// check is what a chain would refuse: a bad signature, a spent nonce, or a
// payer marked as unable to pay.
func (f *Facilitator) check(p *x402.Payload, r *x402.Requirements) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.checkLocked(p, r)
}

func (f *Facilitator) checkLocked(p *x402.Payload, r *x402.Requirements) string {
	a := p.Payload.Exact().Authorization
	d, err := x402.DomainOf(r)
	if err != nil {
		return "invalid_payment_requirements"
	}
	signer, err := x402.RecoverAuthorizer(d, &a, p.Payload.Exact().Signature)
	if err != nil || !strings.EqualFold(signer.Hex(), a.From) {
		return "invalid_exact_evm_signature"
	}
	if _, spent := f.spent[SpentKey(r.Network, &a)]; spent {
		return "invalid_exact_evm_nonce_already_used"
	}
	return f.refuse[strings.ToLower(a.From)]
}

// ServeHTTP answers /supported, /verify and /settle as a facilitator's
// HTTP API does.
func (f *Facilitator) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/supported" {
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"kinds":[{"x402Version":2,"scheme":"exact","network":"eip155:8453"}],"extensions":[],"signers":{}}`)
		return
	}
	var req struct {
		PaymentPayload      x402.Payload      `json:"paymentPayload"`
		PaymentRequirements x402.Requirements `json:"paymentRequirements"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		http.Error(w, `{"error":"bad request"}`, http.StatusBadRequest)
		return
	}
	if f.Down.Load() {
		http.Error(w, `{"error":"unavailable"}`, http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	switch r.URL.Path {
	case "/verify":
		v, err := f.Verify(r.Context(), &req.PaymentPayload, &req.PaymentRequirements)
		if err != nil {
			http.Error(w, `{"error":"bad request"}`, http.StatusBadRequest)
			return
		}
		json.NewEncoder(w).Encode(v)
	case "/settle":
		s, raw, err := f.settle(r.Context(), &req.PaymentPayload, &req.PaymentRequirements)
		switch {
		case raw != nil:
			w.WriteHeader(raw.status)
			io.WriteString(w, raw.body)
		case err == errLost:
			http.Error(w, `{"error":"internal"}`, http.StatusInternalServerError)
		case err != nil:
			http.Error(w, `{"error":"bad gateway"}`, http.StatusBadGateway)
		default:
			json.NewEncoder(w).Encode(s)
		}
	default:
		http.NotFound(w, r)
	}
}
