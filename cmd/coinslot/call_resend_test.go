package main

import (
	"bytes"
	"cmp"
	"encoding/json"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
)

// lossyProxy stands between coinslot call and a sandbox, which publishes
// the proxy's address as its own. Every paid request reaches the sandbox;
// lose may then keep its answer from the buyer.
type lossyProxy struct {
	base     string // the proxy's address
	sandbox  string // the sandbox's own
	mu       sync.Mutex
	payments []string // every paid request's PAYMENT-SIGNATURE, or x402/payment over MCP, in order
	// lose is told the paid request's number, from 1, and answers instead
	// of the sandbox when it returns true.
	lose func(n int, w http.ResponseWriter) bool
}

func startLossyProxy(t *testing.T, lose func(n int, w http.ResponseWriter) bool) *lossyProxy {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	p := &lossyProxy{sandbox: "http://" + ln.Addr().String(), lose: lose}
	proxy := httptest.NewServer(http.HandlerFunc(p.serve))
	t.Cleanup(proxy.Close)
	p.base = proxy.URL
	cfg, err := config.Parse(nil, []string{
		"COINSLOT_BASE_URL=" + p.base,
		"COINSLOT_LEDGER_PATH=" + filepath.Join(t.TempDir(), "ledger.db"),
	})
	if err != nil {
		t.Fatal(err)
	}
	startService(t, ln, cfg, slog.New(slog.DiscardHandler))
	return p
}

func (p *lossyProxy) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	req, _ := http.NewRequest(r.Method, p.sandbox+r.URL.RequestURI(), bytes.NewReader(body))
	req.Header = r.Header.Clone()
	res, err := client.Do(req)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	defer res.Body.Close()
	answer, _ := io.ReadAll(res.Body)
	if payment := paymentOf(r, body); payment != "" {
		p.mu.Lock()
		p.payments = append(p.payments, payment)
		n := len(p.payments)
		p.mu.Unlock()
		if p.lose(n, w) {
			return
		}
	}
	for k, v := range res.Header {
		w.Header()[k] = v
	}
	w.WriteHeader(res.StatusCode)
	w.Write(answer)
}

// paymentOf is the payment a request carries, as sent.
func paymentOf(r *http.Request, body []byte) string {
	var call struct {
		Params struct {
			Meta map[string]json.RawMessage `json:"_meta"`
		} `json:"params"`
	}
	json.Unmarshal(body, &call)
	return cmp.Or(r.Header.Get(x402.HeaderSignature), string(call.Params.Meta["x402/payment"]))
}

// sent is every payment the buyer sent, and the one authorization they all are.
func (p *lossyProxy) sent(t *testing.T) (payments []string, payer, nonce string) {
	t.Helper()
	p.mu.Lock()
	defer p.mu.Unlock()
	var payload x402.Payload
	if len(p.payments) == 0 || x402.DecodeHeader(p.payments[0], &payload) != nil && json.Unmarshal([]byte(p.payments[0]), &payload) != nil {
		t.Fatalf("no readable payment among %d sent", len(p.payments))
	}
	a := payload.Payload.Exact().Authorization
	return p.payments, strings.ToLower(a.From), strings.ToLower(a.Nonce)
}

// paymentState is the state GET /payment/{payer}/{nonce} shows.
func (p *lossyProxy) paymentState(t *testing.T, payer, nonce string) string {
	t.Helper()
	res, body, err := getURL(p.sandbox + "/payment/" + payer + "/" + nonce)
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("payment status: %v %s", err, body)
	}
	var status struct{ State string }
	json.Unmarshal(body, &status)
	return status.State
}

// dropConnection ends the connection without an answer.
func dropConnection(w http.ResponseWriter) {
	conn, _, err := w.(http.Hijacker).Hijack()
	if err == nil {
		conn.Close()
	}
}

func mcpOnlyExample(t *testing.T) string {
	tool, ok := registry.Lookup("check_agent_policy")
	example, err := json.Marshal(tool.Example)
	if !ok || tool.Paid() || err != nil {
		t.Fatalf("check_agent_policy is not an MCP-only tool with an example: %v", err)
	}
	return string(example)
}

func quickResends(t *testing.T) {
	t.Setenv("COINSLOT_BUYER_KEY", opsBuyerKey)
	old := resendWait
	resendWait = 10 * time.Millisecond
	t.Cleanup(func() { resendWait = old })
}

