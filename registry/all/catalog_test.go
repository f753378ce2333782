package all

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

type listed struct{ name, path, price string }

// interfaceCatalog reads the interface's tools, transcribed once into
// testdata: the one list the catalog's counts come from.
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
	wantPaths := map[string]bool{}
	paths := map[string]bool{}
	for _, w := range want {
		if w.path != "" {
			wantPaths[w.path] = true
		}
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
	if got := len(registry.All()); got != len(want) {
		t.Errorf("catalog holds %d tools, the interface lists %d", got, len(want))
	}
	if len(paths) != len(wantPaths) {
		t.Errorf("%d unique paid paths, the interface lists %d", len(paths), len(wantPaths))
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
// request an example makes has a fixture and every handler is exercised. The
// example answers with a source and at least one item, says cached only when
// every upstream answer was, asks only the sources its tool
// declares, and a receipt-backed or object tool answers a JSON object the
// edge can add meta to.
func TestEveryExampleRunsOnFixtures(t *testing.T) {
	for _, tool := range registry.All() {
		if tool.Handler == nil {
			continue
		}
		args, errs := tool.Validate(tool.Example)
		if errs != nil {
			t.Errorf("%s: example: %v", tool.Name, errs)
			continue
		}
		var mu sync.Mutex
		var asked []string
		record := upstreams.DoerFunc(func(ctx context.Context, req *upstreams.Request) (*upstreams.Response, error) {
			mu.Lock()
			asked = append(asked, req.Source)
			mu.Unlock()
			return upstreams.Replay.Do(ctx, req)
		})
		res, err := tool.Handler(context.Background(), &registry.Call{Tool: tool, Args: args, Upstream: record, Now: upstreams.RecordedAt, Sandbox: true})
		switch {
		case err != nil:
			t.Errorf("%s: example failed: %v", tool.Name, err)
			continue
		case res.Source == "" || res.Data == nil || res.Count == 0 || res.Cached:
			t.Errorf("%s: example answered source %q, count %d, cached %v: %+v", tool.Name, res.Source, res.Count, res.Cached, res)
		}
		if tool.Shape != registry.Envelope {
			if body, _ := json.Marshal(res.Data); len(body) == 0 || body[0] != '{' {
				t.Errorf("%s: %s data is not an object: %.40s", tool.Name, tool.Shape, body)
			}
		}
		for _, s := range asked {
			if !slices.Contains(tool.Sources, s) {
				t.Errorf("%s: asked source %q, declares %v", tool.Name, s, tool.Sources)
			}
		}
		if len(asked) == 0 && len(tool.Sources) > 0 {
			t.Errorf("%s: declares sources %v, its example asked none", tool.Name, tool.Sources)
		}
		if len(asked) > 0 {
			res, err := tool.Handler(context.Background(), &registry.Call{Tool: tool, Args: args, Upstream: registrytest.CachedReplay, Now: upstreams.RecordedAt, Sandbox: true})
			if err != nil || !res.Cached {
				t.Errorf("%s: every answer cached, but the result says cached %v (err %v)", tool.Name, res != nil && res.Cached, err)
			}
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
