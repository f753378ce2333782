package actors

import (
	"net/http"
	"testing"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

// optionalKeySource works without its key, with lower limits.
var optionalKeySource = upstreams.Register(upstreams.Source{
	Name: "test_optional_key", Title: "Optional key test source", BaseURL: "https://optional-key.test/v1",
	Rate: 1, Burst: 1, Concurrency: 1, Timeout: time.Second,
	KeyEnv: "TEST_OPTIONAL_API_KEY", KeyIn: "header:X-Key", KeyOptional: true,
	Recorded: testdata, Fixtures: fixtures,
})

func sourceStatus(t *testing.T, rt *Runtime, name string) SourceStatus {
	t.Helper()
	for _, s := range rt.Sources() {
		if s.Name == name {
			return s
		}
	}
	t.Fatalf("no status for %s", name)
	return SourceStatus{}
}

// A source's status follows its workers' restarts and its circuit: closed,
// open for the cooldown once restarts run out, half-open after it, closed
// again after a good trial; the settings shown are the configured ones.
func TestSourceStatusFollowsRestartsAndBreaker(t *testing.T) {
	clk := newClock()
	tr := &panicky{}
	tr.armed.Store(true)
	h := start(t, `
upstreams:
  test_panic:
    rate: 40
    burst: 4
    breaker: {failures: 4, cooldown: 30s}
    supervision: {max_restarts: 1, within: 1m}
`, Options{Now: clk.Now, HTTPClient: &http.Client{Transport: tr}})
	want := SourceStatus{
		Name: "test_panic", Breaker: "closed", Rate: 40, Burst: 4, Concurrency: 1,
		Timeout: 2 * time.Second, CacheTTL: time.Minute,
		Failures: 4, Cooldown: 30 * time.Second, MaxRestarts: 1, Within: time.Minute,
	}
	if got := sourceStatus(t, h.rt, "test_panic"); got != want {
		t.Fatalf("at start:\n got %+v\nwant %+v", got, want)
	}

	h.fetch(panicSource, "/items", 2*time.Second)
	want.Restarts = 1
	want.LastError, want.LastErrorAt = "test_panic: the request failed inside the service; retry later", clk.Now()
	if got := sourceStatus(t, h.rt, "test_panic"); got != want {
		t.Fatalf("after one restart:\n got %+v\nwant %+v", got, want)
	}

	h.fetch(panicSource, "/items", 2*time.Second) // the second failure within the window exceeds max_restarts
	want.Breaker, want.RetryAfter = "open", 30*time.Second
	if got := sourceStatus(t, h.rt, "test_panic"); got != want {
		t.Fatalf("marked down:\n got %+v\nwant %+v", got, want)
	}
	clk.Advance(10 * time.Second)
	if got := sourceStatus(t, h.rt, "test_panic").RetryAfter; got != 20*time.Second {
		t.Fatalf("retry after %v, 10s into the cooldown; want 20s", got)
	}

	clk.Advance(21 * time.Second)
	want.Breaker, want.RetryAfter = "half-open", 0
	if got := sourceStatus(t, h.rt, "test_panic"); got != want {
		t.Fatalf("after the cooldown:\n got %+v\nwant %+v", got, want)
	}

	tr.armed.Store(false)
	if _, err := h.fetch(panicSource, "/items", 2*time.Second); err != nil {
		t.Fatal(err)
	}
	want.Breaker = "closed"
	if got := sourceStatus(t, h.rt, "test_panic"); got != want {
		t.Fatalf("after a good trial:\n got %+v\nwant %+v", got, want)
	}
}

func TestSourceStatusKeyStates(t *testing.T) {
	set := func(string) string { return "s3cret" }
	unset := func(string) string { return "" }
	for _, c := range []struct {
		name    string
		h       *harness
		keyed   string // the state of test_key
		keyless string // the state of test_ok, which takes no key
		option  string // the state of test_optional_key
	}{
		{"set", startWith(t, "", Options{Getenv: set}, keyedClient), KeyConfigured, "", KeyConfigured},
		{"unset", startWith(t, "", Options{Getenv: unset}, keyedClient), KeyMissing, "", KeyOptionalUnset},
		{"sandbox", start(t, "", Options{Getenv: unset}), KeyUnused, "", KeyUnused},
	} {
		if got := sourceStatus(t, c.h.rt, "test_key"); got.Key != c.keyed || got.KeyEnv != "TEST_KEYED_API_KEY" {
			t.Errorf("%s: test_key key %q (%s), want %q", c.name, got.Key, got.KeyEnv, c.keyed)
		}
		if got := sourceStatus(t, c.h.rt, optionalKeySource.Name); got.Key != c.option || got.KeyEnv != "TEST_OPTIONAL_API_KEY" {
			t.Errorf("%s: test_optional_key key %q (%s), want %q", c.name, got.Key, got.KeyEnv, c.option)
		}
		if got := sourceStatus(t, c.h.rt, "test_ok"); got.Key != c.keyless || got.KeyEnv != "" {
			t.Errorf("%s: test_ok key %q (%s), want none", c.name, got.Key, got.KeyEnv)
		}
	}
}
