package all

import (
	"bytes"
	"cmp"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// sampleDir holds the sample answer the documents show for each tool.
const sampleDir = "../samples"

// basicCase is the case folder that holds a tool's plain call.
const basicCase = "basic"

// sampleGolden is the golden answer a tool's sample copies: of the files it
// owns, the first whose answer lists something, preferring its basic case;
// when none lists anything, the basic case or else the first.
func sampleGolden(t *testing.T, files []string) string {
	isBasic := func(f string) bool {
		return filepath.Base(f) == registrytest.ExpectedFile && filepath.Base(filepath.Dir(f)) == basicCase
	}
	pick, basic := "", ""
	for _, f := range files {
		if isBasic(f) {
			basic = f
		}
		if readGolden(t, f).Count == 0 {
			continue
		}
		if isBasic(f) {
			return f
		}
		if pick == "" {
			pick = f
		}
	}
	return cmp.Or(pick, basic, files[0])
}

// Each embedded sample is a byte copy of one of its tool's golden answers,
// so a sample cannot drift from what the handler answers; -update copies
// them again.
func TestSamplesCopyGoldenAnswers(t *testing.T) {
	owned := goldenAnswers(t)
	want := map[string]bool{}
	for _, tool := range registry.All() {
		if len(owned[tool]) == 0 {
			t.Errorf("%s: no golden answer to take a sample from", tool.Name)
			continue
		}
		golden, err := os.ReadFile(sampleGolden(t, owned[tool]))
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(sampleDir, tool.Name+".json")
		want[filepath.Base(path)] = true
		if registrytest.Updating() {
			if err := os.WriteFile(path, golden, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if got, err := os.ReadFile(path); err != nil || !bytes.Equal(got, golden) {
			t.Errorf("%s differs from its golden answer (%v); run go test ./registry/all -run Samples -update", path, err)
		}
	}
	entries, err := os.ReadDir(sampleDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if want[e.Name()] {
			continue
		}
		if registrytest.Updating() {
			if err := os.Remove(filepath.Join(sampleDir, e.Name())); err != nil {
				t.Fatal(err)
			}
			continue
		}
		t.Errorf("%s/%s is no tool's sample", sampleDir, e.Name())
	}
}

// A site as production publishes it: USDC on Base.
var productionSite = registry.Site{
	BaseURL: "https://api.coinslot.test", Version: "0.13.0", Service: "coinslot",
	Network: "eip155:8453", NetworkName: "Base", AssetContract: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
	PayTo: "0x1111111111111111111111111111111111111111", Facilitator: "https://facilitator.coinslot.test",
	CatalogURL: "https://api.cdp.coinbase.com/platform/v2/x402/discovery/resources", MaxTimeoutSeconds: 60,
}

// Every paid operation of the OpenAPI document shows a sample 200 answer,
// and the sample validates against the 200 schema the operation publishes.
func TestOpenAPISamplesMatchTheirSchemas(t *testing.T) {
	for _, sandbox := range []bool{false, true} {
		site := productionSite
		site.Sandbox = sandbox
		d, err := registry.BuildDocuments(site, registry.All())
		if err != nil {
			t.Fatal(err)
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(d.OpenAPI))
		if err != nil {
			t.Fatal(err)
		}
		c := jsonschema.NewCompiler()
		if err := c.AddResource("openapi.json", doc); err != nil {
			t.Fatal(err)
		}
		var api struct {
			Paths map[string]struct {
				Post *struct {
					Price     string `json:"x-price-usd"`
					Responses map[string]struct {
						Content map[string]struct {
							Schema struct {
								Ref string `json:"$ref"`
							} `json:"schema"`
							Example json.RawMessage `json:"example"`
						} `json:"content"`
					} `json:"responses"`
				} `json:"post"`
			} `json:"paths"`
		}
		if err := json.Unmarshal(d.OpenAPI, &api); err != nil {
			t.Fatal(err)
		}
		operations := 0
		for path, item := range api.Paths {
			if item.Post == nil || item.Post.Price == "" { // free addresses: /mcp
				continue
			}
			operations++
			ok := item.Post.Responses["200"].Content["application/json"]
			if ok.Example == nil || !strings.HasPrefix(ok.Schema.Ref, "#/") {
				t.Errorf("%s: 200 has example %s, schema %q", path, ok.Example, ok.Schema.Ref)
				continue
			}
			schema, err := c.Compile("openapi.json" + ok.Schema.Ref)
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			v, _ := jsonschema.UnmarshalJSON(bytes.NewReader(ok.Example))
			if err := schema.Validate(v); err != nil {
				t.Errorf("%s (sandbox %v): the sample does not validate: %v", path, sandbox, err)
			}
		}
		paid := 0
		for _, tool := range registry.All() {
			if tool.Paid() {
				paid++
			}
		}
		if operations != paid {
			t.Errorf("%d paid operations, want one for each of %d paid tools", operations, paid)
		}
	}
}
