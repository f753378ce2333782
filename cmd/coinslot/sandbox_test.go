package main

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
	"github.com/ethereum/go-ethereum/crypto"
)

// startSandbox runs the whole service as `coinslot serve` does with no
// config, on a loopback port, and returns its base URL.
func startSandbox(t *testing.T) string {
	t.Helper()
	ln, base, cfg := sandboxOn(t, "")
	startService(t, ln, cfg, slog.New(slog.DiscardHandler))
	return base
}

// sandboxOn opens a loopback listener and the sandbox config of a service
// on it: reached there, on a ledger of its own, with file and env added.
func sandboxOn(t *testing.T, file string, env ...string) (net.Listener, string, *config.Config) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	base := "http://" + ln.Addr().String()
	cfg, err := config.Parse([]byte(file), append([]string{
		"COINSLOT_BASE_URL=" + base,
		"COINSLOT_LEDGER_PATH=" + filepath.Join(t.TempDir(), "ledger.db"),
	}, env...))
	if err != nil {
		t.Fatal(err)
	}
	return ln, base, cfg
}

// startService runs the whole service for cfg on ln until the test ends.
func startService(t *testing.T, ln net.Listener, cfg *config.Config, log *slog.Logger) *service {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	svc, err := start(ctx, cfg, log)
	if err != nil {
		t.Fatal(err)
	}
	srv := edge.HTTPServer(svc.Handler, cfg.Limits)
	go srv.Serve(ln)
	t.Cleanup(func() {
		srv.Shutdown()
		svc.Close()
		cancel()
	})
	return svc
}

// The sandbox sells every paid tool offline: each example is refused with a
// 402, paid with a sandbox buyer's signature, served with 200, and its
// receipt is on record. Buyers buy at once, as agents do; their settlements
// share blocks.
func TestSandboxSellsEveryPaidTool(t *testing.T) {
	base := startSandbox(t)
	buyer, err := crypto.HexToECDSA("59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d")
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	slots := make(chan struct{}, 16)
	for _, tool := range registry.All() {
		if !tool.Paid() {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			slots <- struct{}{}
			defer func() { <-slots }()
			if err := buy(base, buyer, tool); err != nil {
				t.Errorf("%s: %v", tool.Name, err)
			}
		}()
	}
	wg.Wait()
}

var client = &http.Client{Timeout: 60 * time.Second}

// buy makes one unpaid and one paid call of tool's example and checks the
// terms, the paid answer and its receipt.
func buy(base string, key *ecdsa.PrivateKey, tool *registry.Tool) error {
	body, _ := json.Marshal(tool.Example)
	res, _, err := post(base+tool.Path, body, "")
	if err != nil {
		return err
	}
	if res.StatusCode != http.StatusPaymentRequired {
		return fmt.Errorf("unpaid call: HTTP %d, want 402", res.StatusCode)
	}
	var terms x402.PaymentRequired
	if err := x402.DecodeHeader(res.Header.Get("PAYMENT-REQUIRED"), &terms); err != nil {
		return err
	}
	if got := terms.Accepts[0].Network; got != "eip155:1337" {
		return fmt.Errorf("sandbox terms on network %s", got)
	}
	payment, _, err := x402.Pay(key, &terms, time.Now())
	if err != nil {
		return err
	}
	res, out, err := post(base+tool.Path, body, payment)
	if err != nil {
		return err
	}
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("paid call: HTTP %d: %.400s", res.StatusCode, out)
	}
	var settled x402.SettleResponse
	if err := x402.DecodeHeader(res.Header.Get("PAYMENT-RESPONSE"), &settled); err != nil || !settled.Success {
		return fmt.Errorf("PAYMENT-RESPONSE %+v, %v", settled, err)
	}
	var got struct {
		Meta struct {
			Source  string `json:"source"`
			Sandbox bool   `json:"sandbox"`
		} `json:"meta"`
	}
	if err := json.Unmarshal(out, &got); err != nil || got.Meta.Source == "" || !got.Meta.Sandbox {
		return fmt.Errorf("body meta %+v (%v): %.300s", got.Meta, err, out)
	}
	receipt, err := client.Get(base + "/receipt/" + settled.Transaction)
	if err != nil {
		return err
	}
	receipt.Body.Close()
	if receipt.StatusCode != http.StatusOK {
		return fmt.Errorf("receipt: HTTP %d", receipt.StatusCode)
	}
	return nil
}

func post(url string, body []byte, payment string) (*http.Response, []byte, error) {
	req, _ := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	if payment != "" {
		req.Header.Set(x402.HeaderSignature, payment)
	}
	res, err := client.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return res, b, err
}

// The free catalog search proxy answers from the x402 catalog source.
func TestSandboxCatalogSearch(t *testing.T) {
	base := startSandbox(t)
	res, err := client.Get(base + "/api/x402/catalog/search?query=polymarket&limit=5")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var got struct {
		Success bool `json:"success"`
		Data    struct {
			Resources []struct {
				Resource string `json:"resource"`
			} `json:"resources"`
		} `json:"data"`
		Meta struct {
			Count   int    `json:"count"`
			Source  string `json:"source"`
			Sandbox bool   `json:"sandbox"`
		} `json:"meta"`
	}
	if err := json.NewDecoder(res.Body).Decode(&got); err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("HTTP %d, %v", res.StatusCode, err)
	}
	if !got.Success || got.Meta.Count == 0 || got.Meta.Count != len(got.Data.Resources) ||
		got.Meta.Source != "CDP x402 Bazaar" || !got.Meta.Sandbox {
		t.Errorf("answer %+v", got)
	}
}
