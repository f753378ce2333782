package actors

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/coinslot/coinslot/upstreams/replay"
)

//go:embed testdata
var testdata embed.FS

var fixtures = []upstreams.Fixture{
	{Path: "/items", File: "testdata/items.json"},
	{Path: "/missing", File: "testdata/not_found.json", Status: 404},
}

// Test sources, each with the settings its test needs; config may override them.
var (
	okSource      = testSource("test_ok", 1000, 1000, 8, 2*time.Second, 0)
	flakySource   = testSource("test_flaky", 1000, 1000, 4, 2*time.Second, 2)
	slowSource    = testSource("test_slow", 1000, 1000, 4, 200*time.Millisecond, 0)
	limitedSource = testSource("test_limited", 5, 1, 8, 2*time.Second, 0)
	breakerSource = testSource("test_breaker", 1000, 1000, 4, 2*time.Second, 0)
	panicSource   = testSource("test_panic", 1000, 1000, 1, 2*time.Second, 0)
	reloadSource  = testSource("test_reload", 1, 1, 1, 2*time.Second, 0)
	loadSource    = testSource("test_load", 1e6, 1000, 20, 2*time.Second, 0)
	keySource     = upstreams.Register(upstreams.Source{
		Name: "test_key", Title: "Keyed test source", BaseURL: "https://keyed.test/v1",
		Rate: 1000, Burst: 1000, Concurrency: 2, Timeout: 2 * time.Second, CacheTTL: time.Minute,
		KeyEnv: "TEST_KEYED_API_KEY", KeyIn: "query:api_key",
		Recorded: testdata, Fixtures: []upstreams.Fixture{{Path: "/items", Query: "api_key=s3cret", File: "testdata/items.json"}},
	})
)

func testSource(name string, rate float64, burst, concurrency int, timeout time.Duration, retries int) upstreams.Source {
	return upstreams.Register(upstreams.Source{
		Name: name, Title: name, BaseURL: "https://" + strings.ReplaceAll(name, "_", "-") + ".example/api",
		Rate: rate, Burst: burst, Concurrency: concurrency, Timeout: timeout, Retries: retries,
		CacheTTL: time.Minute, Recorded: testdata, Fixtures: fixtures,
	})
}

// Test tools: test_fetch_<source> fetches args.path from its source;
// test_panic panics when args.boom is true.
var fetchTools = map[string]*registry.Tool{}

func init() {
	for _, src := range upstreams.Sources() {
		if !strings.HasPrefix(src.Name, "test_") {
			continue
		}
		t := &registry.Tool{
			Name: "test_fetch_" + strings.TrimPrefix(src.Name, "test_"), Path: "/paid/test/fetch-" + src.Name,
			Price: "0.01", Category: "Utility", Description: "Fetches a path from " + src.Name + ".",
			Params:  []registry.Param{registry.Str("path").Req()},
			Example: map[string]any{"path": "/items"}, Expected: "The upstream body as a string.",
			Sources: []string{src.Name}, Result: "", Handler: fetchHandler,
		}
		registry.Register(t)
		fetchTools[src.Name] = t
	}
	registry.Register(&registry.Tool{
		Name: "test_panic", Path: "/paid/test/panic", Price: "0.01", Category: "Utility",
		Description: "Panics on request.", Params: []registry.Param{registry.Bool("boom")},
		Example: map[string]any{"boom": false}, Expected: "ok, or a panic.", Result: "",
		Handler: func(ctx context.Context, c *registry.Call) (*registry.Result, error) {
			if c.Args.Bool("boom") {
				panic("boom")
			}
			return &registry.Result{Data: "ok", Source: "local analysis"}, nil
		},
	})
}

func fetchHandler(ctx context.Context, c *registry.Call) (*registry.Result, error) {
	src, _ := upstreams.LookupSource(c.Tool.Sources[0])
	s := upstreams.NewSession(c.Upstream)
	body, err := upstreams.Fetch(ctx, s, &upstreams.Request{Source: src.Name, URL: src.BaseURL + c.Args.String("path")}, decodeJSON)
	if err != nil {
		return nil, err
	}
	return &registry.Result{Data: body, Count: 1, Source: src.Title, Cached: s.Cached()}, nil
}

// decodeJSON is the test sources' decoder: any JSON document.
func decodeJSON(body []byte) (string, error) {
	if !json.Valid(body) {
		return "", errors.New("not JSON")
	}
	return string(body), nil
}

// harness is a runtime in sandbox mode against its own replay server.
type harness struct {
	rt     *Runtime
	replay *replay.Server
}

func start(t testing.TB, yaml string, opts Options) *harness { return startWith(t, yaml, opts, nil) }

// startWith runs in production mode when client is set: the client it
// returns for the replay server's URL carries every request.
func startWith(t testing.TB, yaml string, opts Options, client func(replayURL string) *http.Client) *harness {
	t.Helper()
	srv, err := replay.Start("127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	cfg, err := config.Parse([]byte(yaml), nil)
	if err != nil {
		t.Fatal(err)
	}
	if client != nil {
		opts.HTTPClient = client(srv.URL())
	} else {
		opts.Sandbox, opts.ReplayURL = true, srv.URL()
	}
	opts.Version = "0.13.0"
	rt, err := New(cfg, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(rt.Close)
	return &harness{rt: rt, replay: srv}
}

// fetch runs test_fetch_<source> on path with a deadline.
func (h *harness) fetch(src upstreams.Source, path string, timeout time.Duration) (*registry.Result, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	return h.rt.Run(ctx, fetchTools[src.Name], registry.Args{"path": path})
}

// rewrite sends every request for from to the replay server, as if it were the real host.
type rewrite struct {
	from, to string
}

func (r rewrite) RoundTrip(req *http.Request) (*http.Response, error) {
	u := strings.Replace(req.URL.String(), r.from, r.to, 1)
	out := req.Clone(req.Context())
	var err error
	if out.URL, err = out.URL.Parse(u); err != nil {
		return nil, err
	}
	out.Host = ""
	return http.DefaultTransport.RoundTrip(out)
}

// kindOf is an error's upstream kind, or "" for anything else.
func kindOf(err error) upstreams.Kind {
	if ue, ok := upstreams.AsError(err); ok {
		return ue.Kind
	}
	return ""
}
