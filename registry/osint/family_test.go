package osint

import (
	"context"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
)

// family is every tool this package declares.
var family = []string{
	"geo_intervention_pulse", "flight_intel", "osint_research_pack", "scenario_verdict", "weather_bias_score",
	"supply_chain_stress", "regulatory_pulse", "attention_momentum", "sec_8k_velocity", "fred_surprises",
	"treasury_dts", "llm_router_models", "code_host_trending", "news_frontpage", "quake_feed",
	"air_quality_stations", "regulatory_impact_brief", "ip_geolocation", "airport_status",
}

func TestFamilyIsRegisteredAndSold(t *testing.T) {
	for _, name := range family {
		tool, ok := registry.Lookup(name)
		if !ok {
			t.Errorf("%s: not registered", name)
			continue
		}
		if tool.Category != "OSINT" || !strings.HasPrefix(tool.Path, "/paid/osint/") {
			t.Errorf("%s: category %q path %q", name, tool.Category, tool.Path)
		}
		if tool.Handler == nil {
			t.Errorf("%s: no handler", name)
		}
		if len(tool.Sources) == 0 {
			t.Errorf("%s: no upstream sources declared", name)
		}
		for _, s := range tool.Sources {
			if _, ok := upstreams.LookupSource(s); !ok {
				t.Errorf("%s: source %q is not declared", name, s)
			}
		}
		wantShape := registry.Envelope
		if name == "regulatory_impact_brief" {
			wantShape = registry.Object
		}
		if tool.Shape != wantShape {
			t.Errorf("%s: shape %s, want %s", name, tool.Shape, wantShape)
		}
	}
}

// Every example runs on the recorded answers, so each request it makes has a
// fixture.
func TestExamplesRunOnFixtures(t *testing.T) {
	for _, name := range family {
		tool, _ := registry.Lookup(name)
		res, err := registrytest.Run(t, name, tool.Example, upstreams.Replay, now)
		if err != nil {
			t.Errorf("%s: example failed: %v", name, err)
			continue
		}
		if res.Source == "" || res.Data == nil || res.Cached {
			t.Errorf("%s: result %+v", name, res)
		}
	}
}

// cachedReplay answers like Replay and says every answer came from cache.
var cachedReplay = upstreams.DoerFunc(func(ctx context.Context, req *upstreams.Request) (*upstreams.Response, error) {
	resp, err := upstreams.Replay.Do(ctx, req)
	if err != nil {
		return nil, err
	}
	resp.Cached = true
	return resp, nil
})

func TestCachedOnlyWhenEveryAnswerWas(t *testing.T) {
	tool, _ := registry.Lookup("fred_surprises")
	args, _ := tool.Validate(tool.Example)
	res, err := tool.Handler(context.Background(), &registry.Call{Tool: tool, Args: args, Upstream: cachedReplay, Now: now})
	if err != nil || !res.Cached {
		t.Fatalf("all answers cached: cached=%v err=%v", res != nil && res.Cached, err)
	}
	var fresh atomic.Bool
	mixed := upstreams.DoerFunc(func(ctx context.Context, req *upstreams.Request) (*upstreams.Response, error) {
		resp, err := cachedReplay.Do(ctx, req)
		if err == nil && fresh.CompareAndSwap(false, true) {
			resp.Cached = false
		}
		return resp, err
	})
	tool, _ = registry.Lookup("treasury_dts")
	args, _ = tool.Validate(map[string]any{})
	res, err = tool.Handler(context.Background(), &registry.Call{Tool: tool, Args: args, Upstream: mixed, Now: now})
	if err != nil || res.Cached {
		t.Fatalf("one fresh answer: cached=%v err=%v", res != nil && res.Cached, err)
	}
}

// A body that does not decode is the source's upstream_error, with no raw
// upstream text passed on.
func TestUndecodableAnswerIsBadAnswer(t *testing.T) {
	garbage := upstreams.DoerFunc(func(ctx context.Context, req *upstreams.Request) (*upstreams.Response, error) {
		return &upstreams.Response{Status: http.StatusOK, Body: []byte("<html>Service busy, try later</html>")}, nil
	})
	for _, name := range family {
		tool, _ := registry.Lookup(name)
		args, _ := tool.Validate(tool.Example)
		_, err := tool.Handler(context.Background(), &registry.Call{Tool: tool, Args: args, Upstream: garbage, Now: now})
		ue, ok := upstreams.AsError(err)
		if !ok || ue.Kind != upstreams.BadAnswer || strings.Contains(ue.Message, "busy") {
			t.Errorf("%s: error %v, want a clean upstream_error", name, err)
		}
	}
}
