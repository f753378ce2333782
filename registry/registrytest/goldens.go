package registrytest

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// GoldenAnswer is a handler result as the family golden files hold it, its
// data kept as written.
type GoldenAnswer struct {
	Data   json.RawMessage
	Count  int
	Source string
	Cached bool
}

// GoldenFiles maps each golden answer under the registry directory dir to
// the tool that owns it: the expected.json of a case folder,
// <family>/testdata/<tool>/<case>/, and the goldens Go tests keep beside
// them, testdata/<tool>/<case>.golden.json. A file under no registered
// tool's folder is an error.
func GoldenFiles(dir string) (map[string]*registry.Tool, error) {
	var files []string
	for _, pattern := range []string{"*/*/" + ExpectedFile, "*/*.golden.json"} {
		found, err := filepath.Glob(filepath.Join(dir, "*", "testdata", pattern))
		if err != nil {
			return nil, err
		}
		files = append(files, found...)
	}
	out := map[string]*registry.Tool{}
	for _, f := range files {
		folder := filepath.Dir(f)
		if filepath.Base(f) == ExpectedFile {
			folder = filepath.Dir(folder)
		}
		tool, ok := registry.Lookup(filepath.Base(folder))
		if !ok {
			return nil, fmt.Errorf("%s: %s is no registered tool", f, filepath.Base(folder))
		}
		out[f] = tool
	}
	return out, nil
}

// ReadGolden reads the golden answer at path.
func ReadGolden(path string) (GoldenAnswer, error) {
	var g GoldenAnswer
	b, err := os.ReadFile(path)
	if err == nil {
		err = json.Unmarshal(b, &g)
	}
	if err != nil {
		return g, fmt.Errorf("%s: %w", path, err)
	}
	return g, nil
}

// GoldenBody is the 200 body the edge renders for a golden result, with a
// sample buyer block and receipt for receipt-backed tools.
func GoldenBody(tool *registry.Tool, g GoldenAnswer) ([]byte, error) {
	body, err := registry.Render(tool, &registry.Result{Data: g.Data, Count: g.Count, Source: g.Source, Cached: g.Cached},
		upstreams.RecordedAt, false)
	if err != nil || tool.Shape != registry.ReceiptBacked {
		return body, err
	}
	receipt := map[string]any{}
	for _, k := range []string{"schema", "receipt_id", "tx", "network", "asset", "payer", "pay_to", "amount_atomic",
		"amount_usd", "tool", "endpoint", "request_sha256", "response_sha256", "settled_at", "receipt_url"} {
		receipt[k] = "x"
	}
	receipt["schema"] = registry.ReceiptVersion
	return registry.WithPayment(body, registry.Buyer{Payer: "0x2", PaidUSD: tool.Price, Tx: "0x3", Network: "eip155:8453"}, receipt)
}

// CompileSchema compiles the JSON Schema schema (a value encoding/json
// writes as one) under name.
func CompileSchema(c *jsonschema.Compiler, name string, schema any) (*jsonschema.Schema, error) {
	raw, err := json.Marshal(schema)
	if err != nil {
		return nil, err
	}
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(string(raw)))
	if err != nil {
		return nil, err
	}
	if err := c.AddResource(name, doc); err != nil {
		return nil, err
	}
	return c.Compile(name)
}

// ValidateJSON validates the JSON document b against s.
func ValidateJSON(s *jsonschema.Schema, b []byte) error {
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(string(b)))
	if err != nil {
		return err
	}
	return s.Validate(v)
}
