package main

import (
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/x402"
)

// A production instance configured for Base and Base Sepolia, whose
// facilitator settles Base only, offers Base alone and logs why Base
// Sepolia is not offered; one whose facilitator settles neither offers
// both and stays unready, naming each.
func TestProductionOffersWhatTheFacilitatorSettles(t *testing.T) {
	slow(t)
	for _, tc := range []struct {
		name      string
		settles   []string
		offered   []string
		logged    string
		readiness string
	}{
		{"Base only", []string{"eip155:8453"}, []string{"eip155:8453"},
			"network not offered: no facilitator's /supported lists exact on it network=eip155:84532 network_name=Base Sepolia",
			`{"status":"ready"}`},
		{"neither", nil, []string{"eip155:8453", "eip155:84532"},
			"no facilitator settles any of the configured networks; offering them all, and not ready until one does networks=[eip155:8453 eip155:84532]",
			`{"status":"not_ready","why":"the facilitator's /supported: lacks exact on eip155:8453 (Base), exact on eip155:84532 (Base Sepolia), which the 402 offers"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fac := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				doc := x402.Supported{Kinds: []x402.SupportedKind{}}
				for _, n := range tc.settles {
					doc.Kinds = append(doc.Kinds, x402.SupportedKind{X402Version: 2, Scheme: "exact", Network: n})
				}
				json.NewEncoder(w).Encode(doc)
			}))
			defer fac.Close()
			ln, base, cfg := sandboxOn(t, "mode: production\npay_to: \"0x70997970C51812dc3A010C7d01b50e0d17dc79C8\"\nfacilitator_url: "+fac.URL+
				"\nnetwork: [eip155:8453, eip155:84532]\nbatch_settlement: {enabled: false}\n")
			logs := &logRecorder{}
			startService(t, ln, cfg, slog.New(logs))
			if logs.count(tc.logged) != 1 {
				t.Errorf("log lacks %s:\n%q", tc.logged, logs.snapshot())
			}
			if got, want := offeredAt(t, base), strings.Join(tc.offered, ", "); got != want {
				t.Errorf("402 offers %s, want %s", got, want)
			}
			waitReadiness(t, base, tc.readiness)
		})
	}
}

// Two facilitators each settling one of the configured networks: the 402
// offers both, and the instance is ready, since each network's payments go
// to the facilitator that lists it.
func TestProductionOffersWhatAnyFacilitatorSettles(t *testing.T) {
	settling := func(network string) *httptest.Server {
		s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			json.NewEncoder(w).Encode(x402.Supported{Kinds: []x402.SupportedKind{{X402Version: 2, Scheme: "exact", Network: network}}})
		}))
		t.Cleanup(s.Close)
		return s
	}
	base8453, base84532 := settling("eip155:8453"), settling("eip155:84532")
	ln, base, cfg := sandboxOn(t, "mode: production\npay_to: \"0x70997970C51812dc3A010C7d01b50e0d17dc79C8\"\nfacilitator_url: "+base8453.URL+
		"\nfacilitators: [{url: "+base84532.URL+"}]\nnetwork: [eip155:8453, eip155:84532]\nbatch_settlement: {enabled: false}\n")
	logs := &logRecorder{}
	startService(t, ln, cfg, slog.New(logs))
	if n := logs.count("network not offered: no facilitator's /supported lists exact on it network=eip155:84532 network_name=Base Sepolia"); n != 0 {
		t.Errorf("Base Sepolia logged as not offered:\n%q", logs.snapshot())
	}
	if got := offeredAt(t, base); got != "eip155:8453, eip155:84532" {
		t.Errorf("402 offers %s, want eip155:8453, eip155:84532", got)
	}
	waitReadiness(t, base, `{"status":"ready"}`)
}

// offeredAt is the networks the 402 of business_days offers exact on.
func offeredAt(t *testing.T, base string) string {
	t.Helper()
	res, _, err := post(base+"/paid/utility/business-days", []byte(`{}`), "")
	if err != nil || res.StatusCode != http.StatusPaymentRequired {
		t.Fatalf("terms: %v %v", res, err)
	}
	var terms x402.PaymentRequired
	if err := x402.DecodeHeader(res.Header.Get(x402.HeaderRequired), &terms); err != nil {
		t.Fatal(err)
	}
	var nets []string
	for _, r := range terms.Accepts {
		if r.Kind() == x402.KindExact {
			nets = append(nets, r.Network)
		}
	}
	return strings.Join(nets, ", ")
}

// waitReadiness waits up to 5 s for /readyz to answer want.
func waitReadiness(t *testing.T, base, want string) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		r := get(t, base+"/readyz")
		body, _ := io.ReadAll(r.Body)
		r.Body.Close()
		if strings.TrimSpace(string(body)) == want {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("readyz %d %s, want %s", r.StatusCode, body, want)
		}
	}
}
