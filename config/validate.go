package config

import (
	"fmt"
	"maps"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"time"
)

var wallet = regexp.MustCompile(`^0x[0-9a-fA-F]{40}$`)

// Validate returns every problem with a loaded configuration, each section
// checking its own keys. Production refuses to start without a seller
// wallet and a facilitator.
func (c *Config) Validate() Problems {
	var ps Problems
	add := func(key, format string, args ...any) {
		ps = append(ps, Problem{Key: key, Message: fmt.Sprintf(format, args...)})
	}
	c.validateService(add)
	c.Log.validate(add)
	c.validateSeller(add)
	c.validateNetworks(add)
	c.validateFacilitators(add)
	c.BatchSettlement.validate(add)
	c.validateRequests(add)
	c.Ledger.validate(add)
	c.Limits.validate(add)
	c.validateCanary(add)
	c.SIWx.validate(add)
	c.Sandbox.validate(add)
	if c.Cache.MaxMB < 1 {
		add("cache.max_mb", "must be at least 1")
	}
	c.Cluster.validate(add)
	for _, name := range slices.Sorted(maps.Keys(c.Upstreams)) {
		c.Upstreams[name].validate(name, add)
	}
	return ps
}

// adder records one problem with a key.
type adder func(key, format string, args ...any)

// validateService checks where the service listens, is reached, and how it
// stops.
func (c *Config) validateService(add adder) {
	if c.Listen == "" {
		add("listen", "must be an address such as :8080")
	}
	switch {
	case c.BaseURL == "": // sandbox derives it from listen; a bad mode is reported with the seller
		if c.Mode == Production {
			add("base_url", "production needs the public http(s) address buyers reach this service at")
		}
	case !httpURL(c.BaseURL):
		add("base_url", "must be an absolute http(s) URL, got %q", c.BaseURL)
	}
	if c.ShutdownTimeout <= 0 {
		add("shutdown_timeout", "must be positive, such as 25s")
	}
	if d := c.ShutdownDelay; d < 0 || d > c.ShutdownTimeout {
		add("shutdown_delay", "must be from 0s to shutdown_timeout (%s), got %s", time.Duration(c.ShutdownTimeout), time.Duration(d))
	}
}

func (l *Log) validate(add adder) {
	if l.Format != "text" && l.Format != "json" {
		add("log.format", "must be text or json, got %q", l.Format)
	}
	if !slices.Contains([]string{"debug", "info", "warn", "error"}, l.Level) {
		add("log.level", "must be debug, info, warn or error, got %q", l.Level)
	}
	if l.Unpaid402Every < 0 {
		add("log.unpaid_402_every", "must be 0 (none) or more, got %d", l.Unpaid402Every)
	}
}

