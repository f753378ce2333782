package markets

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

var update = flag.Bool("update", false, "rewrite the golden files from the current output")

// now is when every test call is made; fixtures are recorded around it.
var now = time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC)

// call validates in against the tool's schema and runs its handler.
func call(t *testing.T, name string, in map[string]any, d upstreams.Doer) (*registry.Result, error) {
	t.Helper()
	tool, ok := registry.Lookup(name)
	if !ok {
		t.Fatalf("%s is not registered", name)
	}
	args, errs := tool.Validate(in)
	if errs != nil {
		t.Fatalf("%s: input %v does not validate: %v", name, in, errs)
	}
	return tool.Handler(context.Background(), &registry.Call{Tool: tool, Args: args, Upstream: d, Now: now})
}

// golden compares a result, marshalled, to testdata/<name>.golden.json.
func golden(t *testing.T, name string, res *registry.Result) {
	t.Helper()
	got, err := json.MarshalIndent(res, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	path := filepath.Join("testdata", name+".golden.json")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from %s:\n%s", name, path, got)
	}
}

// failing answers every request with the given error.
func failing(err error) upstreams.Doer {
	return upstreams.DoerFunc(func(context.Context, *upstreams.Request) (*upstreams.Response, error) { return nil, err })
}

// garbage answers every request with a body no decoder accepts.
var garbage = upstreams.DoerFunc(func(context.Context, *upstreams.Request) (*upstreams.Response, error) {
	return &upstreams.Response{Status: 200, Body: []byte("<html>maintenance</html>")}, nil
})

// cachedReplay answers from fixtures, marking every answer as served from cache.
var cachedReplay = upstreams.DoerFunc(func(ctx context.Context, r *upstreams.Request) (*upstreams.Response, error) {
	resp, err := upstreams.Replay.Do(ctx, r)
	if err == nil {
		resp.Cached = true
	}
	return resp, err
})
