package utility

import (
	"testing"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
)

// callNow is a fixed call time: a Monday afternoon in New York.
var callNow = time.Date(2025, time.March, 10, 18, 30, 0, 0, time.UTC)

func TestEveryToolRunsItsExample(t *testing.T) {
	for _, name := range []string{"business_days", "timezone_current"} {
		tool, _ := registry.Lookup(name)
		if tool == nil || tool.Handler == nil {
			t.Fatalf("%s: not registered with a handler", name)
		}
		if _, err := registrytest.Run(t, name, tool.Example, upstreams.Replay, callNow); err != nil {
			t.Errorf("%s example: %v", name, err)
		}
	}
}
