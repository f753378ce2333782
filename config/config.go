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
	Network           []string            `yaml:"network"`         // production: the networks sold on, the default first (CAIP-2 ids of the built-in table or custom_networks)
	CustomNetworks    []CustomNetwork     `yaml:"custom_networks"` // EVM networks outside the built-in table
	FacilitatorURL    string              `yaml:"facilitator_url"`
	FacilitatorToken  string              `yaml:"facilitator_token"`   // a static bearer token for the facilitator
	FacilitatorAuth   FacilitatorAuth     `yaml:"facilitator_auth"`    // or a hosted facilitator's signed token per request
	Facilitators      []Facilitator       `yaml:"facilitators"`        // asked after facilitator_url, in order, when it fails
	FailoverBreaker   Breaker             `yaml:"facilitator_breaker"` // when a facilitator is passed over, and for how long
	ChainRPC          []string            `yaml:"chain_rpc"`           // read-only JSON-RPC endpoints, one per chain sold on, to reconcile settlements and watch channels
	MaxTimeoutSeconds int                 `yaml:"max_timeout_seconds"`
	ValidityHorizon   Duration            `yaml:"validity_horizon"` // how far ahead a payment's validBefore may lie
	MaxBodyBytes      int                 `yaml:"max_body_bytes"`
	ShutdownDelay     Duration            `yaml:"shutdown_delay"`   // how long /readyz answers 503 on SIGTERM before the listener closes
	ShutdownTimeout   Duration            `yaml:"shutdown_timeout"` // how long calls in flight may take to finish on SIGTERM
	BatchSettlement   BatchSettlement     `yaml:"batch_settlement"`
	Ledger            Ledger              `yaml:"ledger"`
	Cache             Cache               `yaml:"cache"`
	Limits            Limits              `yaml:"limits"`
	Cluster           Cluster             `yaml:"cluster"`
	Upstreams         map[string]Upstream `yaml:"upstreams"`
	Canary            Canary              `yaml:"canary"`
	OfferReceipt      OfferReceipt        `yaml:"offer_receipt"`
	SIWx              SIWx                `yaml:"siwx"`
	Sandbox           SandboxChain        `yaml:"sandbox"`

	// PaymentIDRequired names the tools whose payments must carry an x402
	// payment-identifier id; every other tool accepts one.
	PaymentIDRequired []string `yaml:"payment_identifier_required"`

	Log Log `yaml:"log"`
}

// Facilitator is one more facilitator to fail over to.
type Facilitator struct {
	URL   string          `yaml:"url"`
	Token string          `yaml:"token"` // a static bearer token,
	Auth  FacilitatorAuth `yaml:"auth"`  // or a hosted facilitator's signed one
}

// FacilitatorAuth signs every request to a hosted facilitator with its API
// key. The key secret is read from a file or an environment variable at
// start, and never logged or served.
type FacilitatorAuth struct {
	Kind    string `yaml:"kind"`     // "": none; cdp (Coinbase Developer Platform, ES256 or Ed25519 key) or payai (Ed25519 key)
	KeyID   string `yaml:"key_id"`   // the API key's id (CDP: its name, organizations/.../apiKeys/...)
	KeyFile string `yaml:"key_file"` // the file holding the key secret,
	KeyEnv  string `yaml:"key_env"`  // or the environment variable holding it, e.g. CDP_API_KEY_SECRET
}

// CustomNetwork is an EVM network outside the built-in table and its
// EIP-3009 token; network names it by ID to sell on it.
type CustomNetwork struct {
	ID            string `yaml:"id"`             // CAIP-2: eip155:<chain_id>
	ChainID       int64  `yaml:"chain_id"`       // the chain id
	Name          string `yaml:"name"`           // for buyers to read; "": the id
	Asset         string `yaml:"asset"`          // the token contract (0x...)
	DomainName    string `yaml:"domain_name"`    // the token's EIP-712 domain name, e.g. "USD Coin"
	DomainVersion string `yaml:"domain_version"` // and version, e.g. "2"
}

