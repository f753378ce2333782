package osint

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
)

func TestCachedOnlyWhenEveryAnswerWas(t *testing.T) {
	tool, _ := registry.Lookup("fred_surprises")
	args, _ := tool.Validate(tool.Example)
	res, err := tool.Handler(context.Background(), &registry.Call{Tool: tool, Args: args, Upstream: registrytest.CachedReplay, Now: upstreams.RecordedAt})
	if err != nil || !res.Cached {
		t.Fatalf("all answers cached: cached=%v err=%v", res != nil && res.Cached, err)
	}
	var fresh atomic.Bool
	mixed := upstreams.DoerFunc(func(ctx context.Context, req *upstreams.Request) (*upstreams.Response, error) {
		resp, err := registrytest.CachedReplay.Do(ctx, req)
		if err == nil && fresh.CompareAndSwap(false, true) {
			resp.Cached = false
		}
		return resp, err
	})
	tool, _ = registry.Lookup("treasury_dts")
	args, _ = tool.Validate(map[string]any{})
	res, err = tool.Handler(context.Background(), &registry.Call{Tool: tool, Args: args, Upstream: mixed, Now: upstreams.RecordedAt})
	if err != nil || res.Cached {
		t.Fatalf("one fresh answer: cached=%v err=%v", res != nil && res.Cached, err)
	}
}

// A body that does not decode is the source's upstream_error, with no raw
// upstream text passed on.
func TestUndecodableAnswerIsBadAnswer(t *testing.T) {
	garbage := registrytest.Garbage("<html>Service busy, try later</html>")
	for _, tool := range registrytest.InCategory(t, "OSINT") {
		name := tool.Name
		args, _ := tool.Validate(tool.Example)
		_, err := tool.Handler(context.Background(), &registry.Call{Tool: tool, Args: args, Upstream: garbage, Now: upstreams.RecordedAt})
		ue, ok := upstreams.AsError(err)
		if !ok || ue.Kind != upstreams.BadAnswer || strings.Contains(ue.Message, "busy") {
			t.Errorf("%s: error %v, want a clean upstream_error", name, err)
		}
	}
}
