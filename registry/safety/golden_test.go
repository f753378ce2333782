package safety

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
var callNow = time.Date(2025, time.March, 10, 18, 30, 0, 0, time.UTC)

// run validates in against the tool's schema and runs its handler.
func run(t *testing.T, name string, in map[string]any, now time.Time) (*registry.Result, error) {
	t.Helper()
	tool, ok := registry.Lookup(name)
	if !ok {
		t.Fatalf("%s is not registered", name)
	}
	args, errs := tool.Validate(in)
	if len(errs) > 0 {
		t.Fatalf("%s: input %v does not validate: %v", name, in, errs)
	}
	return tool.Handler(context.Background(), &registry.Call{Tool: tool, Args: args, Upstream: upstreams.Replay, Now: now})
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

// wantInvalid asserts err names field with exactly problem.
func wantInvalid(t *testing.T, err error, field, problem string) {
	t.Helper()
	ie, ok := err.(*registry.InputError)
	if !ok {
		t.Fatalf("err = %v, want an input error on %s", err, field)
	}
	got := ie.Fields
	if len(got) != 1 || got[0].Name != field || got[0].Problem != problem {
		t.Errorf("fields = %+v, want %s %q", got, field, problem)
	}
}

func TestEveryToolRunsItsExample(t *testing.T) {
	for _, name := range []string{"mcp_safety_brief", "mcp_approval_pack", "x402_seller_readiness_audit"} {
		tool, _ := registry.Lookup(name)
		if tool == nil || tool.Handler == nil {
			t.Fatalf("%s: not registered with a handler", name)
		}
		if _, err := run(t, name, tool.Example, callNow); err != nil {
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