// validateSeller checks the mode and who is paid.
func (c *Config) validateSeller(add adder) {
	switch c.Mode {
	case Sandbox:
		if len(c.ChainRPC) > 1 {
			add("chain_rpc", "a sandbox sells on one chain, its own or another sandbox's; got %d endpoints", len(c.ChainRPC))
		}
		if len(c.ChainRPC) == 1 && rpcURL(c.ChainRPC[0]) && !httpURL(c.FacilitatorURL) {
			add("facilitator_url", "a sandbox on another sandbox's chain (chain_rpc) settles through that sandbox's facilitator, such as http://127.0.0.1:8080/facilitator; got %q", c.FacilitatorURL)
		}
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
}

// validateFacilitators checks how facilitators are reached and passed over,
// and the chain read beside them.
func (c *Config) validateFacilitators(add adder) {
	c.FacilitatorAuth.validate("facilitator_auth", c.FacilitatorToken, add)
	for i, f := range c.Facilitators {
		key := fmt.Sprintf("facilitators[%d]", i)
		if !httpURL(f.URL) {
			add(key+".url", "must be the facilitator's http(s) URL, got %q", f.URL)
		}
		f.Auth.validate(key+".auth", f.Token, add)
	}
	if n := c.FailoverBreaker.Failures; n == nil || *n < 1 {
		add("facilitator_breaker.failures", "must be at least 1")
	}
	if d := c.FailoverBreaker.Cooldown; d == nil || *d <= 0 {
		add("facilitator_breaker.cooldown", "must be positive, such as 30s")
	}
	for i, u := range c.ChainRPC {
		if !rpcURL(u) {
			add(fmt.Sprintf("chain_rpc[%d]", i), "must be an http(s) or ws(s) URL of a JSON-RPC endpoint, got %q", u)
		}
	}
}

func (b *BatchSettlement) validate(add adder) {
	if d := time.Duration(b.WithdrawDelay); d < 15*time.Minute || d > 720*time.Hour || d%time.Second != 0 {
		add("batch_settlement.withdraw_delay", "must be whole seconds from 15m to 720h, got %s", d)
	}
	if a := b.ReceiverAuthorizer; a != "" && !wallet.MatchString(a) {
		add("batch_settlement.receiver_authorizer", "must be a 0x wallet address, got %q", a)
	}
	if a := b.ClaimAbove; a < 0 || a > 1e9 {
		add("batch_settlement.claim_above", "must be between 0 and 1000000000 USD, got %g", a)
	}
	if e := time.Duration(b.ClaimEvery); e <= 0 || e > time.Duration(b.WithdrawDelay)/3 {
		add("batch_settlement.claim_every", "must be positive and at most a third of withdraw_delay, got %s", e)
	}
}

// validateRequests checks what a paid request and its payment may be.
func (c *Config) validateRequests(add adder) {
	if h := time.Duration(c.ValidityHorizon); h < time.Duration(c.MaxTimeoutSeconds)*time.Second {
		add("validity_horizon", "must be at least max_timeout_seconds, got %s", h)
	}
	if c.MaxTimeoutSeconds < 10 || c.MaxTimeoutSeconds > 3600 {
		add("max_timeout_seconds", "must be between 10 and 3600, got %d", c.MaxTimeoutSeconds)
	}
	if c.MaxBodyBytes < 1024 || c.MaxBodyBytes > 1<<20 {
		add("max_body_bytes", "must be between 1024 and 1048576, got %d", c.MaxBodyBytes)
	}
}

func (l *Ledger) validate(add adder) {
	switch l.Driver {
	case "file":
		if l.Path == "" {
			add("ledger.path", "the file ledger needs a path")
		}
	case "postgres":
		if l.DSN == "" {
			add("ledger.dsn", "the postgres ledger needs a DSN such as postgres://127.0.0.1:5432/coinslot")
		}
		if l.MaxConns < 0 {
			add("ledger.max_conns", "must not be negative (0 sizes the pool from the cores)")
		}
	default:
		add("ledger.driver", "must be file or postgres, got %q", l.Driver)
	}
	if l.AnswersHours < 1 {
		add("ledger.answers_hours", "must be at least 1, got %d", l.AnswersHours)
	}
	if l.AnswersMB < 1 {
		add("ledger.answers_mb", "must be at least 1, got %d", l.AnswersMB)
	}
	if l.PaymentIDsMax < 1 {
		add("ledger.payment_ids_max", "must be at least 1, got %d", l.PaymentIDsMax)
	}
	if l.PaymentIDsPendingPerPayer < 1 {
		add("ledger.payment_ids_pending_per_payer", "must be at least 1, got %d", l.PaymentIDsPendingPerPayer)
	}
}

func (cl *Cluster) validate(add adder) {
	if cl.RedisURL != "" && !urlWithScheme(cl.RedisURL, "redis", "rediss") {
		add("cluster.redis_url", "must be empty or a redis:// or rediss:// URL, got %q", cl.RedisURL)
	}
	if cl.Namespace == "" {
		add("cluster.namespace", "must not be empty")
	}
}

// validate checks the overrides of the source name.
func (u Upstream) validate(name string, add adder) {
	key := "upstreams." + name
	switch {
	case u.BaseURL == "":
	case name == "default":
		add(key+".base_url", "names one source's address; set it under that source")
	case !httpURL(u.BaseURL):
		add(key+".base_url", "must be an absolute http(s) URL, got %q", u.BaseURL)
	}
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

func httpURL(s string) bool { return urlWithScheme(s, "http", "https") }

func rpcURL(s string) bool { return urlWithScheme(s, "http", "https", "ws", "wss") }

func urlWithScheme(s string, schemes ...string) bool {
	u, err := url.Parse(s)
	return err == nil && slices.Contains(schemes, u.Scheme) && u.Host != ""
}

func (l *Limits) validate(add adder) {
	for key, n := range map[string]int{"limits.connections": l.Connections, "limits.connections_per_ip": l.ConnectionsPerIP} {
		if n < 0 {
			add(key, "must not be negative (0 sizes it from the file limit), got %d", n)
		}
	}
	for key, d := range map[string]Duration{"limits.read_timeout": l.ReadTimeout, "limits.idle_timeout": l.IdleTimeout, "limits.refused_funds_ttl": l.RefusedFundsTTL} {
		if d <= 0 {
			add(key, "must be positive, such as 30s")
		}
	}
	for key, r := range map[string]float64{"limits.paid_rate_per_ip": l.PaidRatePerIP, "limits.paid_rate_per_payer": l.PaidRatePerPayer} {
		if r <= 0 {
			add(key, "must be positive, got %g", r)
		}
	}
	for key, n := range map[string]int{"limits.paid_burst_per_ip": l.PaidBurstPerIP, "limits.paid_burst_per_payer": l.PaidBurstPerPayer, "limits.verifies": l.Verifies, "limits.work_per_ip": l.WorkPerIP} {
		if n < 1 {
			add(key, "must be at least 1, got %d", n)
		}
	}
}

// validateNetworks checks the network list and the custom networks' shape;
// which names exist is checked against the built-in table on load.
func (c *Config) validateNetworks(add adder) {
	if len(c.Network) == 0 {
		add("network", "must list at least one network, such as eip155:8453")
	}
	for i, name := range c.Network {
		if slices.Contains(c.Network[:i], name) {
			add(fmt.Sprintf("network[%d]", i), "%q is listed twice", name)
		}
	}
	ids := map[string]bool{}
	for i, n := range c.CustomNetworks {
		key := fmt.Sprintf("custom_networks[%d]", i)
		if n.ChainID <= 0 {
			add(key+".chain_id", "must be the chain's positive id, got %d", n.ChainID)
		}
		if n.ID != fmt.Sprintf("eip155:%d", n.ChainID) {
			add(key+".id", "must be eip155:<chain_id>, eip155:%d; got %q", n.ChainID, n.ID)
		}
		if ids[n.ID] {
			add(key+".id", "%q is listed twice", n.ID)
		}
		ids[n.ID] = true
		if !wallet.MatchString(n.Asset) {
			add(key+".asset", "must be the token contract as 0x followed by 40 hex digits, got %q", n.Asset)
		}
		if strings.TrimSpace(n.DomainName) == "" || strings.TrimSpace(n.DomainVersion) == "" {
			add(key, "needs the token's EIP-712 domain_name and domain_version: buyers sign against them")
		}
	}
}

var envName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// validate checks a facilitator's auth, at key; token is the same
// facilitator's static bearer token, which the signed one replaces.
func (a *FacilitatorAuth) validate(key, token string, add adder) {
	switch a.Kind {
	case "":
		if a.KeyID != "" || a.KeyFile != "" || a.KeyEnv != "" {
			add(key+".kind", "must be cdp or payai when a key is given")
		}
		return
	case "cdp", "payai":
	default:
		add(key+".kind", "must be empty, cdp or payai, got %q", a.Kind)
		return
	}
	if a.KeyID == "" {
		add(key+".key_id", "%s signs with an API key: give its id", a.Kind)
	}
	if (a.KeyFile == "") == (a.KeyEnv == "") {
		add(key, "needs the key secret from exactly one of key_file and key_env")
	}
	if a.KeyEnv != "" && !envName.MatchString(a.KeyEnv) {
		add(key+".key_env", "must name an environment variable, such as CDP_API_KEY_SECRET, got %q", a.KeyEnv)
	}
	if token != "" {
		add(key, "replaces the static bearer token: leave the token empty")
	}
}
