package edge

import (
	"context"
	"encoding/json"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/coinslot/coinslot/actors"
	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
	"github.com/valyala/fasthttp"
	"github.com/valyala/fasthttp/fasthttputil"
)

// discoveryTools make sure the catalog is not empty, whatever else the
// package's tests register.
var discoveryTools = []*registry.Tool{
	{Name: "test_discovery_lookup", Path: "/paid/test/discovery-lookup", Price: "0.03", Category: "Legal",
		Description: "Looks up court opinions.", Params: []registry.Param{registry.Str("query").Req()},
		Example: map[string]any{"query": "fair use"}, Expected: "Envelope of opinions.", Shape: registry.Envelope},
	{Name: "test_discovery_mcp", Price: "0.01", Category: "Web & Leads", Description: "Scores a lead.",
		Params: []registry.Param{registry.Str("domain").Req()}, Example: map[string]any{"domain": "example.com"},
		Expected: "An object with a score.", Shape: registry.Object},
}

func init() {
	for _, t := range discoveryTools {
		registry.Register(t)
	}
}

// downRuntime reports one tool as unavailable and the given sources, and
// runs nothing.
type downRuntime struct {
	down    string
	sources []actors.SourceStatus
}

func (r downRuntime) Ready(t *registry.Tool) (bool, string, time.Duration) {
	if t.Name == r.down {
		return false, "its upstream key is not configured", 30 * time.Second
	}
	return true, "", 0
}

func (downRuntime) Run(context.Context, *registry.Tool, registry.Args) (*registry.Result, error) {
	panic("discovery routes never run a tool")
}

func (r downRuntime) Sources() []actors.SourceStatus { return r.sources }

type discoveryServer struct {
	t      *testing.T
	client *fasthttp.Client
	docs   *registry.Documents
}

// newDiscoveryServer serves the discovery routes of rt (nil: no runtime) on
// an in-memory listener.
func newDiscoveryServer(t *testing.T, rt Runtime) *discoveryServer {
	t.Helper()
	cfg, err := config.Parse([]byte("base_url: http://coinslot.test\npay_to: \"0x70997970c51812dc3a010c7d01b50e0d17dc79c8\"\n"), nil)
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{runtime: rt, started: time.Now().Add(-90 * time.Second), pay: Payments{Networks: []x402.Network{x402.Base}}, fair: newFairness(cfg.Limits.WorkPerIP)}
	routes, err := s.buildRoutes(cfg, nil) // no facilitator, so no offers: quotes carry no bazaar block
	if err != nil {
		t.Fatal(err)
	}
	s.readGenerations()
	s.Apply(&Generation{cfg: cfg, routes: routes})
	docs, err := registry.BuildDocuments(s.site(cfg), registry.All())
	if err != nil {
		t.Fatal(err)
	}
	ln := fasthttputil.NewInmemoryListener()
	srv := &fasthttp.Server{Handler: s.Handler}
	go srv.Serve(ln) //nolint:errcheck // ends when the listener closes
	t.Cleanup(func() { ln.Close() })
	return &discoveryServer{t, &fasthttp.Client{Dial: func(string) (net.Conn, error) { return ln.Dial() }}, docs}
}

type answer struct {
	status int
	header map[string]string
	body   string
}

func (d *discoveryServer) do(method, uri string) answer {
	d.t.Helper()
	req, res := fasthttp.AcquireRequest(), fasthttp.AcquireResponse()
	defer fasthttp.ReleaseRequest(req)
	defer fasthttp.ReleaseResponse(res)
	req.Header.SetMethod(method)
	req.SetRequestURI("http://coinslot.test" + uri)
	if err := d.client.Do(req, res); err != nil {
		d.t.Fatal(err)
	}
	a := answer{status: res.StatusCode(), header: map[string]string{}, body: string(res.Body())}
	for _, k := range []string{"Content-Type", "Cache-Control", "Allow", "Access-Control-Allow-Origin"} {
		a.header[k] = string(res.Header.Peek(k))
	}
	return a
}

