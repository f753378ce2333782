package x402intel

import (
	"context"
	"testing"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
)

func TestUpstreamErrors(t *testing.T) {
	down := &upstreams.Error{Source: "x402_catalog", Kind: upstreams.Timeout, Message: "deadline passed"}
	garbage := registrytest.Garbage("not json")
	for _, name := range []string{"x402_market_radar", "x402_rank_audit"} {
		tool, _ := registry.Lookup(name)
		_, err := registrytest.Run(t, name, tool.Example, upstreams.DoerFunc(func(context.Context, *upstreams.Request) (*upstreams.Response, error) {
			return nil, down
		}), upstreams.RecordedAt)
		if err != down {
			t.Errorf("%s: error %v, want the upstream's own error", name, err)
		}
		_, err = registrytest.Run(t, name, tool.Example, garbage, upstreams.RecordedAt)
		if e, ok := upstreams.AsError(err); !ok || e.Kind != upstreams.BadAnswer || e.Message != "answer does not decode" {
			t.Errorf("%s: error %v, want upstream_error", name, err)
		}
	}
}
