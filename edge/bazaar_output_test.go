package edge

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"

	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/registry/registrytest"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// headBudget is the most a 402's response head may take: Node's HTTP
// parser and Python's h11 read at most 16 KiB of it, and 2 KiB is kept for
// more accepts entries and what proxies add.
const headBudget = 14 << 10

// Every 402, over HTTP (v2 header and v1 body) and over MCP, and every
// quote (which repeats the 402's bazaar extension as sent), describes its
// tool's answer so that a facilitator validating the bazaar info against
// its schema accepts it, and so that every golden answer of the tool, put
// in as the example, validates too. The example is the tool's sample answer
// (the one /docs shows) unless it would take the 402 past what clients
// read; the head, and the payment a v2 client echoes it in, fit.
func TestBazaarOutputValidatesEveryGoldenAnswer(t *testing.T) {
	h := newHarness(t)
	files, err := registrytest.GoldenFiles("../registry")
	if err != nil {
		t.Fatal(err)
	}
	goldens := map[string][][]byte{}
	for f, tool := range files {
		g, err := registrytest.ReadGolden(f)
		if err != nil {
			t.Fatal(err)
		}
		body, err := registrytest.GoldenBody(tool, g)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		goldens[tool.Name] = append(goldens[tool.Name], body)
	}
	site := h.srv.site(h.srv.cfg.Load())
	c := jsonschema.NewCompiler()
	checked, withExample := 0, 0
	for _, tool := range registry.All() {
		var pr *x402.PaymentRequired
		var documents []map[string]any // the bazaar info each 402 carries
		if tool.Paid() {
			r := h.do("GET", tool.Path, "", nil)
			if r.status == 503 {
				continue // not sold now
			}
			head := 0
			for k, v := range r.header {
				head += len(k) + len(v) + 4
			}
			if head > headBudget {
				t.Errorf("%s: the 402's head is %d bytes, over %d", tool.Name, head, headBudget)
			}
			var v1 struct {
				Accepts []struct{ OutputSchema map[string]any }
			}
			if err := json.Unmarshal(r.body, &v1); err != nil || len(v1.Accepts) != 1 {
				t.Fatalf("%s: v1 body %s", tool.Name, r.body)
			}
			pr = h.terms(tool.Path)
			documents = append(documents, v1.Accepts[0].OutputSchema)
		} else {
			args, _ := json.Marshal(tool.Example)
			res := h.call(tool.Name, string(args), nil)
			if bytes.Contains(res.StructuredContent, []byte(`"tool_unavailable"`)) {
				continue
			}
			pr = h.required(res)
		}
		bazaar := bazaarOf(t, pr)
		documents = append(documents, bazaar["info"].(map[string]any))
		q := h.do("GET", registry.PathQuote+"?tool="+tool.Name, "", nil)
		var quote struct{ Bazaar map[string]any }
		if err := json.Unmarshal(q.body, &quote); err != nil || q.status != 200 {
			t.Fatalf("%s: quote %d %s", tool.Name, q.status, q.body)
		}
		if !jsonEqual(quote.Bazaar, bazaar) {
			t.Errorf("%s: the quote's bazaar block is not the 402's", tool.Name)
		}
		documents = append(documents, quote.Bazaar["info"].(map[string]any))
		schema, err := registrytest.CompileSchema(c, tool.Name+".json", bazaar["schema"])
		if err != nil {
			t.Fatalf("%s: bazaar schema: %v", tool.Name, err)
		}
		if _, p, err := x402.Pay(buyerKey, pr, time.Now()); err != nil {
			t.Fatal(err)
		} else if echo := header(t, p); len(echo) > x402.MaxHeaderBytes/2 {
			t.Errorf("%s: a payment echoing the 402 is %d bytes, over half of the %d read", tool.Name, len(echo), x402.MaxHeaderBytes)
		}
		sample, err := registry.ToolSample(site, tool)
		if err != nil {
			t.Fatal(err)
		}
		withoutExample, _ := json.Marshal(bazaar)
		var shown any
		if sample != nil {
			json.Unmarshal(sample.Body, &shown)
		}
		for _, info := range documents {
			output := info["output"].(map[string]any)
			if example, ok := output["example"]; ok {
				withExample++
				if sample == nil || !jsonEqual(example, shown) {
					t.Errorf("%s: the 402's example is not the sample answer /docs shows", tool.Name)
				}
			} else if sample != nil && len(withoutExample)+len(sample.Body) < x402.MaxDiscoveryBytes {
				t.Errorf("%s: a %d-byte sample answer is left out of a %d-byte extension", tool.Name, len(sample.Body), len(withoutExample))
			}
			validate := func() error {
				b, _ := json.Marshal(info)
				return registrytest.ValidateJSON(schema, b)
			}
			if err := validate(); err != nil {
				t.Errorf("%s: the bazaar info does not validate against its schema: %v", tool.Name, err)
			}
			for i, body := range goldens[tool.Name] {
				output["example"] = json.RawMessage(body)
				if err := validate(); err != nil {
					t.Errorf("%s: with golden answer %d as example: %v", tool.Name, i, err)
				}
			}
			output["example"] = map[string]any{} // no meta: no answer of any tool
			if validate() == nil {
				t.Errorf("%s: the bazaar schema admits an answer without meta", tool.Name)
			}
		}
		if len(goldens[tool.Name]) > 0 {
			checked++
		}
	}
	if checked < 100 || withExample < 150 {
		t.Errorf("%d tools checked against their goldens, %d 402s carry an example", checked, withExample)
	}
}
