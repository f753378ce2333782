package edge

import (
	"encoding/json"
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

// facilitatorDouble is a facilitator on 127.0.0.1 that checks signatures
// and spends nonces as a chain would, reached through x402.HTTPFacilitator.
type facilitatorDouble struct {
	mu       sync.Mutex
	used     map[string]string // spentKey -> tx
	settles  int
	on       map[string]int    // network -> settlements that succeeded there
	refuse   map[string]string // payer (lower case) -> verify invalidReason
	settleAs func() (status int, body string)
	hang     atomic.Int64 // settle sleeps this many nanoseconds first
	lose     atomic.Bool  // a settlement lands, and is answered 500
	verifies atomic.Int64 // /verify calls answered
	url      string
}

func newFacilitatorDouble(t *testing.T) *facilitatorDouble {
	f := &facilitatorDouble{used: map[string]string{}, refuse: map[string]string{}, on: map[string]int{}}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: f}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	f.url = "http://" + ln.Addr().String()
	return f
}

func (f *facilitatorDouble) client() *x402.HTTPFacilitator {
	c := x402.NewHTTPFacilitator(f.url, "")
	c.Timeout = 2 * time.Second
	c.Backoff = 10 * time.Millisecond
	return c
}

func (f *facilitatorDouble) settleCount() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.settles
}

func (f *facilitatorDouble) ServeHTTP(w http.ResponseWriter, r *http.Request) {
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
	a := req.PaymentPayload.Payload.Authorization
	key := spentKey(req.PaymentRequirements.Network, &a)
	reason := f.check(&req.PaymentPayload, &req.PaymentRequirements)
	w.Header().Set("Content-Type", "application/json")
	switch r.URL.Path {
	case "/verify":
		f.verifies.Add(1)
		if reason != "" {
			json.NewEncoder(w).Encode(map[string]any{"isValid": false, "invalidReason": reason, "payer": a.From})
			return
		}
		json.NewEncoder(w).Encode(map[string]any{"isValid": true, "payer": a.From})
	case "/settle":
		time.Sleep(time.Duration(f.hang.Load()))
		f.mu.Lock()
		defer f.mu.Unlock()
		f.settles++
		if f.settleAs != nil {
			status, body := f.settleAs()
			w.WriteHeader(status)
			w.Write([]byte(body))
			return
		}
		if reason != "" {
			json.NewEncoder(w).Encode(map[string]any{"success": false, "errorReason": reason, "transaction": "", "network": req.PaymentRequirements.Network, "payer": a.From})
			return
		}
		tx := crypto.Keccak256Hash([]byte(key)).Hex()
		f.used[key] = tx
		f.on[req.PaymentRequirements.Network]++
		if f.lose.Load() {
			http.Error(w, `{"error":"internal"}`, http.StatusInternalServerError)
			return
		}
		json.NewEncoder(w).Encode(map[string]any{"success": true, "transaction": tx, "network": req.PaymentRequirements.Network, "payer": a.From})
	default:
		http.NotFound(w, r)
	}
}

// spentKey is where the double's chains keep a spent nonce: each network
// is a chain of its own, and Base's keys (and so its transactions) are
// the payer and nonce alone.
func spentKey(network string, a *x402.Authorization) string {
	key := strings.ToLower(a.From + "|" + a.Nonce)
	if network != x402.Base.ID {
		key = strings.ToLower(network) + "|" + key
	}
	return key
}

// txOn is the transaction that spent a's nonce on network, "" if none.
func (f *facilitatorDouble) txOn(network string, a *x402.Authorization) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.used[spentKey(network, a)]
}

// settledOn is how many settlements succeeded on network.
func (f *facilitatorDouble) settledOn(network string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.on[network]
}

// check is what a chain would refuse: a bad signature, a spent nonce, or a
// payer marked as unable to pay.
func (f *facilitatorDouble) check(p *x402.Payload, r *x402.Requirements) string {
	a := p.Payload.Authorization
	d, err := x402.DomainOf(r)
	if err != nil {
		return "invalid_payment_requirements"
	}
	signer, err := x402.RecoverAuthorizer(d, &a, p.Payload.Signature)
	if err != nil || !strings.EqualFold(signer.Hex(), a.From) {
		return "invalid_exact_evm_signature"
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if _, spent := f.used[spentKey(r.Network, &a)]; spent {
		return "invalid_exact_evm_nonce_already_used"
	}
	return f.refuse[strings.ToLower(a.From)]
}
