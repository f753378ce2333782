package edge

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/x402"
	"github.com/valyala/fasthttp"
)

// /readyz is 503 naming each (scheme, network) the 402 offers that the
// facilitator's /supported does not list, and 200 once it lists them all;
// a /supported that cannot be read is named too.
func TestReadinessWantsEveryOfferedNetworkSupported(t *testing.T) {
	s := &Server{runtime: downRuntime{}, pay: Payments{Networks: []x402.Network{x402.Base, x402.BaseSepolia},
		Batch: &x402.BatchTerms{Network: x402.BaseSepolia.ID}}}
	var mu sync.Mutex
	kinds := []x402.SupportedKind{{X402Version: 2, Scheme: "exact", Network: "eip155:8453"}, {X402Version: 1, Scheme: "exact", Network: "base-sepolia"}}
	var fail error
	supported := func(context.Context) (*x402.Supported, error) {
		mu.Lock()
		defer mu.Unlock()
		return &x402.Supported{Kinds: kinds}, fail
	}
	set := func(k []x402.SupportedKind, err error) {
		mu.Lock()
		defer mu.Unlock()
		kinds, fail = k, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s.Watch(ctx, 5*time.Millisecond, time.Second, s.SupportedCheck(supported))
	wait := func(code int, body string) {
		t.Helper()
		for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(5 * time.Millisecond) {
			var rc fasthttp.RequestCtx
			s.readiness(&rc)
			if rc.Response.StatusCode() == code && string(rc.Response.Body()) == body {
				return
			}
			if time.Now().After(deadline) {
				t.Fatalf("readyz %d %s, want %d %s", rc.Response.StatusCode(), rc.Response.Body(), code, body)
			}
		}
	}
	// Base Sepolia is listed for v1 only: payments reach it in v2.
	wait(503, `{"status":"not_ready","why":"the facilitator's /supported: lacks exact on eip155:84532 (Base Sepolia), batch-settlement on eip155:84532 (Base Sepolia), which the 402 offers"}`+"\n")
	set(append(kinds, x402.SupportedKind{X402Version: 2, Scheme: "exact", Network: "eip155:84532"}), nil)
	wait(503, `{"status":"not_ready","why":"the facilitator's /supported: lacks batch-settlement on eip155:84532 (Base Sepolia), which the 402 offers"}`+"\n")
	set(append(kinds, x402.SupportedKind{X402Version: 2, Scheme: "exact", Network: "eip155:84532"}, x402.SupportedKind{X402Version: 2, Scheme: "batch-settlement", Network: "eip155:84532"}), nil)
	wait(200, `{"status":"ready"}`+"\n")
	set(nil, errors.New("facilitator supported: request refused (HTTP 401)"))
	wait(503, `{"status":"not_ready","why":"the facilitator's /supported: facilitator supported: request refused (HTTP 401)"}`+"\n")
}
