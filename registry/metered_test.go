package registry

import "testing"

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
		{1, 0, 50_000}, // nothing asked: the price, as the parameters never allow
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
