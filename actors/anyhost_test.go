package actors

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
)

// anyHostSource fetches pages of any host, as the web tools do.
var anyHostSource = upstreams.Register(upstreams.Source{
	Name: "any_host", Title: "Any host", AnyHost: true,
	Rate: 1000, Burst: 1000, Concurrency: 2, Timeout: 2 * time.Second,
	Recorded: testdata, Fixtures: []upstreams.Fixture{{Path: "/example.com/items", Query: "page=2", File: "testdata/items.json"}},
})

var fetchURLTool = &registry.Tool{
	Name: "any_host_fetch", Path: "/paid/test/any-host", Price: "0.01", Category: "Utility",
	Description: "Fetches a URL.", Params: []registry.Param{registry.Str("url").Req()},
	Example: map[string]any{"url": "https://example.com/items?page=2"}, Expected: "The body as a string.",
	Sources: []string{anyHostSource.Name}, Result: "",
	Handler: func(ctx context.Context, c *registry.Call) (*registry.Result, error) {
		resp, err := c.Upstream.Do(ctx, &upstreams.Request{Source: anyHostSource.Name, URL: c.Args.String("url")})
		if err != nil {
			return nil, err
		}
		return &registry.Result{Data: string(resp.Body), Count: 1, Source: anyHostSource.Title}, nil
	},
}

func init() { registry.Register(fetchURLTool) }

func TestAnyHostTarget(t *testing.T) {
	req := &upstreams.Request{Source: anyHostSource.Name, URL: "https://Example.com/a%20b/c?q=1"}
	sandbox := &settings{source: anyHostSource, baseURL: "http://127.0.0.1:9/any_host"}
	if got := sandbox.target(req).URL; got != "http://127.0.0.1:9/any_host/example.com/a%20b/c?q=1" {
		t.Errorf("sandbox target = %s", got)
	}
	root := &upstreams.Request{Source: anyHostSource.Name, URL: "https://example.com"}
	if got := sandbox.target(root).URL; got != "http://127.0.0.1:9/any_host/example.com/" {
		t.Errorf("sandbox target of a bare host = %s", got)
	}
	production := &settings{source: anyHostSource}
	if got := production.target(req); got != req {
		t.Errorf("production rewrote the request to %s", got.URL)
	}
}

func TestAnyHostSandboxAnswersFromReplay(t *testing.T) {
	h := start(t, "", Options{})
	res, err := h.rt.Run(context.Background(), fetchURLTool, registry.Args{"url": "https://example.com/items?page=2"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Data != itemsBody(t) {
		t.Errorf("data = %v", res.Data)
	}
}

func TestAnyHostProductionRefusesLoopback(t *testing.T) {
	h := startWith(t, "", Options{}, func(string) *http.Client { return upstreams.NewHTTPClient() })
	_, err := h.rt.Run(context.Background(), fetchURLTool, registry.Args{"url": h.replay.URL() + "/any_host/example.com/items?page=2"})
	if ue, ok := upstreams.AsError(err); !ok || ue.Message != "the address is not a public internet address" {
		t.Fatalf("err = %v, want the loopback dial refused", err)
	}
	if n := h.replay.Hits(anyHostSource.Name); n != 0 {
		t.Errorf("the loopback server was reached %d times", n)
	}
}