func TestDiscoveryDocumentsServed(t *testing.T) {
	d := newDiscoveryServer(t, downRuntime{})
	for _, c := range []struct {
		path, contentType string
		body              []byte
	}{
		{"/api/info", contentJSON, d.docs.Info},
		{"/openapi.json", contentJSON, d.docs.OpenAPI},
		{"/api/openapi.json", contentJSON, d.docs.OpenAPI},
		{"/discovery", contentJSON, d.docs.Discovery},
		{"/.well-known/x402", contentJSON, d.docs.X402},
		{"/.well-known/x402.json", contentJSON, d.docs.X402},
		{"/.well-known/agent.json", contentJSON, d.docs.AgentCard},
		{"/.well-known/agent-card.json", contentJSON, d.docs.AgentCard},
		{"/.well-known/mcp.json", contentJSON, d.docs.MCPManifest},
		{"/llms.txt", contentText, d.docs.LLMs},
		{"/llms-full.txt", contentText, d.docs.LLMsFull},
		{"/docs", contentHTML, d.docs.Docs},
		{"/svc-receipt-v1.md", contentMarkdown, ReceiptSchemaDoc},
		{"/icon.svg", contentSVG, registry.Icon},
		{"/favicon.ico", contentSVG, registry.Icon}, // a browser asks for it: not a 404 on every page
	} {
		a := d.do("GET", c.path)
		if a.status != 200 || a.header["Content-Type"] != c.contentType || a.header["Cache-Control"] != "public, max-age=300" ||
			a.header["Access-Control-Allow-Origin"] != "*" || a.body != string(c.body) {
			t.Errorf("GET %s: %d %v (body %d bytes, want %d)", c.path, a.status, a.header, len(a.body), len(c.body))
		}
		if head := d.do("HEAD", c.path); head.status != 200 || head.body != "" || head.header["Content-Type"] != c.contentType {
			t.Errorf("HEAD %s: %d %v %q", c.path, head.status, head.header, head.body)
		}
	}
}

func TestDiscoveryRoutesAreReadOnly(t *testing.T) {
	d := newDiscoveryServer(t, downRuntime{})
	for _, path := range []string{"/api/info", "/api/quote", "/healthz", "/api/x402/catalog/search"} {
		a := d.do("POST", path)
		want := `{"error":{"code":"method_not_allowed","message":"` + path + ` takes GET or HEAD, not POST"}}`
		if a.status != 405 || a.header["Allow"] != "GET, HEAD" || a.body != want {
			t.Errorf("POST %s: %d Allow=%q %s", path, a.status, a.header["Allow"], a.body)
		}
	}
}

// /docs names its icon, so a browser asks the service for it and finds it.
func TestDocsLinksItsIcon(t *testing.T) {
	d := newDiscoveryServer(t, downRuntime{})
	if docs := d.do("GET", "/docs").body; !strings.Contains(docs, `<link rel="icon" href="./icon.svg" type="image/svg+xml">`) {
		t.Errorf("/docs names no icon:\n%.400s", docs)
	}
}

func TestQuote(t *testing.T) {
	d := newDiscoveryServer(t, downRuntime{})
	tool := discoveryTools[0]
	want, _ := d.docs.Quote(tool.Name)
	for _, c := range []struct {
		uri    string
		status int
		body   string
	}{
		{"/api/quote?tool=" + tool.Name, 200, string(want)},
		{"/api/quote", 400, `{"error":{"code":"invalid_params","message":"say which tool to quote: ?tool=NAME","fields":[{"name":"tool","problem":"is required"}]}}`},
		{"/api/quote?tool=%20", 400, `{"error":{"code":"invalid_params","message":"say which tool to quote: ?tool=NAME","fields":[{"name":"tool","problem":"is required"}]}}`},
		{"/api/quote?tool=no_such_tool", 404, `{"error":{"code":"not_found","message":"no tool named no_such_tool","fields":[{"name":"tool","problem":"names no tool"}]}}`},
		{"/api/quote?tool=test_discovery_lookups", 404, `{"error":{"code":"not_found","message":"no tool named test_discovery_lookups; did you mean test_discovery_lookup?","fields":[{"name":"tool","problem":"names no tool; did you mean test_discovery_lookup?","did_you_mean":"test_discovery_lookup"}]}}`},
	} {
		if a := d.do("GET", c.uri); a.status != c.status || a.body != c.body {
			t.Errorf("GET %s: %d %s", c.uri, a.status, a.body)
		}
	}
}

