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

func TestUpstreamErrorsPassUnchanged(t *testing.T) {
	down := &upstreams.Error{Source: "polymarket_gamma", Kind: upstreams.Unavailable, Status: 503, Message: "upstream answered with an error"}
	for _, tool := range registrytest.InCategory(t, "Prediction Markets") {
		name := tool.Name
		_, err := registrytest.Run(t, name, tool.Example, registrytest.Failing(down), upstreams.RecordedAt)
		if err != down {
			t.Errorf("%s: error %v, want the upstream's own *upstreams.Error", name, err)
		}
	}
}

func TestUndecodableAnswersAreUpstreamErrors(t *testing.T) {
	for _, tool := range registrytest.InCategory(t, "Prediction Markets") {
		name := tool.Name
		_, err := registrytest.Run(t, name, tool.Example, registrytest.Garbage("<html>maintenance</html>"), upstreams.RecordedAt)
		e, ok := upstreams.AsError(err)
		if !ok || e.Kind != upstreams.BadAnswer || e.Message != "answer does not decode" {
			t.Errorf("%s: error %v, want upstream_error \"answer does not decode\"", name, err)
		}
	}
}
