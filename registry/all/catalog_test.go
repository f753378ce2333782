package all

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

type listed struct{ name, path, price string }

// interfaceCatalog reads the interface's 109 tools, transcribed once into testdata.
func interfaceCatalog(t *testing.T) []listed {
	f, err := os.Open("testdata/interface_catalog.tsv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []listed
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if line := sc.Text(); !strings.HasPrefix(line, "#") {
			cols := strings.Split(line, "\t")
			out = append(out, listed{cols[0], cols[1], cols[2]})
		}
	}
	return out
}

func TestCatalogMatchesInterface(t *testing.T) {
	want := interfaceCatalog(t)
	if len(want) != 109 {
		t.Fatalf("interface lists %d tools, want 109", len(want))
	}
	paths := map[string]bool{}
	for _, w := range want {
		tool, ok := registry.Lookup(w.name)
		if !ok {
			t.Errorf("%s: not declared", w.name)
			continue
		}
		if tool.Path != w.path || tool.Price != w.price {
			t.Errorf("%s: path %q price %s, want path %q price %s", w.name, tool.Path, tool.Price, w.path, w.price)
		}
		if tool.Path != "" {
			paths[tool.Path] = true
		}
	}
	if got := len(registry.All()); got != 109 {
		t.Errorf("catalog holds %d tools, want 109", got)
	}
	if len(paths) != 101 {
		t.Errorf("%d unique paid paths, want 101", len(paths))
	}
}

// notYetSold are declared tools without a handler: listed everywhere,
// answering as unavailable, never payable. The list must match exactly.
var notYetSold = map[string]bool{}

func TestEveryToolIsSoldAndItsSourcesExist(t *testing.T) {
	for _, tool := range registry.All() {
		if (tool.Handler == nil) != notYetSold[tool.Name] {
			t.Errorf("%s: handler present %v, listed as not yet sold %v", tool.Name, tool.Handler != nil, notYetSold[tool.Name])
		}
		for _, s := range tool.Sources {
			if _, ok := upstreams.LookupSource(s); !ok {
				t.Errorf("%s: source %q is not declared", tool.Name, s)
			}
		}
	}
}

// Every tool's example runs against the recorded upstream answers, so every
// request an example makes has a fixture and every handler is exercised.
func TestEveryExampleRunsOnFixtures(t *testing.T) {
	now := time.Date(2026, 11, 20, 15, 0, 0, 0, time.UTC)
	for _, tool := range registry.All() {
		if tool.Handler == nil {
			continue
		}
		args, errs := tool.Validate(tool.Example)
		if errs != nil {
			t.Errorf("%s: example: %v", tool.Name, errs)
			continue
		}
		res, err := tool.Handler(context.Background(), &registry.Call{Tool: tool, Args: args, Upstream: upstreams.Replay, Now: now, Sandbox: true})
		switch {
		case err != nil:
			t.Errorf("%s: example failed: %v", tool.Name, err)
		case res.Source == "" || res.Data == nil:
			t.Errorf("%s: result without source or data: %+v", tool.Name, res)
		}
	}
}

// Every published input schema is valid JSON Schema 2020-12 and accepts its
// own tool's example.
func TestEveryInputSchemaCompilesAndTakesItsExample(t *testing.T) {
	for _, tool := range registry.All() {
		c := jsonschema.NewCompiler()
		c.DefaultDraft(jsonschema.Draft2020)
		url := "urn:coinslot:" + tool.Name
		if err := c.AddResource(url, roundTrip(t, registry.InputSchema(tool))); err != nil {
			t.Fatal(err)
		}
		schema, err := c.Compile(url)
		if err != nil {
			t.Errorf("%s: input schema does not compile: %v", tool.Name, err)
			continue
		}
		if err := schema.Validate(roundTrip(t, tool.Example)); err != nil {
			t.Errorf("%s: example does not validate against its schema: %v", tool.Name, err)
		}
	}
}

// roundTrip turns v into the generic JSON form the validator reads.
func roundTrip(t *testing.T, v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return doc
}
