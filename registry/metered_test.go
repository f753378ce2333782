package registry

import (
	"bytes"
	"encoding/json"
	"html"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// Charge is price × delivered ÷ asked, rounded down: 0 for nothing, the
// price for everything or more, and never a fraction of an atomic unit.
func TestChargeIsTheDeliveredShareRoundedDown(t *testing.T) {
	for _, c := range []struct {
		delivered, asked int
		want             int64
	}{
		{0, 10, 0},
		{-1, 10, 0},
		{10, 10, 50_000},
		{12, 10, 50_000},
		{5, 10, 25_000},
		{1, 3, 16_666}, // 16,666.67
		{2, 3, 33_333}, // 33,333.33
		{1, 0, 50_000}, // nothing asked, which Register rules out for PerItem: the price
	} {
		tool := &Tool{atomic: 50_000, Metered: &Metered{Rule: "r", Delivered: func(Args, *Result) (int, int) { return c.delivered, c.asked }}}
		if got := tool.Charge(nil, &Result{}); got != c.want {
			t.Errorf("%d of %d: charged %d, want %d", c.delivered, c.asked, got, c.want)
		}
	}
	if got := (&Tool{atomic: 50_000}).Charge(nil, &Result{}); got != 50_000 {
		t.Errorf("a tool sold at its price only: charged %d, want 50000", got)
	}
}

// PerItem counts the answer's items against the validated parameter, its
// default filled in.
func TestPerItemCountsTheAnswerAgainstTheLimit(t *testing.T) {
	tool := &Tool{Name: "t", atomic: 20_000, Params: []Param{Int("limit").Range(5, 50).WithDefault(30)}, Metered: PerItem("limit")}
	args, errs := tool.Validate(map[string]any{})
	if errs != nil {
		t.Fatal(errs)
	}
	if got := tool.Charge(args, &Result{Count: 8}); got != 5_333 { // 20,000 × 8 ÷ 30
		t.Errorf("8 of the default 30: charged %d, want 5333", got)
	}
	if got := tool.Charge(Args{"limit": int64(5)}, &Result{Count: 5}); got != 20_000 {
		t.Errorf("5 of 5: charged %d, want 20000", got)
	}
}

func TestRegisterRefusesAMeteringThatCannotCount(t *testing.T) {
	base := Tool{Price: "0.05", Category: "OSINT", Description: "d", Expected: "e",
		Params: []Param{Int("limit").Range(1, 5).WithDefault(3), Int("offset").Range(0, 5).WithDefault(0), Int("pages").Range(1, 5), Str("q")}}
	for _, c := range []struct {
		name    string
		metered *Metered
		want    string
	}{
		{"no_count", &Metered{Rule: "r"}, "tool no_count: metered without a rule and a count"},
		{"misspelt", PerItem("limt"), "tool misspelt: metered per limt, which is no integer parameter of at least 1 that is always set"},
		{"text", PerItem("q"), "tool text: metered per q, which is no integer parameter of at least 1 that is always set"},
		{"from_zero", PerItem("offset"), "tool from_zero: metered per offset, which is no integer parameter of at least 1 that is always set"},
		{"unset", PerItem("pages"), "tool unset: metered per pages, which is no integer parameter of at least 1 that is always set"},
	} {
		tool := base
		tool.Name, tool.Metered = c.name, c.metered
		func() {
			defer func() {
				if got := recover(); got != c.want {
					t.Errorf("panic = %v, want %q", got, c.want)
				}
			}()
			Register(&tool)
		}()
	}
}

// Every document a buyer reads states a metered tool's rule, where it
// states the tool's price, and says nothing of it for the other tools.
func TestDocumentsStateTheMeteredRule(t *testing.T) {
	d := buildSamples(t, testSite)
	want := map[string]any{"max_atomic": "50000", "rule": "items answered (meta.count) over items asked (query_limit, its default when omitted)"}
	quote, _ := d.Quote("test_market_radar")
	plain, _ := d.Quote("test_insider_brief")
	for _, c := range []struct {
		doc  []byte
		path string // to the metered tool's statement, through objects and array indices
		none string // to where another tool would state it
	}{
		{quote, "tool.upto", ""},
		{plain, "", "tool.upto"},
		{d.Info, "tools.0.upto", "tools.1.upto"},
		{d.Discovery, "matches.0.upto", "matches.1.upto"},
		{d.X402, "items.0.upto", "items.1.upto"},
		{d.MCPManifest, "tools.0._meta.x402/upto", "tools.1._meta.x402/upto"},
		{d.OpenAPI, "paths./paid/test/market-radar.post.x-upto", "paths./paid/test/insider-brief.post.x-upto"},
	} {
		var doc any
		if err := json.Unmarshal(c.doc, &doc); err != nil {
			t.Fatal(err)
		}
		if c.path != "" && !reflect.DeepEqual(at(doc, c.path), want) {
			t.Errorf("%s = %v, want %v", c.path, at(doc, c.path), want)
		}
		if c.none != "" && at(doc, c.none) != nil {
			t.Errorf("%s = %v, want none", c.none, at(doc, c.none))
		}
	}
	note := sampleRadar.UptoNote()
	for name, doc := range map[string][]byte{
		"openapi": d.OpenAPI, "agent card": d.AgentCard, "llms.txt": d.LLMs, "llms-full.txt": d.LLMsFull,
		"docs": []byte(html.UnescapeString(string(d.Docs))),
	} {
		if n := bytes.Count(doc, []byte(note)); n != 1 {
			t.Errorf("%s states the rule %d times, want once: %q", name, n, note)
		}
	}
}

// at is the value at a dotted path in a decoded JSON document, nil when
// there is none.
func at(doc any, path string) any {
	for _, key := range strings.Split(path, ".") {
		switch v := doc.(type) {
		case map[string]any:
			doc = v[key]
		case []any:
			i, err := strconv.Atoi(key)
			if err != nil || i >= len(v) {
				return nil
			}
			doc = v[i]
		default:
			return nil
		}
	}
	return doc
}
