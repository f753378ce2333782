package x402

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
)

// The bazaar extension carries the answer's schema under
// schema.properties.output.properties.example, and its example answer in
// info.output (and so in the v1 outputSchema) while the extension stays
// within MaxDiscoveryBytes; a larger example is left out, the schema kept.
func TestBazaarOutputCarriesSchemaAndExampleWithinBound(t *testing.T) {
	answer := map[string]any{"type": "object", "required": []string{"meta"}}
	for _, c := range []struct {
		example string
		kept    bool
	}{
		{`{"meta":{"source":"local analysis"}}`, true},
		{`{"meta":{"source":"` + strings.Repeat("x", MaxDiscoveryBytes) + `"}}`, false},
	} {
		terms, err := NewTerms([]Network{Base}, Offer{Name: "test_out", Amount: 1000, PayTo: common.HexToAddress("0x70997970C51812dc3A010C7d01b50e0d17dc79C8"),
			Resource: "http://coinslot.test/paid/test/out", InputSchema: map[string]any{"type": "object"},
			Output: Output{Format: "object", Example: json.RawMessage(c.example), Schema: answer}}, 60, time.Hour)
		if err != nil {
			t.Fatal(err)
		}
		var ext struct {
			Bazaar struct {
				Info struct {
					Output map[string]json.RawMessage
				}
				Schema struct {
					Properties struct {
						Output struct {
							Properties struct{ Example json.RawMessage }
						}
					}
				}
			}
		}
		if err := json.Unmarshal(terms.Required.Extensions, &ext); err != nil {
			t.Fatal(err)
		}
		if got := string(ext.Bazaar.Schema.Properties.Output.Properties.Example); got != `{"required":["meta"],"type":"object"}` {
			t.Errorf("output schema %s", got)
		}
		example, kept := ext.Bazaar.Info.Output["example"]
		if kept != c.kept || (kept && string(example) != c.example) {
			t.Errorf("example of %d bytes: kept %v (%.40s), want %v", len(c.example), kept, example, c.kept)
		}
		var v1 struct{ Output map[string]json.RawMessage }
		if err := json.Unmarshal(terms.RequirementsV1.OutputSchema, &v1); err != nil {
			t.Fatal(err)
		}
		if _, inV1 := v1.Output["example"]; inV1 != c.kept {
			t.Errorf("v1 outputSchema example kept %v, want %v", inV1, c.kept)
		}
	}
}
