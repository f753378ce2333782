package markets

import (
	"testing"

	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
)

func TestCachedOnlyWhenEveryAnswerWasCached(t *testing.T) {
	res, err := registrytest.Run(t, "cross_platform_arb_scan", map[string]any{"query": "fed"}, registrytest.CachedReplay, upstreams.RecordedAt)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Cached || res.Source != "Polymarket Gamma API, Kalshi Trade API" {
		t.Errorf("cached %v source %q", res.Cached, res.Source)
	}
}
