package safety

import (
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"

	"github.com/coinslot/coinslot/registry"
)

// sellerInput is what the seller pasted, read into the parts the audit checks.
type sellerInput struct {
	resource      string
	expectedPrice string
	seller        string

	kinds   map[string]string
	openapi map[string]any
	ops     []toolSpec
	opDocs  []map[string]any // the OpenAPI operation objects, parallel to ops
	agent   map[string]any
	skills  []map[string]any
	terms   []map[string]any // payment requirements from route_metadata
	docs    map[string]any   // every pasted document, by field, for secret scans
	text    strings.Builder  // every string pasted, for mentions
}

// sellerFields are the pasted documents the audit reads, in its order.
var sellerFields = []string{"openapi_json", "agent_json", "route_metadata"}

// checkSellerInput wants at least one pasted document, each of the kind its
// field names, and an expected price in whole atomic units.
func checkSellerInput(a registry.Args) []registry.FieldError {
	if !slices.ContainsFunc(sellerFields, a.Has) {
		return registry.Bad("openapi_json", "paste openapi_json, agent_json or route_metadata: resource_url and openapi_url are never fetched")
	}
	if errs := checkPasted(a, sellerFields...); errs != nil {
		return errs
	}
	if m, _ := a.Raw("openapi_json").(map[string]any); a.Has("openapi_json") && (m == nil || m["openapi"] == nil && m["swagger"] == nil) {
		return registry.Bad("openapi_json", "is not an OpenAPI document: it has no openapi or swagger field")
	}
	if _, ok := a.Raw("agent_json").(map[string]any); a.Has("agent_json") && !ok {
		return registry.Bad("agent_json", "must hold an object")
	}
	if _, terms, _ := routeTerms(a.Raw("route_metadata")); a.Has("route_metadata") && len(terms) == 0 {
		return registry.Bad("route_metadata", "holds no payment requirements (accepts[] with scheme, network, amount, asset, payTo)")
	}
	if price := a.String("expected_price"); price != "" {
		if _, exact := usdAtomic(price); !exact {
			return registry.Bad("expected_price", "must be a USD amount with at most 6 decimals")
		}
	}
	return nil
}

// add reads one pasted document, of the kind checkSellerInput made sure of.
func (in *sellerInput) add(field string, doc any) {
	if in.kinds == nil {
		in.kinds, in.docs = map[string]string{}, map[string]any{}
	}
	in.docs[field] = doc
	texts(doc, &in.text)
	m, _ := doc.(map[string]any)
	switch field {
	case "openapi_json":
		kind, ops, _ := extractTools(m)
		in.kinds[field], in.openapi, in.ops = kind, m, ops
		for _, op := range ops {
			in.opDocs = append(in.opDocs, asMap(asMap(asMap(m["paths"])[op.Path])[strings.ToLower(op.Method)]))
		}
	case "agent_json":
		in.agent, in.kinds[field] = m, "agent manifest"
		if m["skills"] != nil {
			in.kinds[field] = "A2A agent card"
		}
		for _, s := range asSlice(firstNonNil(m["skills"], m["tools"])) {
			if sm := asMap(s); sm != nil {
				in.skills = append(in.skills, sm)
			}
		}
	case "route_metadata":
		var resource string
		in.kinds[field], in.terms, resource = routeTerms(doc)
		if in.resource == "" {
			in.resource = resource
		}
	}
}

// routeTerms reads payment requirements: a 402 answer's accepts[], a
// discovery document's items[].accepts[], one requirement, or a list of them;
// with what kind of document held them and the resource it names.
func routeTerms(doc any) (kind string, terms []map[string]any, resource string) {
	m, _ := doc.(map[string]any)
	add := func(v any) {
		for _, t := range asSlice(v) {
			if tm := asMap(t); tm != nil && tm["scheme"] != nil {
				terms = append(terms, tm)
			}
		}
	}
	kind = "payment requirements"
	switch {
	case m != nil && m["accepts"] != nil:
		add(m["accepts"])
	case m != nil && m["items"] != nil:
		kind = "x402 discovery document"
		for _, it := range asSlice(m["items"]) {
			add(asMap(it)["accepts"])
		}
	case m != nil && m["scheme"] != nil:
		terms = append(terms, m)
	default:
		add(doc)
	}
	if m != nil {
		resource = firstString(asMap(m["resource"])["url"], m["resource"])
	}
	return kind, terms, resource
}

func asSlice(v any) []any { s, _ := v.([]any); return s }

func firstString(vs ...any) string {
	for _, v := range vs {
		if s, ok := v.(string); ok && s != "" {
			return s
		}
	}
	return ""
}

// resourcePath is the path of the resource_url, or "" when there is none.
func (in *sellerInput) resourcePath() string {
	u, err := url.Parse(in.resource)
	if err != nil {
		return ""
	}
	return u.Path
}

// opPrice is an operation's declared price in USD: x-price-usd, or the
// x402 price extensions other sellers use.
func opPrice(op map[string]any) string {
	for _, k := range []string{"x-price-usd", "x-x402-price", "x-price"} {
		switch v := op[k].(type) {
		case string:
			return strings.TrimPrefix(v, "$")
		case float64:
			return fmt.Sprint(v)
		}
	}
	return ""
}

// termPrice converts a requirement's atomic amount (v2 amount, v1
// maxAmountRequired) of USDC into dollars.
func termPrice(t map[string]any) (string, bool) {
	raw := firstNonNil(t["amount"], t["maxAmountRequired"])
	var n int64
	switch v := raw.(type) {
	case string:
		if _, err := fmt.Sscan(v, &n); err != nil {
			return "", false
		}
	default:
		f, ok := number(v)
		if !ok {
			return "", false
		}
		n = int64(f)
	}
	return registry.FormatUSD(n), true
}

// number reads a pasted number, whether it came from JSON (float64) or from
// a Go value (an Example's int).
func number(v any) (float64, bool) {
	switch v := v.(type) {
	case json.Number: // as the edge decodes a request's numbers
		f, err := v.Float64()
		return f, err == nil
	case float64:
		return v, true
	case int:
		return float64(v), true
	case int64:
		return float64(v), true
	}
	return 0, false
}

var payToMention = regexp.MustCompile(`(?i)pay[_-]?to["':=\s]{0,4}(0x[0-9a-f]{40})`)

// payTos are the recipient addresses the pasted metadata states.
func (in *sellerInput) payTos() []string {
	seen := map[string]bool{}
	var out []string
	add := func(a string) {
		if a != "" && !seen[strings.ToLower(a)] {
			seen[strings.ToLower(a)] = true
			out = append(out, a)
		}
	}
	for _, t := range in.terms {
		add(str(t["payTo"]))
	}
	for _, m := range payToMention.FindAllStringSubmatch(in.text.String(), -1) {
		add(m[1])
	}
	return out
}
