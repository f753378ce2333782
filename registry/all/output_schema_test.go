package all

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// goldenAnswer is a handler result as the family golden files hold it, its
// data kept as written.
type goldenAnswer struct {
	Data   json.RawMessage
	Count  int
	Source string
	Cached bool
}

// goldenFiles maps each golden answer to the tool that owns it: the
// expected.json of a case folder, registry/<family>/testdata/<tool>/<case>/,
// and the goldens Go tests keep beside them, testdata/<tool>/<case>.golden.json.
func goldenFiles(t *testing.T) map[string]*registry.Tool {
	var files []string
	for _, pattern := range []string{"*/*/" + registrytest.ExpectedFile, "*/*.golden.json"} {
		found, err := filepath.Glob(filepath.Join("..", "*", "testdata", pattern))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, found...)
	}
	out := map[string]*registry.Tool{}
	for _, f := range files {
		dir := filepath.Dir(f)
		if filepath.Base(f) == registrytest.ExpectedFile {
			dir = filepath.Dir(dir)
		}
		tool, ok := registry.Lookup(filepath.Base(dir))
		if !ok {
			t.Errorf("%s: %s is no registered tool", f, filepath.Base(dir))
			continue
		}
		out[f] = tool
	}
	return out
}

func readGolden(t *testing.T, path string) goldenAnswer {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var g goldenAnswer
	if err := json.Unmarshal(b, &g); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return g
}

// answer is the 200 body the edge renders for a golden result, with a
// sample buyer block and receipt for receipt-backed tools.
func answer(t *testing.T, tool *registry.Tool, g goldenAnswer) []byte {
	body, err := registry.Render(tool, &registry.Result{Data: g.Data, Count: g.Count, Source: g.Source, Cached: g.Cached},
		upstreams.RecordedAt, false)
	if err != nil {
		t.Fatalf("%s: %v", tool.Name, err)
	}
	if tool.Shape != registry.ReceiptBacked {
		return body
	}
	receipt := map[string]any{}
	for _, k := range []string{"schema", "receipt_id", "tx", "network", "asset", "payer", "pay_to", "amount_atomic",
		"amount_usd", "tool", "endpoint", "request_sha256", "response_sha256", "settled_at", "receipt_url"} {
		receipt[k] = "x"
	}
	receipt["schema"] = registry.ReceiptVersion
	body, err = registry.WithPayment(body, registry.Buyer{Payer: "0x2", PaidUSD: tool.Price, Tx: "0x3", Network: "eip155:8453"}, receipt)
	if err != nil {
		t.Fatal(err)
	}
	return body
}

// outputSchemas compiles every tool's published answer schema.
func outputSchemas(t *testing.T) map[*registry.Tool]*jsonschema.Schema {
	schemas := map[*registry.Tool]*jsonschema.Schema{}
	c := jsonschema.NewCompiler()
	for _, tool := range registry.All() {
		raw, _ := json.Marshal(registry.OutputSchema(tool))
		doc, err := jsonschema.UnmarshalJSON(strings.NewReader(string(raw)))
		if err != nil {
			t.Fatal(err)
		}
		if err := c.AddResource(tool.Name+".json", doc); err != nil {
			t.Fatal(err)
		}
		if schemas[tool], err = c.Compile(tool.Name + ".json"); err != nil {
			t.Fatalf("%s: %v", tool.Name, err)
		}
	}
	return schemas
}

// goldenAnswers are each tool's golden files, sorted: a file belongs to the
// first tool it may belong to whose schema its answer validates against.
// Files that belong to none are reported.
func goldenAnswers(t *testing.T) map[*registry.Tool][]string {
	schemas := outputSchemas(t)
	out := map[*registry.Tool][]string{}
	for f, tool := range goldenFiles(t) {
		v, _ := jsonschema.UnmarshalJSON(strings.NewReader(string(answer(t, tool, readGolden(t, f)))))
		if err := schemas[tool].Validate(v); err != nil {
			t.Errorf("%s: %v", f, err)
			continue
		}
		out[tool] = append(out[tool], f)
	}
	for _, files := range out {
		sort.Strings(files)
	}
	return out
}

// Every golden answer validates against the answer schema its tool
// publishes, and every tool has at least one golden answer.
func TestGoldenAnswersMatchPublishedSchemas(t *testing.T) {
	answered := goldenAnswers(t)
	for _, tool := range registry.All() {
		if len(answered[tool]) == 0 {
			t.Errorf("%s: no golden answer validates against its schema", tool.Name)
		}
	}
}