// BatchSettlement configures the x402 batch-settlement scheme: buyers
// deposit into a payment channel once and pay each call with a voucher.
type BatchSettlement struct {
	Enabled            bool     `yaml:"enabled"`             // offer it next to exact
	WithdrawDelay      Duration `yaml:"withdraw_delay"`      // how long a buyer's timed withdrawal waits: the window to claim in
	ReceiverAuthorizer string   `yaml:"receiver_authorizer"` // signs claims and refunds; "": the facilitator's, from its /supported
	ClaimEvery         Duration `yaml:"claim_every"`         // how often vouchers are claimed on chain and swept to pay_to
	ClaimAbove         float64  `yaml:"claim_above"`         // USD: claim sooner once this much is charged and unclaimed; 0: on claim_every only
}

// Log sets what the service logs and how.
type Log struct {
	Format string `yaml:"format"` // "text" or "json"
	Level  string `yaml:"level"`  // debug, info, warn or error
	// Unpaid402Every logs one in this many unpaid 402 answers (the terms a
	// buyer asks for before paying): 1 logs each, 0 none.
	Unpaid402Every int `yaml:"unpaid_402_every"`
}

// Ledger selects where payments are recorded.
type Ledger struct {
	Driver string `yaml:"driver"` // "file" (embedded) or "postgres"
	Path   string `yaml:"path"`   // file driver
	DSN    string `yaml:"dsn"`    // postgres driver
	// MaxConns caps the postgres pool; 0 sizes it for paid concurrency.
	MaxConns int `yaml:"max_conns"`

	// The answers of settled calls are kept for retries this many hours,
	// within this many compressed megabytes (the oldest go first).
	AnswersHours int `yaml:"answers_hours"`
	AnswersMB    int `yaml:"answers_mb"`
	// PaymentIDsMax bounds the payment-identifier ids of paid calls bound
	// at once; a new id beyond it is answered 503 before any payment work.
	PaymentIDsMax int `yaml:"payment_ids_max"`
	// PaymentIDsPendingPerPayer bounds the ids one wallet has bound to
	// calls not yet settling; a new id beyond it is answered 429.
	PaymentIDsPendingPerPayer int `yaml:"payment_ids_pending_per_payer"`
}

// Cache sizes the shared upstream answer cache.
type Cache struct {
	MaxMB int `yaml:"max_mb"`
}

// Limits bound what one client or payer can take of the service; they are
// read at start.
type Limits struct {
	Connections       int      `yaml:"connections"`        // open at once; 0: sized from the file limit
	ConnectionsPerIP  int      `yaml:"connections_per_ip"` // open at once from one address; 0: a quarter of connections
	ReadTimeout       Duration `yaml:"read_timeout"`       // to receive a request's head and body
	IdleTimeout       Duration `yaml:"idle_timeout"`       // a kept-alive connection's wait for its next request
	PaidRatePerIP     float64  `yaml:"paid_rate_per_ip"`   // paid attempts per second from one address
	PaidBurstPerIP    int      `yaml:"paid_burst_per_ip"`
	PaidRatePerPayer  float64  `yaml:"paid_rate_per_payer"` // paid attempts per second from one wallet
	PaidBurstPerPayer int      `yaml:"paid_burst_per_payer"`
	Verifies          int      `yaml:"verifies"`          // facilitator /verify calls in flight at once
	WorkPerIP         int      `yaml:"work_per_ip"`       // requests from one address worked on at once (not while a paid call waits on its tool)
	RefusedFundsTTL   Duration `yaml:"refused_funds_ttl"` // how long a payer refused for funds is answered without asking again
}

// Cluster makes many instances behave as one towards every source: with a
// Redis URL, each source's polite rate and concurrency cap are shared by all
// instances, and answers may be shared too. Empty: each instance is alone.
type Cluster struct {
	RedisURL    string `yaml:"redis_url"`    // redis:// or rediss://
	Namespace   string `yaml:"namespace"`    // prefix of every Redis key, so deployments can share a server
	SharedCache bool   `yaml:"shared_cache"` // also keep upstream answers in Redis, each for its source's TTL
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
	BaseURL     string    `yaml:"base_url"` // where requests go instead of the declared base: a mirror, a proxy
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
