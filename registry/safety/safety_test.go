package safety

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
)

// callNow is a fixed call time.
var callNow = time.Date(2025, time.March, 10, 18, 30, 0, 0, time.UTC)

func TestEveryToolRunsItsExample(t *testing.T) {
	for _, name := range []string{"mcp_safety_brief", "mcp_approval_pack", "x402_seller_readiness_audit"} {
		tool, _ := registry.Lookup(name)
		if tool == nil || tool.Handler == nil {
			t.Fatalf("%s: not registered with a handler", name)
		}
		if _, err := registrytest.Run(t, name, tool.Example, upstreams.Replay, callNow); err != nil {
			t.Errorf("%s example: %v", name, err)
		}
	}
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func readJSON(t *testing.T, name string) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(readFile(t, name)), &m); err != nil {
		t.Fatal(err)
	}
	return m
}