func TestRouteFinderRoute(t *testing.T) {
	d := newDiscoveryServer(t, downRuntime{})
	tool := discoveryTools[1]
	a := d.do("GET", "/api/routes/find?q="+tool.Name)
	var res struct {
		Query   string `json:"query"`
		Matches []struct {
			Score int    `json:"score"`
			Name  string `json:"name"`
		} `json:"matches"`
	}
	if err := json.Unmarshal([]byte(a.body), &res); err != nil || a.status != 200 || a.header["Content-Type"] != contentJSON {
		t.Fatalf("GET find: %d %v %v", a.status, a.header, err)
	}
	if res.Query != tool.Name || len(res.Matches) == 0 || res.Matches[0].Name != tool.Name {
		t.Errorf("find %s: %+v", tool.Name, res)
	}
}

func TestRouteFinderRefusesLongQuery(t *testing.T) {
	a := newDiscoveryServer(t, downRuntime{}).do("GET", "/api/routes/find?q="+strings.Repeat("a", 201))
	want := `{"error":{"code":"invalid_params","message":"the query is too long","fields":[{"name":"q","problem":"must be at most 200 characters"}]}}`
	if a.status != 400 || a.body != want {
		t.Errorf("%d %s", a.status, a.body)
	}
}

func TestHealthAndReadiness(t *testing.T) {
	up := newDiscoveryServer(t, downRuntime{})
	down := newDiscoveryServer(t, nil)
	for _, c := range []struct {
		d      *discoveryServer
		path   string
		status int
		body   string
	}{
		{up, "/healthz", 200, `{"status":"ok"}` + "\n"},
		{down, "/healthz", 200, `{"status":"ok"}` + "\n"},
		{up, "/readyz", 200, `{"status":"ready"}` + "\n"},
		{down, "/readyz", 503, `{"status":"not_ready","why":"no tool runtime is running"}` + "\n"},
	} {
		a := c.d.do("GET", c.path)
		if a.status != c.status || a.body != c.body || a.header["Cache-Control"] != "no-store" {
			t.Errorf("GET %s: %d %v %q", c.path, a.status, a.header, a.body)
		}
	}
}

func TestSystemInfo(t *testing.T) {
	all := registry.All()
	down := discoveryTools[0].Name
	a := newDiscoveryServer(t, downRuntime{down: down}).do("GET", "/api/system/info")
	var got systemInfo
	if err := json.Unmarshal([]byte(a.body), &got); err != nil || a.status != 200 {
		t.Fatalf("%d %s %v", a.status, a.body, err)
	}
	if got.Version != Version || got.Mode != config.Sandbox || got.UptimeSeconds < 90 || got.UptimeSeconds > 100 {
		t.Errorf("system info header fields: %+v", got)
	}
	want := toolCounts{len(all), len(all) - 1, 1}
	if got.Tools != want || len(got.Ready) != len(all)-1 ||
		len(got.Unavailable) != 1 || got.Unavailable[0] != (unavailableTool{down, "its upstream key is not configured", 30}) {
		t.Errorf("tools %+v, unavailable %+v", got.Tools, got.Unavailable)
	}
}

