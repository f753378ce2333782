package registry

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// asJSON round-trips v through JSON the way jsonschema expects its documents.
func asJSON(t *testing.T, v any) any {
	t.Helper()
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

func compileInput(t *testing.T, tool *Tool) *jsonschema.Schema {
	t.Helper()
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	if err := c.AddResource("urn:coinslot:"+tool.Name, asJSON(t, InputSchema(tool))); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("urn:coinslot:" + tool.Name)
	if err != nil {
		t.Fatalf("%s: input schema does not compile under 2020-12: %v", tool.Name, err)
	}
	return s
}

// TestEveryInputSchemaCompiles covers every registered tool: its schema is
// valid 2020-12 and its own example validates against it.
func TestEveryInputSchemaCompiles(t *testing.T) {
	for _, tool := range All() {
		s := compileInput(t, tool)
		if err := s.Validate(asJSON(t, example(tool))); err != nil {
			t.Errorf("%s: example does not validate against its schema: %v", tool.Name, err)
		}
	}
}

// TestInputSchemaAgreesWithValidate: what Validate refuses, the published
// schema refuses too, and the reverse for accepted input.
func TestInputSchemaAgreesWithValidate(t *testing.T) {
	for _, c := range []struct {
		tool *Tool
		body string
	}{
		{sampleRadar, `{}`},
		{sampleRadar, `{"query_limit": 3, "keywords": ["a","b","c","d","e","f","g","h"], "platform": "both"}`},
		{sampleRadar, `{"query_limit": 2}`},
		{sampleRadar, `{"query_limit": 21}`},
		{sampleRadar, `{"query_limit": 4.5}`},
		{sampleRadar, `{"query_limit": "5"}`},
		{sampleRadar, `{"keywords": ["a","b","c","d","e","f","g","h","i"]}`},
		{sampleRadar, `{"keywords": [1]}`},
		{sampleRadar, `{"platform": "venueC"}`},
		{sampleRadar, `{"surprise": 1}`},
		{sampleBrief, `{"openapi_json": {"openapi": "3.1.0"}, "max_payment_usd": "0.05"}`},
		{sampleBrief, `{"openapi_json": "{}", "max_payment_usd": 0.05, "sensitive_context": false}`},
		{sampleBrief, `{"openapi_json": 5}`},
		{sampleBrief, `{"max_payment_usd": -1}`},
		{sampleBrief, `{"max_payment_usd": "ten"}`},
		{sampleBrief, `{"max_payment_usd": "$0.10"}`},
		{sampleBrief, `{"sensitive_context": "yes"}`},
		{sampleBrief, `{"intended_task": "ab"}`},
		{sampleBrief, `{"intended_task": "abc"}`},
		{sampleInsider, `{"ticker": "AAPL", "min_score": 1}`},
		{sampleInsider, `{"ticker": ""}`},
		{sampleInsider, `{"min_score": 0.2}`},
		{sampleInsider, `{"ticker": "AAPL", "min_score": 1.5}`},
	} {
		var in map[string]any
		dec := json.NewDecoder(bytes.NewReader([]byte(c.body)))
		dec.UseNumber()
		if err := dec.Decode(&in); err != nil {
			t.Fatal(err)
		}
		_, errs := c.tool.Validate(in)
		schemaErr := compileInput(t, c.tool).Validate(asJSON(t, in))
		if (len(errs) == 0) != (schemaErr == nil) {
			t.Errorf("%s %s: Validate problems %v, schema error %v", c.tool.Name, c.body, errs, schemaErr)
		}
	}
}

func TestInputSchemaShape(t *testing.T) {
	got, err := compact(InputSchema(sampleRadar))
	if err != nil {
		t.Fatal(err)
	}
	want := `{"additionalProperties":false,"properties":{` +
		`"query_limit":{"default":15,"description":"optional integer 3-20; default 15","maximum":20,"minimum":3,"type":"integer"},` +
		`"keywords":{"description":"optional array of string, at most 8 (search terms)","items":{"type":"string"},"maxItems":8,"type":"array"},` +
		`"platform":{"default":"both","description":"optional one of venueA, venueB, both; default both","enum":["venueA","venueB","both"],"type":"string"}},` +
		`"type":"object"}`
	if got != want {
		t.Errorf("InputSchema:\n got %s\nwant %s", got, want)
	}
}
