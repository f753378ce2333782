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

// Charge runs the named tool on in, answered from the recorded fixtures at
// the time they were recorded, and is what the call costs (Tool.Charge):
// the atomic amount a metered tool's call settles under upto.
func Charge(t testing.TB, name string, in map[string]any) int64 {
	t.Helper()
	c := Call(t, name, in, upstreams.Replay, upstreams.RecordedAt)
	res, err := Handle(t, c)
	if err != nil {
		t.Fatalf("%s %v: %v", name, in, err)
	}
	return c.Tool.Charge(c.Args, res)
}

// ChargeCase is one call of a metered tool and what it costs, in atomic
// units.
type ChargeCase struct {
	Tool string
	In   map[string]any
	Want int64
}

// Charges checks what each case costs on the recorded fixtures, and that
// every metered tool of the family's category has a case charged its whole
// price and one charged less: its rule is tested where it bites.
func Charges(t *testing.T, category string, cases []ChargeCase) {
	t.Helper()
	whole, less := map[string]bool{}, map[string]bool{}
	for _, c := range cases {
		price := Tool(t, c.Tool).PriceAtomic()
		if got := Charge(t, c.Tool, c.In); got != c.Want {
			t.Errorf("%s %v: charged %d, want %d", c.Tool, c.In, got, c.Want)
		}
		whole[c.Tool] = whole[c.Tool] || c.Want == price
		less[c.Tool] = less[c.Tool] || c.Want < price
	}
	for _, tool := range InCategory(t, category) {
		if tool.Metered != nil && !(whole[tool.Name] && less[tool.Name]) {
			t.Errorf("%s is metered, but no case is charged its whole price and one less", tool.Name)
		}
	}
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