// Each source's circuit, restarts, key and settings in effect are shown as
// the runtime reports them; an open circuit says when to retry.
func TestSystemInfoSources(t *testing.T) {
	rt := downRuntime{sources: []actors.SourceStatus{
		{Name: "fred", Breaker: "open", RetryAfter: 12400 * time.Millisecond, Restarts: 11, InFlight: 2,
			LastError: "fred: HTTP 503 from the source", LastErrorAt: time.Date(2026, 11, 23, 20, 1, 2, 0, time.FixedZone("CET", 3600)),
			KeyEnv: "FRED_API_KEY", Key: actors.KeyConfigured, Rate: 2, Burst: 2, Concurrency: 2,
			Timeout: 10 * time.Second, Retries: 2, CacheTTL: time.Hour,
			Failures: 5, Cooldown: 30 * time.Second, MaxRestarts: 10, Within: time.Minute},
		{Name: "sec", Breaker: "closed", Key: actors.KeyMissing, KeyEnv: "SEC_USER_AGENT",
			Rate: 9, Burst: 9, Concurrency: 4, Timeout: 15 * time.Second, CacheTTL: 10 * time.Minute,
			Failures: 5, Cooldown: 30 * time.Second, MaxRestarts: 10, Within: time.Minute},
	}}
	a := newDiscoveryServer(t, rt).do("GET", "/api/system/info")
	var got struct {
		Sources json.RawMessage `json:"sources"`
	}
	if err := json.Unmarshal([]byte(a.body), &got); err != nil || a.status != 200 {
		t.Fatalf("%d %s %v", a.status, a.body, err)
	}
	want := `[
    {
      "name": "fred",
      "breaker": "open",
      "retry_after_seconds": 12,
      "restarts": 11,
      "in_flight": 2,
      "last_error": "fred: HTTP 503 from the source",
      "last_error_at": "2026-11-23T19:01:02Z",
      "key_env": "FRED_API_KEY",
      "key": "configured",
      "settings": {
        "rate": 2,
        "burst": 2,
        "concurrency": 2,
        "timeout": "10s",
        "retries": 2,
        "cache_ttl": "1h0m0s",
        "breaker": {
          "failures": 5,
          "cooldown": "30s"
        },
        "supervision": {
          "max_restarts": 10,
          "within": "1m0s"
        }
      }
    },
    {
      "name": "sec",
      "breaker": "closed",
      "restarts": 0,
      "in_flight": 0,
      "key_env": "SEC_USER_AGENT",
      "key": "missing",
      "settings": {
        "rate": 9,
        "burst": 9,
        "concurrency": 4,
        "timeout": "15s",
        "retries": 0,
        "cache_ttl": "10m0s",
        "breaker": {
          "failures": 5,
          "cooldown": "30s"
        },
        "supervision": {
          "max_restarts": 10,
          "within": "1m0s"
        }
      }
    }
  ]`
	if string(got.Sources) != want {
		t.Errorf("sources:\n%s\nwant\n%s", got.Sources, want)
	}
	if a := newDiscoveryServer(t, nil).do("GET", "/api/system/info"); !strings.Contains(a.body, `"sources": []`) {
		t.Errorf("without a runtime: %s", a.body)
	}
}

func TestCatalogSearchUntilConnected(t *testing.T) {
	d := newDiscoveryServer(t, downRuntime{})
	for _, c := range []struct {
		uri    string
		status int
		body   string
	}{
		{"/api/x402/catalog/search?query=weather&limit=0", 400, `{"error":{"code":"invalid_params","message":"limit is out of range","fields":[{"name":"limit","problem":"must be an integer between 1 and 100"}]}}`},
		{"/api/x402/catalog/search?query=weather&limit=ten", 400, `{"error":{"code":"invalid_params","message":"limit is out of range","fields":[{"name":"limit","problem":"must be an integer between 1 and 100"}]}}`},
		{"/api/x402/catalog/search?query=weather&limit=5", 503, `{"error":{"code":"upstream_unavailable","message":"the x402 catalog search has no upstream connected on this instance"}}`},
	} {
		if a := d.do("GET", c.uri); a.status != c.status || a.body != c.body {
			t.Errorf("GET %s: %d %s", c.uri, a.status, a.body)
		}
	}
}
