package config

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// Each file in testdata/invalid is refused with exactly the problems in its .err twin.
func TestInvalidFiles(t *testing.T) {
	files, _ := filepath.Glob("testdata/invalid/*.yaml")
	if len(files) == 0 {
		t.Fatal("no invalid config files")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			want, err := os.ReadFile(strings.TrimSuffix(file, ".yaml") + ".err")
			if err != nil {
				t.Fatal(err)
			}
			_, err = Load(file, Options{Upstreams: []string{"fred", "sec", "nws"}, PaidTools: []string{"business_days", "weather"}})
			var problems Problems
			if !errors.As(err, &problems) {
				t.Fatalf("Load = %v, want Problems", err)
			}
			if got := problems.Error() + "\n"; got != string(want) {
				t.Errorf("problems:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

func TestDefaultsAreSandbox(t *testing.T) {
	cfg, err := Parse(nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Mode != Sandbox || cfg.Listen != ":8080" || cfg.Ledger.Driver != "file" || cfg.MaxBodyBytes != 65536 {
		t.Errorf("defaults = %+v", cfg)
	}
	if f := cfg.Upstreams["default"].Breaker.Failures; f == nil || *f != 5 {
		t.Errorf("default breaker failures = %v, want 5", f)
	}
}

func TestProductionFileKeepsDefaultsItDoesNotSet(t *testing.T) {
	cfg, err := Load("testdata/production.yaml", Options{})
	if err != nil {
		t.Fatal(err)
	}
	sec := cfg.Upstreams["sec"]
	if *sec.Rate != 5 || time.Duration(*sec.Timeout) != 8*time.Second || *sec.Supervision.MaxRestarts != 3 {
		t.Errorf("sec = %+v", sec)
	}
	if cfg.Listen != ":8080" || cfg.MaxTimeoutSeconds != 60 {
		t.Errorf("defaults lost: listen %q, max_timeout_seconds %d", cfg.Listen, cfg.MaxTimeoutSeconds)
	}
	if _, ok := cfg.Upstreams["default"]; !ok {
		t.Error("the default upstream settings were dropped")
	}
}

func TestEnvironmentOverrides(t *testing.T) {
	cfg, err := Parse(nil, []string{
		"COINSLOT_LISTEN=127.0.0.1:9999",
		"COINSLOT_MODE=production",
		"COINSLOT_BASE_URL=https://coinslot.example",
		"COINSLOT_PAY_TO=0x209693Bc6afc0C5328bA36FaF03C514EF312287C",
		"COINSLOT_FACILITATOR_URL=https://x402.org/facilitator",
		"COINSLOT_LEDGER_DRIVER=postgres",
		"COINSLOT_LEDGER_DSN=postgres://127.0.0.1/test",
		"COINSLOT_UPSTREAMS_SEC_RATE=7.5",
		"COINSLOT_UPSTREAMS_POLYMARKET_GAMMA_BREAKER_COOLDOWN=45s",
		"COINSLOT_BUYER_KEY=not-a-config-key",
		"PATH=/usr/bin",
	})
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Listen != "127.0.0.1:9999" || cfg.Mode != Production || cfg.Ledger.DSN != "postgres://127.0.0.1/test" {
		t.Errorf("cfg = %+v", cfg)
	}
	if r := cfg.Upstreams["sec"].Rate; r == nil || *r != 7.5 {
		t.Errorf("sec rate = %v", r)
	}
	if c := cfg.Upstreams["polymarket_gamma"].Breaker.Cooldown; c == nil || time.Duration(*c) != 45*time.Second {
		t.Errorf("polymarket_gamma cooldown = %v", c)
	}
}

func TestEnvironmentOverrideWithBadValueNamesKeyAndVariable(t *testing.T) {
	_, err := Parse(nil, []string{"COINSLOT_MAX_TIMEOUT_SECONDS=soon"})
	if err == nil || !strings.HasPrefix(err.Error(), "max_timeout_seconds (COINSLOT_MAX_TIMEOUT_SECONDS): ") {
		t.Errorf("err = %v", err)
	}
}

func TestChainRPC(t *testing.T) {
	const fac = "COINSLOT_FACILITATOR_URL=http://127.0.0.1:8080/facilitator"
	for _, rpc := range []string{"https://mainnet.base.org", "http://127.0.0.1:8545", "wss://base.example/ws/v3/key", "ws://127.0.0.1:8546"} {
		cfg, err := Parse(nil, []string{"COINSLOT_CHAIN_RPC=" + rpc, fac})
		if err != nil || !slices.Equal(cfg.ChainRPC, []string{rpc}) {
			t.Errorf("chain_rpc %q: %v, %+v", rpc, err, cfg)
		}
	}
	for _, rpc := range []string{"ftp://mainnet.base.org", "https://", "mainnet.base.org", "ipc:///geth.ipc"} {
		_, err := Parse(nil, []string{"COINSLOT_CHAIN_RPC=" + rpc})
		want := `chain_rpc[0] (COINSLOT_CHAIN_RPC): must be an http(s) or ws(s) URL of a JSON-RPC endpoint, got "` + rpc + `"`
		if err == nil || err.Error() != want {
			t.Errorf("chain_rpc %q: %v, want %s", rpc, err, want)
		}
	}
	// In a file, one endpoint is written as it always was, several as a
	// list, none as "" or []; production reads one chain per network.
	prod := "mode: production\nbase_url: https://api.example.com\npay_to: \"0x70997970c51812dc3a010c7d01b50e0d17dc79c8\"\nfacilitator_url: https://x402.org/facilitator\n"
	for file, want := range map[string][]string{
		`chain_rpc: ""`:                       {},
		`chain_rpc: []`:                       {},
		`chain_rpc: https://mainnet.base.org`: {"https://mainnet.base.org"},
		`chain_rpc: [https://mainnet.base.org, https://polygon-rpc.com]`: {"https://mainnet.base.org", "https://polygon-rpc.com"},
	} {
		cfg, err := Parse([]byte(prod+file), nil)
		if err != nil {
			t.Errorf("%s: %v", file, err)
		} else if !slices.Equal(cfg.ChainRPC, want) {
			t.Errorf("%s: %q; want %q", file, cfg.ChainRPC, want)
		}
	}
	if _, err := Parse([]byte("chain_rpc: 5\n"), nil); err == nil || !strings.Contains(err.Error(), `chain_rpc: must be a list such as [a, b], got "5"`) {
		t.Errorf("a number for chain_rpc: %v", err)
	}
	// A sandbox sells on one chain.
	_, err := Parse(nil, []string{"COINSLOT_CHAIN_RPC=http://127.0.0.1:8080/sandbox/rpc,http://127.0.0.1:8081/sandbox/rpc", fac})
	if want := "chain_rpc (COINSLOT_CHAIN_RPC): a sandbox sells on one chain, its own or another sandbox's; got 2 endpoints"; err == nil || err.Error() != want {
		t.Errorf("a sandbox on two chains: %v, want %s", err, want)
	}
	// A sandbox on another sandbox's chain settles through its facilitator.
	_, err = Parse(nil, []string{"COINSLOT_CHAIN_RPC=http://127.0.0.1:8080/sandbox/rpc"})
	want := `facilitator_url: a sandbox on another sandbox's chain (chain_rpc) settles through that sandbox's facilitator, such as http://127.0.0.1:8080/facilitator; got ""`
	if err == nil || err.Error() != want {
		t.Errorf("sandbox chain_rpc without facilitator_url: %v, want %s", err, want)
	}
}

// Without a base_url, sandbox is reached where it listens: on loopback when
// it listens on every interface.
func TestSandboxBaseURLFollowsListen(t *testing.T) {
	for listen, want := range map[string]string{
		":8080":           "http://127.0.0.1:8080",
		"0.0.0.0:18555":   "http://127.0.0.1:18555",
		"[::]:18555":      "http://127.0.0.1:18555",
		"127.0.0.1:18555": "http://127.0.0.1:18555",
		"10.1.2.3:9000":   "http://10.1.2.3:9000",
	} {
		cfg, err := ParseWith(nil, nil, Options{Listen: listen})
		if err != nil || cfg.BaseURL != want {
			t.Errorf("listen %s: base_url %q, %v; want %s", listen, cfg.BaseURL, err, want)
		}
	}
	cfg, err := ParseWith([]byte("base_url: https://shop.example\n"), nil, Options{Listen: ":9000"})
	if err != nil || cfg.BaseURL != "https://shop.example" {
		t.Errorf("an explicit base_url was replaced: %q, %v", cfg.BaseURL, err)
	}
}

// A reload is validated in the mode the process runs in, whatever the file
// says.
func TestReloadIsValidatedInTheRunningMode(t *testing.T) {
	sandboxFile := []byte("mode: sandbox\nupstreams:\n  sec: {rate: 2}\n")
	_, err := ParseWith(sandboxFile, nil, Options{Mode: Production})
	want := "base_url: production needs the public http(s) address buyers reach this service at\n" +
		"facilitator_url: production needs the facilitator's http(s) URL, got \"\"\n" +
		"pay_to: production needs the seller wallet as 0x followed by 40 hex digits, got \"\""
	if err == nil || err.Error() != want {
		t.Errorf("err = %v, want\n%s", err, want)
	}
}

// A file with no keys is refused, whatever the options: it is a file being
// rewritten more often than a wish for the defaults. No file is the
// defaults, and so is no text given to ParseWith.
func TestEmptyFileIsRefused(t *testing.T) {
	want := "(file): " + emptyFile
	dir := t.TempDir()
	for i, file := range []string{"", "\n  \n", "# nothing\n", "---\n", "~\n"} {
		path := filepath.Join(dir, fmt.Sprintf("%d.yaml", i))
		if err := os.WriteFile(path, []byte(file), 0o600); err != nil {
			t.Fatal(err)
		}
		for _, opts := range []Options{{}, {Mode: Sandbox, Listen: ":9000"}} {
			if _, err := Load(path, opts); err == nil || err.Error() != want {
				t.Errorf("file %q, %+v: err = %v, want %s", file, opts, err, want)
			}
		}
	}
	for _, file := range [][]byte{nil, {}} {
		if _, err := ParseWith(file, nil, Options{}); err != nil {
			t.Errorf("no file (%q): %v", file, err)
		}
	}
}

func TestClusterFromEnvironment(t *testing.T) {
	cfg, err := Parse(nil, []string{"COINSLOT_CLUSTER_REDIS_URL=redis://10.0.0.5:6379/2", "COINSLOT_CLUSTER_SHARED_CACHE=true"})
	if err != nil {
		t.Fatal(err)
	}
	want := Cluster{RedisURL: "redis://10.0.0.5:6379/2", Namespace: "coinslot", SharedCache: true}
	if cfg.Cluster != want {
		t.Errorf("cluster = %+v, want %+v", cfg.Cluster, want)
	}
}

// The shipped defaults file is itself a good config file.
func TestDefaultsFileLoads(t *testing.T) {
	cfg, err := Load("defaults.yaml", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.PaymentIDRequired) != 0 {
		t.Errorf("payment_identifier_required = %q", cfg.PaymentIDRequired)
	}
}

func TestPaymentIdentifierRequiredIsAList(t *testing.T) {
	for file, want := range map[string][]string{
		"payment_identifier_required: []\n":                       {},
		"payment_identifier_required: [business_days]\n":          {"business_days"},
		"payment_identifier_required:\n  - a\n  - \"5\"\n":        {"a", "5"},
		"payment_identifier_required: [business_days, weather]\n": {"business_days", "weather"},
	} {
		cfg, err := Parse([]byte(file), nil)
		if err != nil || !slices.Equal(cfg.PaymentIDRequired, want) {
			t.Errorf("%q: %q, %v; want %q", file, cfg.PaymentIDRequired, err, want)
		}
	}
	for value, want := range map[string][]string{"": {}, "business_days": {"business_days"}, "a, b": {"a", "b"}, "[a,b]": {"a", "b"}} {
		cfg, err := Parse([]byte("payment_identifier_required: [x]\n"), []string{"COINSLOT_PAYMENT_IDENTIFIER_REQUIRED=" + value})
		if err != nil || !slices.Equal(cfg.PaymentIDRequired, want) {
			t.Errorf("COINSLOT_PAYMENT_IDENTIFIER_REQUIRED=%q: %q, %v; want %q", value, cfg.PaymentIDRequired, err, want)
		}
	}
}

// A bad value from the environment is the variable's, not the file line of
// the key it overrides.
func TestBadEnvironmentValueNamesTheVariable(t *testing.T) {
	_, err := Parse([]byte("mode: sandbox\nlog:\n  level: info\n"), []string{"COINSLOT_LOG_LEVEL=loud"})
	want := `log.level (COINSLOT_LOG_LEVEL): must be debug, info, warn or error, got "loud"`
	if err == nil || err.Error() != want {
		t.Errorf("err = %v, want %s", err, want)
	}
}

func TestUnknownVariables(t *testing.T) {
	environ := []string{
		"COINSLOT_LOG_LEVLE=debug",
		"COINSLOT_UPSTREAMS_SECC_RATE=2",
		"COINSLOT_UPSTREAMS_SEC_RATE=2",
		"COINSLOT_BUYER_KEYS=0x1",
		"COINSLOT_WHATEVER_ELSE=1",
		"COINSLOT_LOG_LEVEL=debug",
		"COINSLOT_CONFIG=c.yaml",
		"COINSLOT_REQUIRE_POSTGRES=1",
		"PATH=/usr/bin",
	}
	want := "COINSLOT_BUYER_KEYS: is no config key and is ignored; did you mean COINSLOT_BUYER_KEY?\n" +
		"COINSLOT_LOG_LEVLE: is no config key and is ignored; did you mean COINSLOT_LOG_LEVEL?\n" +
		"COINSLOT_UPSTREAMS_SECC_RATE: is no config key and is ignored; did you mean COINSLOT_UPSTREAMS_SEC_RATE?\n" +
		"COINSLOT_WHATEVER_ELSE: is no config key and is ignored"
	if got := UnknownVariables(environ, []string{"sec", "nws"}).Error(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	// An upstream the service does not know is not set either.
	cfg, err := ParseWith(nil, environ, Options{Upstreams: []string{"sec", "nws"}})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := cfg.Upstreams["secc"]; ok {
		t.Error("upstreams.secc was set from the environment")
	}
}

// Every COINSLOT_ variable the project names is a config key or one of the
// project's own, so none of them is ever reported unknown.
func TestProjectVariablesAreKnown(t *testing.T) {
	name := regexp.MustCompile(`COINSLOT_[A-Z0-9_]*[A-Z0-9]`)
	seen := map[string]bool{}
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() && strings.HasPrefix(d.Name(), ".") && path != ".." {
			if err == nil {
				err = filepath.SkipDir
			}
			return err
		}
		if d.IsDir() || path == "../config/config_test.go" || !slices.Contains([]string{".go", ".md", ".yaml", ".yml", ".sh", ""}, filepath.Ext(path)) {
			return nil
		}
		b, err := os.ReadFile(path)
		if bytes.IndexByte(b, 0) >= 0 { // a binary built in the tree
			return err
		}
		for _, n := range name.FindAllString(string(b), -1) {
			seen[n+"="] = true
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	var environ []string
	for kv := range seen {
		environ = append(environ, kv)
	}
	if len(environ) < 10 {
		t.Fatalf("found only %q", environ)
	}
	if unknown := UnknownVariables(environ, nil); len(unknown) > 0 {
		t.Errorf("the project names variables it would report unknown:\n%v", unknown)
	}
}

func TestChanged(t *testing.T) {
	a, _ := Parse([]byte("listen: \":9000\"\nupstreams:\n  sec: {rate: 2}\n"), nil)
	b, _ := Parse([]byte("listen: \":9001\"\nlog: {format: json}\nlimits: {verifies: 3}\nupstreams:\n  sec: {rate: 2, timeout: 3s}\n  nws: {rate: 1}\n"), nil)
	want := []string{"listen", "base_url", "limits.verifies", "upstreams.nws.rate", "upstreams.sec.timeout", "log.format"}
	if got := Changed(a, b); !slices.Equal(got, want) {
		t.Errorf("Changed = %q, want %q", got, want)
	}
	if got := Changed(a, a); len(got) != 0 {
		t.Errorf("Changed(a, a) = %q", got)
	}
}

func TestKeep(t *testing.T) {
	old, _ := Parse([]byte("base_url: https://x.example\nlisten: \":9000\"\nlimits: {verifies: 3}\nlog: {format: json}\n"), nil)
	c, _ := Parse([]byte("base_url: https://x.example\nlisten: \":9001\"\nlimits: {verifies: 4, work_per_ip: 2}\nlog: {level: debug}\ncache: {max_mb: 5}\n"), nil)
	c.Keep(old, "listen", "limits", "log.format")
	if got := Changed(old, c); !slices.Equal(got, []string{"cache.max_mb", "log.level"}) {
		t.Errorf("after Keep, changed: %q", got)
	}
}

// A tool named in the environment is checked as in the file, under the
// variable's name.
func TestUnknownToolFromEnvironment(t *testing.T) {
	_, err := ParseWith(nil, []string{"COINSLOT_PAYMENT_IDENTIFIER_REQUIRED=business_days,wether"}, Options{PaidTools: []string{"business_days", "weather"}})
	want := `payment_identifier_required[1] (COINSLOT_PAYMENT_IDENTIFIER_REQUIRED): "wether" is no paid tool; did you mean weather?`
	if err == nil || err.Error() != want {
		t.Errorf("err = %v, want %s", err, want)
	}
}

// TestNetworkList: network is a list of known names, each once; a custom
// network needs its chain id, token and EIP-712 domain; the environment
// sets the list as a,b but cannot set custom entries.
func TestNetworkList(t *testing.T) {
	opts := Options{Networks: []string{"eip155:8453", "eip155:84532"}}
	cfg, err := ParseWith(nil, []string{"COINSLOT_NETWORK=eip155:84532,eip155:8453"}, opts)
	if err != nil || strings.Join(cfg.Network, " ") != "eip155:84532 eip155:8453" {
		t.Fatalf("network %v, %v", cfg, err)
	}
	if cfg, _ := ParseWith(nil, nil, opts); strings.Join(cfg.Network, " ") != "eip155:8453" {
		t.Fatalf("default network %v; want Base mainnet", cfg.Network)
	}
	for env, want := range map[string]string{
		"COINSLOT_NETWORK=eip155:8543":             `network[0] (COINSLOT_NETWORK): "eip155:8543" is no built-in or custom network; did you mean eip155:8453?`,
		"COINSLOT_NETWORK=eip155:8453,eip155:8453": `network[1] (COINSLOT_NETWORK): "eip155:8453" is listed twice`,
		"COINSLOT_NETWORK=":                        `network (COINSLOT_NETWORK): must list at least one network, such as eip155:8453`,
		"COINSLOT_CUSTOM_NETWORKS=x":               `custom_networks (COINSLOT_CUSTOM_NETWORKS): is a list of objects: set it in the config file`,
	} {
		_, err := ParseWith(nil, []string{env}, opts)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v; want %q", env, err, want)
		}
	}
	yaml := []byte("network: [eip155:8453, eip155:31337]\ncustom_networks:\n  - {id: eip155:31337, chain_id: 31337, asset: \"0x5FbDB2315678afecb367f032d93F642f64180aa3\", domain_name: USD Coin, domain_version: \"2\"}\n")
	if cfg, err := ParseWith(yaml, nil, opts); err != nil || cfg.CustomNetworks[0].ChainID != 31337 {
		t.Fatalf("custom network: %v", err)
	}
	bad := []byte("network: [eip155:31337]\ncustom_networks:\n  - {id: eip155:1, chain_id: 31337, asset: 0x12, domain_name: USD Coin}\n")
	_, err = ParseWith(bad, nil, opts)
	for _, want := range []string{
		`custom_networks[0].id: must be eip155:<chain_id>, eip155:31337; got "eip155:1"`,
		`custom_networks[0].asset: must be the token contract as 0x followed by 40 hex digits`,
		`custom_networks[0]: needs the token's EIP-712 domain_name and domain_version`,
		`network[0]: "eip155:31337" is no built-in or custom network`,
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("bad custom network: %v; want %q", err, want)
		}
	}
}

// facilitator_auth names a known kind, a key id and one source of the key
// secret, and replaces the static token.
func TestFacilitatorAuth(t *testing.T) {
	good := []byte("facilitator_auth: {kind: payai, key_id: payai_pk_1, key_env: PAYAI_API_KEY_SECRET}\n")
	if cfg, err := ParseWith(good, nil, Options{}); err != nil || cfg.FacilitatorAuth.KeyEnv != "PAYAI_API_KEY_SECRET" {
		t.Fatalf("good auth: %v", err)
	}
	for yaml, want := range map[string]string{
		"facilitator_auth: {kind: jwt}":                                                  `facilitator_auth.kind: must be empty, cdp or payai, got "jwt"`,
		"facilitator_auth: {key_id: k}":                                                  `facilitator_auth.kind: must be cdp or payai when a key is given`,
		"facilitator_auth: {kind: cdp, key_file: /k}":                                    `facilitator_auth.key_id: cdp signs with an API key: give its id`,
		"facilitator_auth: {kind: cdp, key_id: k}":                                       `facilitator_auth: needs the key secret from exactly one of key_file and key_env`,
		"facilitator_auth: {kind: cdp, key_id: k, key_file: /k, key_env: K}":             `facilitator_auth: needs the key secret from exactly one of key_file and key_env`,
		"facilitator_auth: {kind: cdp, key_id: k, key_env: 'A-B'}":                       `facilitator_auth.key_env: must name an environment variable`,
		"facilitator_token: t\nfacilitator_auth: {kind: cdp, key_id: k, key_env: CDP_K}": `facilitator_auth: replaces the static bearer token: leave the token empty`,
	} {
		_, err := ParseWith([]byte(yaml+"\n"), nil, Options{})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v; want %q", yaml, err, want)
		}
	}
}

// facilitators lists more facilitators, each an http(s) URL with its own
// credentials; the breaker that passes them over needs a count and a time.
func TestFacilitatorsList(t *testing.T) {
	good := []byte("facilitators:\n  - {url: https://x402.org/facilitator}\n  - {url: https://api.cdp.coinbase.com/platform/v2/x402, auth: {kind: cdp, key_id: k, key_env: CDP_API_KEY_SECRET}}\n")
	cfg, err := ParseWith(good, nil, Options{})
	if err != nil || len(cfg.Facilitators) != 2 || cfg.Facilitators[1].Auth.Kind != "cdp" || *cfg.FailoverBreaker.Failures != 3 || time.Duration(*cfg.FailoverBreaker.Cooldown) != 30*time.Second {
		t.Fatalf("facilitators %+v, %v", cfg, err)
	}
	bad := []byte("facilitators:\n  - {url: x402.org}\n  - {url: https://a.test, token: t, auth: {kind: payai, key_id: k, key_file: /k}}\nfacilitator_breaker: {failures: 0, cooldown: 0s}\n")
	_, err = ParseWith(bad, nil, Options{})
	for _, want := range []string{
		`facilitators[0].url: must be the facilitator's http(s) URL, got "x402.org"`,
		`facilitators[1].auth: replaces the static bearer token: leave the token empty`,
		`facilitator_breaker.failures: must be at least 1`,
		`facilitator_breaker.cooldown: must be positive, such as 30s`,
	} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%v; want %q", err, want)
		}
	}
}

// A list of names may be written as its one name, in a file as in the
// environment: what an operator writing one network or one tool means.
func TestOneNameIsAList(t *testing.T) {
	cfg, err := Parse([]byte("network: eip155:84532\npayment_identifier_required: business_days\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(cfg.Network, []string{"eip155:84532"}) || !slices.Equal(cfg.PaymentIDRequired, []string{"business_days"}) {
		t.Errorf("network %q, payment_identifier_required %q", cfg.Network, cfg.PaymentIDRequired)
	}
	if _, err := Parse([]byte("network: 8453\n"), nil); err == nil || !strings.Contains(err.Error(), `network: must be a list such as [a, b], got "8453"`) {
		t.Errorf("a number for a list of names: %v", err)
	}
}
