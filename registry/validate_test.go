package registry

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

var sample = &Tool{
	Name: "sample_scan", Path: "/paid/sample/scan", Price: "0.05", Category: "OSINT",
	Description: "d", Expected: "e",
	Params: []Param{
		Str("query").Req().Len(2, 100),
		Int("limit").Range(10, 200).WithDefault(100),
		Num("min_edge").Range(0, 1).WithDefault(0.02),
		Num("min_liquidity").AtLeast(0).WithDefault(1000), // a whole number declared for a number parameter
		Bool("include_thermal").WithDefault(true),
		Str("platform").OneOf("venueA", "venueB", "both").WithDefault("both"),
		List("keywords", String).Most(8),
		Str("repo").Matching(`^[A-Za-z0-9-]+/[A-Za-z0-9._-]+$`, "owner/repo, e.g. coinbase/x402"),
		JSONText("openapi_json"),
		Amount("expected_price"),
	},
}

func decode(t *testing.T, body string) map[string]any {
	t.Helper()
	d := json.NewDecoder(strings.NewReader(body))
	d.UseNumber()
	var m map[string]any
	if err := d.Decode(&m); err != nil {
		t.Fatal(err)
	}
	return m
}

func TestValidateFillsDefaults(t *testing.T) {
	args, errs := sample.Validate(decode(t, `{"query":"fed rate","keywords":["a","b"],"expected_price":"$0.05"}`))
	if errs != nil {
		t.Fatal(errs)
	}
	want := Args{
		"query": "fed rate", "limit": int64(100), "min_edge": 0.02, "min_liquidity": 1000.0, "include_thermal": true,
		"platform": "both", "keywords": []any{"a", "b"}, "expected_price": "0.05",
	}
	if !reflect.DeepEqual(args, want) {
		t.Errorf("args = %#v\nwant %#v", args, want)
	}
	if got := args.Float("min_liquidity"); got != 1000 {
		t.Errorf("min_liquidity reads %v, want its default 1000", got)
	}
}

// One row per parameter kind and problem, each with the exact field error.
func TestValidateReportsEachProblem(t *testing.T) {
	for _, tc := range []struct{ body, name, problem string }{
		{`{"query":"ok","limit":"ten"}`, "limit", "must be an integer"},
		{`{"query":"ok","limit":10.5}`, "limit", "must be an integer"},
		{`{"query":"ok","limit":201}`, "limit", "must be between 10 and 200"},
		{`{"query":"ok","min_edge":1.5}`, "min_edge", "must be between 0 and 1"},
		{`{"query":"ok","min_edge":"high"}`, "min_edge", "must be a number"},
		{`{"query":"ok","include_thermal":"yes"}`, "include_thermal", "must be true or false"},
		{`{"query":"` + strings.Repeat("x", 101) + `"}`, "query", "must be 2-100 characters"},
		{`{"query":"x"}`, "query", "must be 2-100 characters"},
		{`{"query":"   "}`, "query", "must not be empty"},
		{`{"query":7}`, "query", "must be a string"},
		{`{"query":"ok","platform":"venueC"}`, "platform", "must be one of: venueA, venueB, both"},
		{`{"query":"ok","keywords":["1","2","3","4","5","6","7","8","9"]}`, "keywords", "must have at most 8 items"},
		{`{"query":"ok","keywords":["a",2]}`, "keywords", "item 2 must be a string"},
		{`{"query":"ok","keywords":"a"}`, "keywords", "must be an array of string"},
		{`{"query":"ok","openapi_json":[1]}`, "openapi_json", "must be a JSON object or a string"},
		{`{"query":"ok","expected_price":"-1"}`, "expected_price", "must be a non-negative decimal amount"},
		{`{"query":"ok","repo":"coinbase"}`, "repo", "must be owner/repo, e.g. coinbase/x402"},
		{`{"limit":20}`, "query", "is required"},
		{`{"query":"ok","colour":20}`, "colour", "is not a parameter of sample_scan"},
	} {
		_, errs := sample.Validate(decode(t, tc.body))
		want := []FieldError{{Name: tc.name, Problem: tc.problem}}
		if !reflect.DeepEqual(errs, want) {
			t.Errorf("%s: errs = %v, want %v", tc.body, errs, want)
		}
	}
}

func TestValidateReportsEveryFieldAtOnce(t *testing.T) {
	_, errs := sample.Validate(decode(t, `{"limit":5,"platform":"x","zeta":1,"alpha":2}`))
	want := []FieldError{
		{Name: "query", Problem: "is required"},
		{Name: "limit", Problem: "must be between 10 and 200"},
		{Name: "platform", Problem: "must be one of: venueA, venueB, both"},
		{Name: "alpha", Problem: "is not a parameter of sample_scan"},
		{Name: "zeta", Problem: "is not a parameter of sample_scan"},
	}
	if !reflect.DeepEqual(errs, want) {
		t.Errorf("errs = %v\nwant %v", errs, want)
	}
}

// A field that names no parameter but misspells one is answered with the
// parameter's name, for a client to send again.
func TestValidateSuggestsTheParameterMisspelt(t *testing.T) {
	_, errs := sample.Validate(decode(t, `{"query":"ok","lmit":20}`))
	want := []FieldError{{Name: "lmit", Problem: "is not a parameter of sample_scan; did you mean limit?", Suggestion: "limit"}}
	if !reflect.DeepEqual(errs, want) {
		t.Errorf("errs = %v\nwant %v", errs, want)
	}
}

