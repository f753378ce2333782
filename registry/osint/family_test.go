package osint

import (
	"context"
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
