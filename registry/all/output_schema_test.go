package all

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/coinslot/coinslot/registry"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// goldenAnswer is a handler result as the family golden files hold it.
type goldenAnswer struct {
	Data   any
	Count  int
	Source string
	Cached bool
}

// goldenFiles maps each golden answer to the tools it may belong to: those
// whose name its file name starts with (space_weather_kp_index is a
// space_weather answer, space_weather_kp one of space_weather_kp).
func goldenFiles(t *testing.T) map[string][]*registry.Tool {
	files, err := filepath.Glob("../*/testdata/*.golden.json")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][]*registry.Tool{}
	for _, f := range files {
		base := strings.TrimSuffix(filepath.Base(f), ".golden.json")
		for _, tool := range registry.All() {
			if base == tool.Name || strings.HasPrefix(base, tool.Name+"_") {
				out[f] = append(out[f], tool)
			}
		}
	}
	return out
}

// answer is the 200 body the edge renders for a golden result, with a
// sample buyer block and receipt for receipt-backed tools.
func answer(t *testing.T, tool *registry.Tool, g goldenAnswer) any {
	meta := map[string]any{"count": g.Count, "source": g.Source, "generated_at": "2026-11-20T15:00:00Z"}
	if tool.Shape == registry.Envelope {
		return map[string]any{"success": true, "data": g.Data, "cached": g.Cached, "meta": meta}
	}
	obj, ok := g.Data.(map[string]any)
	if !ok {
		t.Fatalf("%s: golden data is not an object", tool.Name)
	}
	obj["meta"] = meta
	if tool.Shape == registry.ReceiptBacked {
		obj["buyer"] = map[string]any{"payer": "0x2", "paid_usd": tool.Price, "tx": "0x3", "network": "eip155:8453"}
		receipt := map[string]any{}
		for _, k := range []string{"schema", "receipt_id", "tx", "network", "asset", "payer", "pay_to", "amount_atomic",
			"amount_usd", "tool", "endpoint", "request_sha256", "response_sha256", "settled_at", "receipt_url"} {
			receipt[k] = "x"
		}
		receipt["schema"] = registry.ReceiptVersion
		obj["svc_receipt"] = receipt
	}
	return obj
}

// Every golden answer validates against the answer schema its tool
// publishes, and every tool has at least one golden answer.
func TestGoldenAnswersMatchPublishedSchemas(t *testing.T) {
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
	answered := map[*registry.Tool]bool{}
	for f, owners := range goldenFiles(t) {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var g goldenAnswer
		if err := json.Unmarshal(b, &g); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		var problems []string
		for _, tool := range owners {
			// Round-trip so numbers are what the validator reads from JSON.
			body, _ := json.Marshal(answer(t, tool, g))
			v, _ := jsonschema.UnmarshalJSON(strings.NewReader(string(body)))
			if err := schemas[tool].Validate(v); err != nil {
				problems = append(problems, err.Error())
				continue
			}
			answered[tool] = true
			problems = nil
			break
		}
		if len(problems) > 0 {
			t.Errorf("%s: %s", f, strings.Join(problems, "\n"))
		}
	}
	for _, tool := range registry.All() {
		if !answered[tool] {
			t.Errorf("%s: no golden answer validates against its schema", tool.Name)
		}
	}
}
