package config

import (
	"fmt"
	"net/url"
	"regexp"
	"slices"
)

var wallet = regexp.MustCompile(`^0x[0-9a-fA-F]{40}$`)

// Validate returns every problem with a loaded configuration. Production
// refuses to start without a seller wallet and a facilitator.
func (c *Config) Validate() Problems {
	var ps Problems
	add := func(key, format string, args ...any) { ps = append(ps, Problem{key, fmt.Sprintf(format, args...)}) }
	if c.Listen == "" {
		add("listen", "must be an address such as :8080")
	}
	if !httpURL(c.BaseURL) {
		add("base_url", "must be an absolute http(s) URL, got %q", c.BaseURL)
	}
	switch c.Mode {
	case Sandbox:
	case Production:
		if !wallet.MatchString(c.PayTo) {
			add("pay_to", "production needs the seller wallet as 0x followed by 40 hex digits, got %q", c.PayTo)
		}
		if !httpURL(c.FacilitatorURL) {
			add("facilitator_url", "production needs the facilitator's http(s) URL, got %q", c.FacilitatorURL)
		}
	default:
		add("mode", "must be sandbox or production, got %q", c.Mode)
	}
	if c.PayTo != "" && !wallet.MatchString(c.PayTo) {
		add("pay_to", "must be 0x followed by 40 hex digits, got %q", c.PayTo)
	}
	if c.ChainRPC != "" && !rpcURL(c.ChainRPC) {
		add("chain_rpc", "must be empty or an http(s) or ws(s) URL of a JSON-RPC endpoint, got %q", c.ChainRPC)
	}
	if c.MaxTimeoutSeconds < 10 || c.MaxTimeoutSeconds > 3600 {
		add("max_timeout_seconds", "must be between 10 and 3600, got %d", c.MaxTimeoutSeconds)
	}
	if c.MaxBodyBytes < 1024 || c.MaxBodyBytes > 1<<20 {
		add("max_body_bytes", "must be between 1024 and 1048576, got %d", c.MaxBodyBytes)
	}
	switch c.Ledger.Driver {
	case "file":
		if c.Ledger.Path == "" {
			add("ledger.path", "the file ledger needs a path")
		}
	case "postgres":
		if c.Ledger.DSN == "" {
			add("ledger.dsn", "the postgres ledger needs a DSN such as postgres://127.0.0.1:5432/coinslot")
		}
	default:
		add("ledger.driver", "must be file or postgres, got %q", c.Ledger.Driver)
	}
	if c.Cache.MaxMB < 1 {
		add("cache.max_mb", "must be at least 1")
	}
	for name, u := range c.Upstreams {
		key := "upstreams." + name
		if u.Rate != nil && *u.Rate <= 0 {
			add(key+".rate", "must be positive")
		}
		for field, n := range map[string]*int{"burst": u.Burst, "concurrency": u.Concurrency, "breaker.failures": u.Breaker.Failures} {
			if n != nil && *n < 1 {
				add(key+"."+field, "must be at least 1")
			}
		}
		for field, n := range map[string]*int{"retries": u.Retries, "supervision.max_restarts": u.Supervision.MaxRestarts} {
			if n != nil && *n < 0 {
				add(key+"."+field, "must not be negative")
			}
		}
		for field, d := range map[string]*Duration{"timeout": u.Timeout, "cache_ttl": u.CacheTTL, "breaker.cooldown": u.Breaker.Cooldown, "supervision.within": u.Supervision.Within} {
			if d != nil && *d < 0 {
				add(key+"."+field, "must not be negative")
			}
		}
	}
	sortProblems(ps)
	return ps
}

func httpURL(s string) bool { return urlWithScheme(s, "http", "https") }

func rpcURL(s string) bool { return urlWithScheme(s, "http", "https", "ws", "wss") }

func urlWithScheme(s string, schemes ...string) bool {
	u, err := url.Parse(s)
	return err == nil && slices.Contains(schemes, u.Scheme) && u.Host != ""
}
