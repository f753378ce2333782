// Package registrytest runs tool handlers on recorded upstream answers and
// compares their results with the expected files of case folders.
package registrytest

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
)

var update = flag.Bool("update", false, "rewrite the golden files from the current output")

// Tool is the registered tool called name; the test stops when there is none.
func Tool(t testing.TB, name string) *registry.Tool {
	t.Helper()
	tool, ok := registry.Lookup(name)
	if !ok {
		t.Fatalf("%s is not registered", name)
	}
	return tool
}

// Call validates in against the tool's parameters, as the edge does before
// payment, and builds the call its handler gets at now, with d answering
// upstream requests. Input that does not validate stops the test: the
// handler would never see it.
func Call(t testing.TB, name string, in map[string]any, d upstreams.Doer, now time.Time) *registry.Call {
	t.Helper()
	tool := Tool(t, name)
	args, errs := tool.Validate(in)
	if len(errs) > 0 {
		t.Fatalf("%s: input %v does not validate: %v", name, in, errs)
	}
	return &registry.Call{Tool: tool, Args: args, Upstream: d, Now: now}
}

// Run runs the named tool's handler on the call Call builds.
func Run(t testing.TB, name string, in map[string]any, d upstreams.Doer, now time.Time) (*registry.Result, error) {
	t.Helper()
	return Handle(t, Call(t, name, in, d, now))
}

// Handle runs c's handler. An answer whose data is not of the declared
// Result type fails the test: the published answer schema is derived from
// that declaration.
func Handle(t testing.TB, c *registry.Call) (*registry.Result, error) {
	t.Helper()
	res, err := c.Tool.Handler(context.Background(), c)
	if res != nil {
		if got, want := reflect.TypeOf(res.Data), c.Tool.ResultTypes(); !slices.Contains(want, got) {
			t.Errorf("%s answered %v, but declares Result %v", c.Tool.Name, got, want)
		}
	}
	return res, err
}

// Golden compares got, marshalled as indented JSON, with the file at path;
// with -update it rewrites the file instead.
func Golden(t testing.TB, path string, got any) {
	t.Helper()
	b, err := json.MarshalIndent(got, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	b = append(b, '\n')
	if *update {
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(b, want) {
		t.Errorf("result differs from %s:\n%s", path, b)
	}
}

// WantInvalid stops the test unless err is an input error naming only field,
// with exactly problem.
func WantInvalid(t testing.TB, err error, field, problem string) {
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

// InCategory is every registered tool of category, so a family's tests
// cover each tool it declares without a second list of them; a category
// with no tool stops the test.
func InCategory(t testing.TB, category string) []*registry.Tool {
	t.Helper()
	var out []*registry.Tool
	for _, tool := range registry.All() {
		if tool.Category == category {
			out = append(out, tool)
		}
	}
	if len(out) == 0 {
		t.Fatalf("no tool in category %q", category)
	}
	return out
}

// CachedReplay answers from the recorded fixtures, as Replay does, and says
// every answer came from cache.
var CachedReplay = upstreams.DoerFunc(func(ctx context.Context, req *upstreams.Request) (*upstreams.Response, error) {
	resp, err := upstreams.Replay.Do(ctx, req)
	if err != nil {
		return nil, err
	}
	resp.Cached = true
	return resp, nil
})

// Failing answers every request with err.
func Failing(err error) upstreams.Doer {
	return upstreams.DoerFunc(func(context.Context, *upstreams.Request) (*upstreams.Response, error) { return nil, err })
}

// Garbage answers every request 200 with body, which no decoder accepts.
func Garbage(body string) upstreams.Doer {
	return upstreams.DoerFunc(func(context.Context, *upstreams.Request) (*upstreams.Response, error) {
		return &upstreams.Response{Status: 200, Body: []byte(body)}, nil
	})
}
