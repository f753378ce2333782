// Package config is the service's configuration: types, embedded defaults,
// strict loading with errors that name their key path, environment overrides
// and live reload.
package config

import (
	_ "embed"
	"time"
)

// Modes.
const (
	Sandbox    = "sandbox"
	Production = "production"
)

// Config is the whole file. Every key can be overridden by an environment
// variable COINSLOT_ + its key path in upper snake case, e.g.
// COINSLOT_LEDGER_DRIVER or COINSLOT_UPSTREAMS_SEC_RATE.
type Config struct {
	Listen            string              `yaml:"listen"`
	BaseURL           string              `yaml:"base_url"`
	Mode              string              `yaml:"mode"`
	PayTo             string              `yaml:"pay_to"`
	FacilitatorURL    string              `yaml:"facilitator_url"`
	FacilitatorToken  string              `yaml:"facilitator_token"` // bearer token for hosted facilitators
	ChainRPC          string              `yaml:"chain_rpc"`         // read-only JSON-RPC endpoint, to reconcile settlements
	MaxTimeoutSeconds int                 `yaml:"max_timeout_seconds"`
	MaxBodyBytes      int                 `yaml:"max_body_bytes"`
	Ledger            Ledger              `yaml:"ledger"`
	Cache             Cache               `yaml:"cache"`
	Upstreams         map[string]Upstream `yaml:"upstreams"`
}

// Ledger selects where payments are recorded.
type Ledger struct {
	Driver string `yaml:"driver"` // "file" (embedded) or "postgres"
	Path   string `yaml:"path"`   // file driver
	DSN    string `yaml:"dsn"`    // postgres driver
}

// Cache sizes the shared upstream answer cache.
type Cache struct {
	MaxMB int `yaml:"max_mb"`
}

// Upstream overrides one source's declared defaults; an absent key keeps the
// source's own default. The key "default" applies to every source first.
type Upstream struct {
	Rate        *float64  `yaml:"rate"`        // requests per second
	Burst       *int      `yaml:"burst"`       // limiter bucket
	Concurrency *int      `yaml:"concurrency"` // in flight at once
	Timeout     *Duration `yaml:"timeout"`     // per attempt
	Retries     *int      `yaml:"retries"`     // extra attempts on 429 and 5xx
	CacheTTL    *Duration `yaml:"cache_ttl"`
	Breaker     Breaker   `yaml:"breaker"`
	Supervision Restarts  `yaml:"supervision"`
	UserAgent   string    `yaml:"user_agent"`
}

// Breaker opens a source's circuit after Failures consecutive failures and
// lets one trial call through after Cooldown.
type Breaker struct {
	Failures *int      `yaml:"failures"`
	Cooldown *Duration `yaml:"cooldown"`
}

// Restarts limits how often a source's workers may be restarted.
type Restarts struct {
	MaxRestarts *int      `yaml:"max_restarts"`
	Within      *Duration `yaml:"within"`
}

// Duration is a time.Duration written as "5s" or "1h30m".
type Duration time.Duration

func (d *Duration) UnmarshalText(b []byte) error {
	v, err := time.ParseDuration(string(b))
	*d = Duration(v)
	return err
}

func (d Duration) MarshalText() ([]byte, error) { return []byte(time.Duration(d).String()), nil }

//go:embed defaults.yaml
var defaultsYAML []byte
