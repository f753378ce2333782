package edge

import (
	"bytes"
	"encoding/json"
	"net/url"
	"strconv"
	"testing"

	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
)

// terms is what every document must say of one paid tool.
type terms struct {
	amount, payTo, asset, network, resource string
}

func atomicOf(t *testing.T, usd string) string {
	t.Helper()
	n, err := registry.ParseUSD(usd)
	if err != nil {
		t.Fatalf("price %q: %v", usd, err)
	}
	return strconv.FormatInt(n, 10)
}

// Every document that states a paid tool's terms agrees with the 402 a
// buyer gets from its route, or from tools/call for a tool sold over MCP
// only: price, payTo, asset, network, resource and the input schema. The
// resource of an MCP-only tool is the MCP endpoint, and its bazaar
// extension is an MCP tool that names it.
func TestDiscoveryAgreesWithPayment(t *testing.T) {
	h := newHarness(t)
	get := func(path string, v any) {
		t.Helper()
		r := h.do("GET", path, "", nil)
		if r.status != 200 || json.Unmarshal(r.body, v) != nil {
			t.Fatalf("%s: %d %s", path, r.status, r.body)
		}
	}
	var info struct {
		Payments struct {
			Network       string `json:"network"`
			AssetContract string `json:"asset_contract"`
			Seller        string `json:"seller"`
		} `json:"payments"`
		Endpoints map[string]string `json:"endpoints"`
		Tools     []struct {
			Name     string `json:"name"`
			PriceUSD string `json:"price_usd"`
			HTTPPath string `json:"http_path"`
		} `json:"tools"`
	}
	get(registry.PathInfo, &info)
	var wellKnown struct {
		IconURL string `json:"iconUrl"`
		Items   []struct {
			Resource, Tool, Type string
			Accepts              []x402.Requirements
		}
	}
	get(registry.PathX402, &wellKnown)
	if icon := h.do("GET", registry.PathIcon, "", nil); wellKnown.IconURL != testBase+registry.PathIcon ||
		icon.status != 200 || icon.header["CONTENT-TYPE"] != "image/svg+xml" || !bytes.Equal(icon.body, registry.Icon) {
		t.Errorf("iconUrl %q; %s: %d %s", wellKnown.IconURL, registry.PathIcon, icon.status, icon.header["CONTENT-TYPE"])
	}
	var openapi struct {
		Paths      map[string]map[string]map[string]any
		Components struct{ Schemas map[string]any }
	}
	get(registry.PathOpenAPI, &openapi)
	var list struct {
		Result struct {
			Tools []struct {
				Name        string
				InputSchema any            `json:"inputSchema"`
				Meta        map[string]any `json:"_meta"`
			}
		}
	}
	if r := h.post(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, nil); json.Unmarshal(r.body, &list) != nil {
		t.Fatalf("tools/list: %s", r.body)
	}

	checked, mcpOnly := 0, 0
	for _, tool := range registry.All() {
		var pr *x402.PaymentRequired
		resource, kind := testBase+tool.Path, "http"
		if tool.Paid() {
			if r := h.do("GET", tool.Path, "", nil); r.status == 503 {
				continue // not sold now: no terms to agree with
			}
			pr = h.terms(tool.Path)
		} else {
			args, _ := json.Marshal(tool.Example)
			r := h.call(tool.Name, string(args), nil)
			if bytes.Contains(r.StructuredContent, []byte(`"tool_unavailable"`)) {
				continue // not sold now
			}
			pr = h.required(r)
			resource, kind = testBase+registry.PathMCP, "mcp"
			mcpOnly++
		}
		checked++
		a := pr.Accepts[0]
		want := terms{a.Amount, a.PayTo, a.Asset, a.Network, pr.Resource.URL}
		if want.amount != strconv.FormatInt(tool.PriceAtomic(), 10) || want.resource != resource {
			t.Errorf("%s: 402 terms %+v", tool.Name, want)
		}
		if pr.Resource.IconURL != wellKnown.IconURL {
			t.Errorf("%s: 402 iconUrl %q, /.well-known/x402 %q", tool.Name, pr.Resource.IconURL, wellKnown.IconURL)
		}
		bazaar := bazaarOf(t, pr)
		var input any
		if tool.Paid() {
			input = bazaar["schema"].(map[string]any)["properties"].(map[string]any)["input"].(map[string]any)["properties"].(map[string]any)["body"]
		} else {
			in := bazaar["info"].(map[string]any)["input"].(map[string]any)
			if in["type"] != "mcp" || in["toolName"] != tool.Name || in["transport"] != "streamable-http" {
				t.Errorf("%s: bazaar input is not an MCP tool naming it: type %v, toolName %v, transport %v", tool.Name, in["type"], in["toolName"], in["transport"])
			}
			input = in["inputSchema"]
		}
		same := func(where string, got terms) {
			t.Helper()
			if got != want {
				t.Errorf("%s: %s says %+v, the 402 %+v", tool.Name, where, got, want)
			}
		}
		sameSchema := func(where string, got any) {
			t.Helper()
			if !jsonEqual(got, input) {
				t.Errorf("%s: %s input schema differs from the 402's", tool.Name, where)
			}
		}

		for _, e := range info.Tools {
			if e.Name == tool.Name {
				at := testBase + e.HTTPPath
				if e.HTTPPath == "" {
					at = info.Endpoints["mcp"]
				}
				same("/api/info", terms{atomicOf(t, e.PriceUSD), info.Payments.Seller, info.Payments.AssetContract, info.Payments.Network, at})
			}
		}

		var q struct {
			PriceAtomic string `json:"price_atomic"`
			Endpoint    string `json:"endpoint"`
			Contract    struct {
				Endpoint, PriceUSD, Network, AssetContract, PayTo string
			} `json:"buyer_contract"`
		}
		get(registry.PathQuote+"?tool="+tool.Name, &q)
		same("the quote", terms{q.PriceAtomic, q.Contract.PayTo, q.Contract.AssetContract, q.Contract.Network, q.Endpoint})
		same("the buyer contract", terms{atomicOf(t, q.Contract.PriceUSD), q.Contract.PayTo, q.Contract.AssetContract, q.Contract.Network, q.Contract.Endpoint})

		var found struct {
			Matches []struct {
				Name     string `json:"name"`
				PriceUSD string `json:"price_usd"`
				Endpoint string `json:"endpoint"`
			} `json:"matches"`
			Boundary struct {
				Network       string `json:"network"`
				AssetContract string `json:"asset_contract"`
				PayTo         string `json:"pay_to"`
			} `json:"payment_boundary"`
		}
		get(registry.PathRouteFinder+"?q="+url.QueryEscape(tool.Name), &found)
		if len(found.Matches) == 0 || found.Matches[0].Name != tool.Name {
			t.Errorf("%s: the route finder does not rank it first for its own name", tool.Name)
		} else {
			m := found.Matches[0]
			same("the route finder", terms{atomicOf(t, m.PriceUSD), found.Boundary.PayTo, found.Boundary.AssetContract, found.Boundary.Network, m.Endpoint})
		}

		for _, it := range wellKnown.Items {
			if it.Tool == tool.Name {
				w := it.Accepts[0]
				same(registry.PathX402, terms{w.Amount, w.PayTo, w.Asset, w.Network, it.Resource})
				if it.Type != kind {
					t.Errorf("%s: %s type %q, want %q", tool.Name, registry.PathX402, it.Type, kind)
				}
			}
		}

		for _, l := range list.Result.Tools {
			if l.Name == tool.Name {
				sameSchema("MCP tools/list", l.InputSchema)
				if atomicOf(t, l.Meta["x402/price_usd"].(string)) != want.amount {
					t.Errorf("%s: MCP price %v", tool.Name, l.Meta["x402/price_usd"])
				}
			}
		}

		if !tool.Paid() {
			for path, item := range openapi.Paths {
				if item["post"]["operationId"] == tool.Name {
					t.Errorf("%s: sold over MCP only, yet OpenAPI lists it at %s", tool.Name, path)
				}
			}
			continue
		}
		post := openapi.Paths[tool.Path]["post"]
		pi, _ := post["x-payment-info"].(map[string]any)
		str := func(k string) string { s, _ := pi[k].(string); return s }
		same("OpenAPI x-payment-info", terms{str("amount"), str("payTo"), str("asset"), str("network"), str("resource")})
		if atomicOf(t, post["x-price-usd"].(string)) != want.amount {
			t.Errorf("%s: OpenAPI x-price-usd %v", tool.Name, post["x-price-usd"])
		}
		sameSchema("OpenAPI", openapi.Components.Schemas[tool.Name+"_input"])
	}
	if checked == mcpOnly || mcpOnly == 0 {
		t.Fatalf("%d tools checked, %d of them sold over MCP only: want both kinds", checked, mcpOnly)
	}
}
