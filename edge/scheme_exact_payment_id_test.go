package edge

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/x402"
)

// withID sets the payment-identifier id a buyer's payment carries, in the
// extension echoed from the 402; a nil id leaves the echo without one.
func withID(t *testing.T, p *x402.Payload, id any) *x402.Payload {
	t.Helper()
	var ext map[string]map[string]any
	if err := json.Unmarshal(p.Extensions, &ext); err != nil {
		t.Fatal(err)
	}
	pi := ext[x402.PaymentIdentifier]
	if pi == nil {
		t.Fatalf("the 402 does not advertise %s: %s", x402.PaymentIdentifier, p.Extensions)
	}
	if id != nil {
		pi["info"].(map[string]any)["id"] = id
	}
	c := *p
	c.Extensions, _ = json.Marshal(ext)
	return &c
}

// advertised is the payment-identifier extension of a 402 document.
func advertised(t *testing.T, pr *x402.PaymentRequired) map[string]any {
	t.Helper()
	var ext map[string]map[string]any
	if err := json.Unmarshal(pr.Extensions, &ext); err != nil {
		t.Fatal(err)
	}
	return ext[x402.PaymentIdentifier]
}

// The payment-identifier extension per its spec, over HTTP and MCP: every
// 402 advertises it; an id is bound to its payer and request, so a retry
// with the same id and request is answered from the stored answer even
// with a new signature, and never charged again.
func TestPaymentIdentifier(t *testing.T) {
	const id, other = "pay_7d5d747be160e280504c099d984bcfe0", "pay_0000000000000000aaaaaaaaaaaaaaaa"
	steps := []struct {
		name     string
		tool     string
		args     string
		id       any  // nil: no id
		sameSig  bool // resend the previous step's payment
		wantCode string
		wantFrom int // 200s answer as this step did; -1: a new answer
		charged  bool
	}{
		{"new id", "test_echo", `{"text":"ab"}`, id, false, "", -1, true},
		{"same id and request, new signature", "test_echo", `{"text":"ab"}`, id, false, "", 0, false},
		{"same id and request, same signature", "test_echo", `{"text":"ab"}`, id, true, "", 0, false},
		{"same id, another request", "test_echo", `{"text":"cd"}`, id, false, "payment_conflict", 0, false},
		{"another id, same request", "test_echo", `{"text":"ab"}`, other, false, "", -1, true},
		{"id too short", "test_echo", `{"text":"ab"}`, "pay_short", false, "payment_invalid", 0, false},
		{"id with a space", "test_echo", `{"text":"ab"}`, "pay_7d5d747be160e2 0504c099", false, "payment_invalid", 0, false},
		{"id not a string", "test_echo", `{"text":"ab"}`, 1234567890123456789, false, "payment_invalid", 0, false},
		{"required, missing", "test_object", `{"text":"ab"}`, nil, false, "payment_invalid", 0, false},
		{"required, present", "test_object", `{"text":"ab"}`, "pay_required_0123456789", false, "", -1, true},
	}
	paths := map[string]string{"test_echo": echoPath, "test_object": "/paid/test/object"}
	for _, transport := range []string{"http", "mcp"} {
		t.Run(transport, func(t *testing.T) {
			h := newHarness(t)
			cfg := *h.srv.Config()
			cfg.PaymentIDRequired = []string{"test_object"}
			if err := h.srv.Reload(&cfg); err != nil {
				t.Fatal(err)
			}
			for tool, required := range map[string]bool{"test_echo": false, "test_object": true} {
				for name, pr := range map[string]*x402.PaymentRequired{"http": h.terms(paths[tool]), "mcp": h.required(h.call(tool, `{"text":"ab"}`, nil))} {
					if pi := advertised(t, pr); pi["info"].(map[string]any)["required"] != required || pi["schema"] == nil {
						t.Fatalf("%s 402 of %s advertises %v", name, tool, pi)
					}
				}
			}
			answers := make([]string, len(steps))
			var last *x402.Payload
			for i, st := range steps {
				runs, settles := h.rt.runs.Load(), h.fac.Settles()
				p := last
				if !st.sameSig {
					if transport == "http" {
						p = h.payment(paths[st.tool], nil)
					} else {
						p = h.mcpPayment(st.tool, st.args)
					}
					p = withID(t, p, st.id)
				}
				last = p
				var code string
				if transport == "http" {
					r := h.pay(paths[st.tool], st.args, p)
					if r.status != 200 {
						code, _ = r.errorOf(t)
						if want := map[string]int{"payment_conflict": 409, "payment_invalid": 400}[code]; r.status != want {
							t.Fatalf("%s: %d %s", st.name, r.status, r.body)
						}
					}
					answers[i] = string(r.body)
				} else {
					res := h.call(st.tool, st.args, p)
					switch {
					case !res.IsError:
						answers[i] = string(res.StructuredContent)
					case strings.Contains(string(res.StructuredContent), `"accepts"`): // asks for payment again
						code, _, _ = strings.Cut(h.required(res).Error, " ")
					default:
						code = string(failureOf(t, res).Code)
					}
				}
				if code != st.wantCode {
					t.Fatalf("%s: code %q (%s), want %q", st.name, code, answers[i], st.wantCode)
				}
				if st.wantCode == "" && st.wantFrom >= 0 && answers[i] != answers[st.wantFrom] {
					t.Fatalf("%s: answered %s, want the stored %s", st.name, answers[i], answers[st.wantFrom])
				}
				charged := h.fac.Settles() - settles
				if ran := h.rt.runs.Load() - runs; charged != map[bool]int{true: 1}[st.charged] || ran != int64(charged) {
					t.Fatalf("%s: %d runs, %d settles", st.name, ran, charged)
				}
			}
		})
	}
}

