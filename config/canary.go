package config

import (
	"fmt"
	"regexp"
	"slices"
	"time"

	"github.com/coinslot/coinslot/lexical"
)

// Canary runs the canary inside the serving instance: every Every it buys
// one call of Tool per network and scheme the service offers, at its public
// base_url, with the canary's own key, and checks the answer, the receipt
// and the chain; the outcome is in the instance's coinslot_canary_*
// metrics. The key is COINSLOT_CANARY_KEY or the file KeyFile names, never
// a config value.
type Canary struct {
	Every   Duration `yaml:"every"`    // 0: off
	Tool    string   `yaml:"tool"`     // a paid route's tool
	MaxUSD  string   `yaml:"max_usd"`  // the most one call may cost
	KeyFile string   `yaml:"key_file"` // "": COINSLOT_CANARY_KEY
	// RPC are the chains' JSON-RPC endpoints, each matched to networks by
	// the chain id it reports; none: chain_rpc, or the sandbox's own chain.
	RPC []string `yaml:"rpc"`
}

// minCanaryEvery keeps a scheduled canary from spending faster than an
// operator would read its outcome.
const minCanaryEvery = time.Second

var dollars = regexp.MustCompile(`^[0-9]+(\.[0-9]{1,6})?$`)

func (c *Config) validateCanary(add adder) {
	k := &c.Canary
	if e := time.Duration(k.Every); e != 0 && e < minCanaryEvery {
		add("canary.every", "must be 0 (off) or at least %s, got %s", minCanaryEvery, e)
	}
	if k.Tool == "" {
		add("canary.tool", "must name a paid tool, such as business_days")
	}
	if !dollars.MatchString(k.MaxUSD) {
		add("canary.max_usd", "must be a dollar amount with at most 6 decimals, such as 0.05, got %q", k.MaxUSD)
	}
	for i, u := range k.RPC {
		if !rpcURL(u) {
			add(fmt.Sprintf("canary.rpc[%d]", i), "must be an http(s) or ws(s) URL of a JSON-RPC endpoint, got %q", u)
		}
	}
	if k.Every != 0 && c.Mode == Production && len(k.RPC) == 0 && len(c.ChainRPC) == 0 {
		add("canary.rpc", "a production canary reads the chain: set canary.rpc or chain_rpc")
	}
}

// unknownTool is the problem of a canary.tool that is no paid route's tool
// (paid as in Options.PaidTools; nil leaves it unchecked).
func (k *Canary) unknownTool(paid []string) Problems {
	if paid == nil || k.Tool == "" || slices.Contains(paid, k.Tool) {
		return nil
	}
	return Problems{{Key: "canary.tool", Message: fmt.Sprintf("%q is no tool sold on a paid route%s", k.Tool, lexical.Suggest(k.Tool, paid))}}
}
