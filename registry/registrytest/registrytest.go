// Package registrytest runs tool handlers on recorded upstream answers and
// compares their results with golden files.
package registrytest

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"os"
	"reflect"
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
	c := Call(t, name, in, d, now)
	return c.Tool.Handler(context.Background(), c)
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

// Refused checks that the tool's parameters refuse in with exactly want, so
// the edge answers before payment.
func Refused(t testing.TB, name string, in map[string]any, want registry.FieldError) {
	t.Helper()
	if _, errs := Tool(t, name).Validate(in); !reflect.DeepEqual(errs, []registry.FieldError{want}) {
		t.Errorf("%s %v: %v, want %v", name, in, errs, want)
	}
}

// Accepted checks that the tool's parameters accept in.
func Accepted(t testing.TB, name string, in map[string]any) {
	t.Helper()
	if _, errs := Tool(t, name).Validate(in); errs != nil {
		t.Errorf("%s %v: %v", name, in, errs)
	}
}
