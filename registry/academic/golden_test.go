package academic

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// callNow is a fixed call time.
var callNow = time.Date(2026, time.November, 20, 15, 0, 0, 0, time.UTC)

// run validates in against the tool's schema and runs its handler on the fixtures.
func run(t *testing.T, name string, in map[string]any) (*registry.Result, error) {
	t.Helper()
	tool, ok := registry.Lookup(name)
	if !ok {
		t.Fatalf("%s is not registered", name)
	}
	args, errs := tool.Validate(in)
	if len(errs) > 0 {
		t.Fatalf("%s: input %v does not validate: %v", name, in, errs)
	}
	return tool.Handler(context.Background(), &registry.Call{Tool: tool, Args: args, Upstream: upstreams.Replay, Now: callNow})
}

// golden compares the marshalled result with testdata/<file>.golden.json.
func golden(t *testing.T, file string, res *registry.Result) {
	t.Helper()
	got, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	path := filepath.Join("testdata", file+".golden.json")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file:\n%s", file, got)
	}
}