// A buyer whose paid answer is lost on the way, by a dropped connection
// or a 504 settlement_pending, sends the same signed payment again and
// gets the answer the service kept for it: one payment, one settlement,
// and the answer printed. The 504's Retry-After is honoured.
func TestCallResendsThePaymentWhoseAnswerWasLost(t *testing.T) {
	slow(t)
	for _, tc := range []struct {
		name, tool, data string
		lose             func(w http.ResponseWriter)
		after            time.Duration // the least the call takes
	}{
		{"dropped connection", "business_days", `{"days_ahead":5}`, dropConnection, 0},
		{"dropped connection over MCP", "check_agent_policy", mcpOnlyExample(t), dropConnection, 0},
		{"settlement pending", "business_days", `{"days_ahead":5}`, func(w http.ResponseWriter) {
			w.Header().Set("Retry-After", "1")
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusGatewayTimeout)
			w.Write([]byte(`{"error":{"code":"settlement_pending","message":"the settlement of this payment is not confirmed yet"}}`))
		}, time.Second},
	} {
		t.Run(tc.name, func(t *testing.T) {
			quickResends(t)
			p := startLossyProxy(t, func(n int, w http.ResponseWriter) bool {
				if n == 1 {
					tc.lose(w)
				}
				return n == 1
			})
			began := time.Now()
			code, stdout, stderr := output(t, "call", tc.tool, "--url", p.base, "--data", tc.data)
			if code != callPaid || !json.Valid([]byte(stdout)) || !strings.Contains(stderr, "sending the same payment again") ||
				!strings.Contains(stderr, "receipt: "+p.base+"/receipt/0x") {
				t.Fatalf("exit %d\nstdout %s\nstderr %s", code, stdout, stderr)
			}
			if took := time.Since(began); took < tc.after {
				t.Errorf("the call took %s; the Retry-After asked for %s", took, tc.after)
			}
			payments, payer, nonce := p.sent(t)
			if len(payments) != 2 || payments[0] != payments[1] {
				t.Errorf("%d payments sent, the same one twice wanted", len(payments))
			}
			if state := p.paymentState(t, payer, nonce); state != "settled" {
				t.Errorf("payment state %s, want settled", state)
			}
		})
	}
}

// When every answer to the payment is lost, the buyer learns that it may
// be charged, where to follow it, and that running the command again would
// pay a second time; the exit code says the same.
func TestCallWhoseAnswersAreAllLostNamesThePayment(t *testing.T) {
	quickResends(t)
	p := startLossyProxy(t, func(_ int, w http.ResponseWriter) bool {
		dropConnection(w)
		return true
	})
	code, stdout, stderr := output(t, "call", "business_days", "--url", p.base, "--data", `{"days_ahead":5}`)
	payments, payer, nonce := p.sent(t)
	lines := strings.Split(strings.TrimSpace(stderr), "\n")
	want := []string{
		"  payer " + payer + ", nonce " + nonce,
		"  its status: " + p.base + "/payment/" + payer + "/" + nonce,
		"Do not run this command again: it would sign and pay a second time.",
	}
	if code != callUnknown || stdout != "" || len(lines) < 4 ||
		!strings.HasPrefix(lines[len(lines)-4], "coinslot call: the payment was sent 5 times and no answer came (") ||
		strings.Join(lines[len(lines)-3:], "\n") != strings.Join(want, "\n") {
		t.Fatalf("exit %d\nstdout %s\nstderr %s", code, stdout, stderr)
	}
	if len(payments) != paidSends {
		t.Errorf("%d payments sent, want %d", len(payments), paidSends)
	}
	for _, pm := range payments[1:] {
		if pm != payments[0] {
			t.Fatal("a second payment was signed")
		}
	}
	if state := p.paymentState(t, payer, nonce); state != "settled" {
		t.Errorf("payment state %s, want settled", state)
	}
}

// losingSeller loses the answer of its first lose sends, then serves.
type losingSeller struct{ lose, sends int }

func (s *losingSeller) terms([]byte) (*x402.PaymentRequired, string, error) { return nil, "", nil }

func (s *losingSeller) pay([]byte, string, *x402.Payload) ([]byte, *x402.SettleResponse, *paidFailure, error) {
	s.sends++
	if s.sends <= s.lose {
		return nil, nil, nil, io.ErrUnexpectedEOF
	}
	return []byte(`{"ok":true}`), &x402.SettleResponse{Success: true}, nil, nil
}

// A buyer given somewhere to say it re-sends a payment (the scheduled
// canary's log) says it there, each time with the loss and the pause, which
// doubles.
func TestResendingIsReportedWhereTheBuyerSays(t *testing.T) {
	quickResends(t)
	var said []string
	b := &buyer{resending: func(lost error, pause time.Duration) {
		said = append(said, lost.Error()+" "+pause.String())
	}}
	answer, settled, failure, lost := b.deliver(&losingSeller{lose: 2}, nil, "", nil)
	if string(answer) != `{"ok":true}` || settled == nil || failure != nil || lost != nil {
		t.Fatalf("deliver: %s, %+v, %+v, %v", answer, settled, failure, lost)
	}
	if want := []string{"unexpected EOF 10ms", "unexpected EOF 20ms"}; !slices.Equal(said, want) {
		t.Fatalf("reported %q, want %q", said, want)
	}
}
