package main

import (
	"context"
	"crypto/ecdsa"
	"errors"
	"fmt"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/coinslot/coinslot/lexical"
	"github.com/coinslot/coinslot/registry"
	"github.com/prometheus/client_golang/prometheus"
)

// Exit codes of coinslot canary.
const (
	canaryOK     = 0 // every offered network and scheme bought and checked
	canaryFailed = 1 // a purchase or a check failed; its line names the step
	canaryUsage  = 2 // bad flags, key or tool
)

// Canary defaults: the cheapest route whose answer needs no upstream, and
// a ceiling on what one call may cost.
const (
	defaultCanaryTool   = "business_days"
	defaultCanaryMaxUSD = "0.05"
)

const canaryUsageText = `Buys one call of a cheap tool for every network and scheme the service's 402
offers (exact, and batch-settlement where offered) with the canary's own key,
and checks each end to end:

  terms    the 402 is readable and its price within --max-usd
  pay      the paid call is served (200) with a PAYMENT-RESPONSE naming the
           network and the canary as payer
  answer   the body is a JSON object with meta.source
  receipt  (exact) GET /receipt/{tx} names the canary, the amount, pay_to,
           asset, tool and network, and its request and response digests are
           those of the bytes sent and received
  channel  (batch-settlement) PAYMENT-RESPONSE charges the price and the
           channel's new charged total, and GET /channel/{id} agrees
  chain    (exact) the transaction transfers the price from the canary to
           pay_to in the network's USDC; (batch-settlement, when the call
           deposited) it moves the deposit from the canary on chain. Claims
           of vouchers land later and are not waited for.

The chain is read over JSON-RPC: each --rpc endpoint serves the network whose
chain id it reports; without --rpc, the service's /sandbox/rpc (a sandbox).
A batch-settlement canary keeps one channel per key and network: it deposits
20 calls' worth when the channel cannot pay the next call. Run one canary per
key: two sharing a channel race for its charged total.

One line per network and scheme is printed: "ok" with the transaction and the
time taken, or "FAILED" with the step and why. --metrics-file writes the
coinslot_canary_* metrics in Prometheus text format (for node_exporter's
textfile collector when the canary runs from cron). To run it on a schedule
inside the service instead, set canary.every (coinslot serve exports the same
metrics on its /metrics).

Environment:
  COINSLOT_CANARY_KEY    the canary wallet's private key in hex, when --key-file
                         is not given; it holds USDC on every offered network
                         and is never printed

Exit codes: 0 every purchase and check passed; 1 one failed (its line names
the step); 2 usage, key or tool problem.

Flags:
`

// stringList is a repeatable flag.
type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, ",") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

func runCanary(args []string) int {
	fs := newFlags("canary", canaryUsageText)
	base := fs.String("url", "http://localhost:8080", "the service's base address")
	tool := fs.String("tool", defaultCanaryTool, "the tool to buy (a paid route); its catalog example is the request")
	keyFile := fs.String("key-file", "", "file holding the canary's private key in hex")
	maxUSD := fs.String("max-usd", defaultCanaryMaxUSD, "refuse to pay more than this many dollars a call")
	metricsFile := fs.String("metrics-file", "", "write the coinslot_canary_* metrics here (Prometheus text format)")
	var rpcs stringList
	fs.Var(&rpcs, "rpc", "a chain's JSON-RPC endpoint (repeatable; matched to networks by chain id)")
	if code, ok := parse(fs, args); !ok {
		return code
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return canaryUsage
	}
	key, err := canaryKey(*keyFile)
	if err != nil {
		fmt.Fprintln(os.Stderr, "coinslot canary:", err)
		return canaryUsage
	}
	reg := prometheus.NewRegistry()
	c, err := newCanary(canarySettings{Base: *base, Tool: *tool, MaxUSD: *maxUSD, RPC: rpcs}, key, newCanaryMetrics(reg))
	if err != nil {
		fmt.Fprintln(os.Stderr, "coinslot canary:", err)
		return canaryUsage
	}
	defer c.Close()
	results := c.Run(context.Background())
	code := canaryOK
	for _, r := range results {
		fmt.Println(r)
		if r.Err != nil {
			code = canaryFailed
		}
	}
	if *metricsFile != "" {
		if err := prometheus.WriteToTextfile(*metricsFile, reg); err != nil {
			fmt.Fprintln(os.Stderr, "coinslot canary: metrics:", err)
			return canaryFailed
		}
	}
	return code
}

// canarySettings say what the canary buys, where, and how it reads the chain.
type canarySettings struct {
	Base   string   // the service
	Tool   string   // a paid route's tool
	MaxUSD string   // the most one call may cost
	RPC    []string // JSON-RPC endpoints; none: Base's /sandbox/rpc
}

// canaryKey reads the hex private key from file, or COINSLOT_CANARY_KEY.
func canaryKey(file string) (*ecdsa.PrivateKey, error) {
	key, err := readKey(file, "COINSLOT_CANARY_KEY", "canary")
	if key == nil && err == nil {
		return nil, errors.New("no canary key: pass --key-file FILE or set COINSLOT_CANARY_KEY")
	}
	return key, err
}

// newCanary checks the settings and builds the canary on a buyer of its own.
func newCanary(s canarySettings, key *ecdsa.PrivateKey, m *canaryMetrics) (*canary, error) {
	t, ok := registry.Lookup(s.Tool)
	switch {
	case !ok:
		return nil, fmt.Errorf("no tool %s%s", s.Tool, lexical.Suggest(s.Tool, registry.Names()))
	case !t.Paid():
		return nil, fmt.Errorf("%s is sold only over /mcp; the canary buys a paid route", s.Tool)
	}
	limit, err := usdToAtomic(s.MaxUSD)
	if err != nil {
		return nil, fmt.Errorf("max-usd: %w", err)
	}
	base := strings.TrimRight(s.Base, "/")
	rpcs := s.RPC
	if len(rpcs) == 0 {
		rpcs = []string{base + pathSandboxRPC}
	}
	return &canary{
		buyer:   &buyer{http: &http.Client{Timeout: 2 * time.Minute}, base: base, key: key},
		tool:    t,
		limit:   limit,
		chains:  &canaryChains{urls: rpcs},
		metrics: m,
	}, nil
}

// Close lets go of the chains the canary dialled.
func (c *canary) Close() { c.chains.Close() }