func TestNullIsAbsent(t *testing.T) {
	args, errs := sample.Validate(decode(t, `{"query":"ok","limit":null}`))
	if errs != nil || args.Int("limit") != 100 {
		t.Errorf("args = %v, errs = %v", args, errs)
	}
}

// ValidateOwned answers as Validate does, a null sent for a parameter
// without default left out of the arguments.
func TestValidateOwnedAnswersAsValidate(t *testing.T) {
	for _, body := range []string{
		`{"query":"fed rate","keywords":["a","b"],"expected_price":"$0.05","repo":null,"limit":null}`,
		`{"query":"ok","openapi_json":{"a":1},"min_edge":0.5,"include_thermal":false}`,
		`{"limit":5,"platform":"x","zeta":1,"alpha":2,"repo":null}`,
	} {
		args, errs := sample.Validate(decode(t, body))
		owned, ownedErrs := sample.ValidateOwned(decode(t, body))
		if !reflect.DeepEqual(owned, args) || !reflect.DeepEqual(ownedErrs, errs) {
			t.Errorf("%s: ValidateOwned = %#v, %v; Validate = %#v, %v", body, owned, ownedErrs, args, errs)
		}
	}
}

func TestHints(t *testing.T) {
	for _, tc := range []struct {
		p    Param
		want string
	}{
		{Int("query_limit").Range(3, 20).WithDefault(15), "optional integer 3-20; default 15"},
		{Str("slug").Req().Describe("event slug"), "required string (event slug)"},
		{Num("min_confidence").Range(0, 1).WithDefault(0.6), "optional number 0-1; default 0.6"},
		{Str("region").OneOf("global", "ukraine").WithDefault("global"), "optional one of global, ukraine; default global"},
		{List("keywords", String).Most(8), "optional array of string, at most 8"},
		{Str("query").Req().Len(2, 100), "required string, 2-100 characters"},
		{Int("min_context").AtLeast(0), "optional integer >= 0"},
		{Bool("include_thermal").WithDefault(true), "optional boolean; default true"},
	} {
		if got := tc.p.Hint(); got != tc.want {
			t.Errorf("%s hint = %q, want %q", tc.p.Name, got, tc.want)
		}
	}
}

func TestPrices(t *testing.T) {
	for in, want := range map[string]int64{"0.01": 10_000, "0.05": 50_000, "0.15": 150_000, "1.00": 1_000_000} {
		if got, err := ParseUSD(in); err != nil || got != want {
			t.Errorf("ParseUSD(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, bad := range []string{"0.5", ".05", "0.050", "5", "-0.05", "0,05", "1e-2", ""} {
		if _, err := ParseUSD(bad); err == nil {
			t.Errorf("ParseUSD(%q) accepted", bad)
		}
	}
	for in, want := range map[int64]string{50_000: "0.05", 1_234_567: "1.234567", 1_000_000: "1.00", 10: "0.00001"} {
		if got := FormatUSD(in); got != want {
			t.Errorf("FormatUSD(%d) = %q, want %q", in, got, want)
		}
	}
}

func TestRegisterRefusesBadDeclarations(t *testing.T) {
	for _, tc := range []struct {
		tool Tool
		want string
	}{
		{Tool{Name: "BadName", Price: "0.05"}, "tool BadName: name is not snake_case"},
		{Tool{Name: "too_dear", Price: "0.20", Category: "OSINT"}, "tool too_dear: price 0.20 is outside 0.01-0.15"},
		{Tool{Name: "no_cat", Price: "0.05", Category: "Misc"}, `tool no_cat: category "Misc" is not in the closed list`},
		{Tool{Name: "bad_path", Price: "0.05", Path: "/free/x", Category: "OSINT"}, "tool bad_path: path /free/x is not under /paid/"},
		{Tool{Name: "bad_example", Price: "0.05", Category: "OSINT", Description: "d", Expected: "e",
			Params: []Param{Int("limit").Range(1, 5)}, Example: map[string]any{"limit": 9}},
			"tool bad_example: example does not validate: [limit must be between 1 and 5]"},
	} {
		func() {
			defer func() {
				if got := recover(); got != tc.want {
					t.Errorf("panic = %v, want %q", got, tc.want)
				}
			}()
			Register(&tc.tool)
		}()
	}
}

// A tool's Check runs only on input the parameters admit, and what it
// stores is what the handler reads.
func TestValidateRunsTheToolsCheckLast(t *testing.T) {
	calls := 0
	tool := &Tool{Name: "t", Params: []Param{Int("n").Req()},
		Check: func(a Args) []FieldError {
			calls++
			if a.Int("n")%2 != 0 {
				return Bad("n", "must be even")
			}
			a["n"] = int64(a.Int("n") / 2)
			return nil
		}}
	if _, errs := tool.Validate(map[string]any{"n": "x"}); len(errs) != 1 || errs[0].Problem != "must be an integer" || calls != 0 {
		t.Errorf("schema error: %v, check ran %d times", errs, calls)
	}
	if _, errs := tool.Validate(map[string]any{"n": 3.0}); len(errs) != 1 || errs[0] != (FieldError{Name: "n", Problem: "must be even"}) {
		t.Errorf("odd: %v", errs)
	}
	if args, errs := tool.Validate(map[string]any{"n": 4.0}); errs != nil || args.Int("n") != 2 {
		t.Errorf("even: %v %v", args, errs)
	}
}