// A payment with an id whose call failed is released with its id: its
// retry, same payment and id, is sold anew, as one without an id is, over
// each transport and on each ledger.
func TestRetryOfAFailedCallWithAnID(t *testing.T) {
	const id, args = "pay_7d5d747be160e280504c099d984bcfe0", `{"kind":"not_found"}`
	for _, l := range ledgers {
		for _, tr := range transports {
			t.Run(l.name+"/"+tr.name, func(t *testing.T) {
				h := l.new(t)
				p := withID(t, tr.pay(h, "test_fail", args), id)
				for i := range 2 {
					start := time.Now()
					if s := tr.send(h, "test_fail", args, p); s.status != 404 || s.code != "not_found" || time.Since(start) > time.Second {
						t.Fatalf("call %d, after %v: %+v", i+1, time.Since(start), s)
					}
				}
				if h.rt.runs.Load() != 2 {
					t.Fatalf("%d runs, want 2", h.rt.runs.Load())
				}
			})
		}
	}
}

// A ledger holding its most payment ids answers a call with a new id 503
// tool_unavailable with Retry-After, before /verify: the tool does not
// run and nothing is charged; a retry of the id it holds is still
// answered, on each ledger.
func TestPaymentIDsFull(t *testing.T) {
	const held, fresh = "pay_7d5d747be160e280504c099d984bcfe0", "pay_0000000000000000aaaaaaaaaaaaaaaa"
	for _, l := range idBackends {
		t.Run(l.name, func(t *testing.T) {
			h := idHarness(t, l.open(t), nil, ledger.WithPaymentIDs(1))
			first := h.pay(echoPath, `{"text":"ab"}`, withID(t, h.payment(echoPath, nil), held))
			if first.status != 200 {
				t.Fatalf("first id: %d %s", first.status, first.body)
			}
			verifies, runs, settles := h.fac.Verifies(), h.rt.runs.Load(), h.fac.Settles()
			r := h.pay(echoPath, `{"text":"ab"}`, withID(t, h.payment(echoPath, nil), fresh))
			const want = `{"error":{"code":"tool_unavailable","message":"the seller holds as many payment identifiers as it can; nothing was charged: retry later"}}`
			if r.status != 503 || string(r.body) != want || r.header["RETRY-AFTER"] != "60" {
				t.Fatalf("a new id in a full store: %d %s, Retry-After %q", r.status, r.body, r.header["RETRY-AFTER"])
			}
			if v, n, s := h.fac.Verifies()-verifies, h.rt.runs.Load()-runs, h.fac.Settles()-settles; v != 0 || n != 0 || s != 0 {
				t.Fatalf("refused for a full store after %d verifies, %d runs, %d settles; want none", v, n, s)
			}
			again := h.pay(echoPath, `{"text":"ab"}`, withID(t, h.payment(echoPath, nil), held))
			if again.status != 200 || string(again.body) != string(first.body) || h.fac.Settles() != settles {
				t.Fatalf("the held id's retry: %d %s (settles %d → %d)", again.status, again.body, settles, h.fac.Settles())
			}
		})
	}
}
