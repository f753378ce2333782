package registry

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
)

// Metered is how a tool whose work varies with what it delivers measures
// one call's delivery, for the upto scheme: the call is charged
// price × delivered ÷ asked, rounded down, so never above the price, and
// 0 when it delivered nothing.
type Metered struct {
	// Rule says in words what is counted, for the tool's documents:
	// "items answered (meta.count) over items asked (limit, ...)", PerItem's.
	Rule string
	// Delivered counts what the call gave against what it asked, from the
	// validated arguments and the handler's result. asked is at least 1;
	// delivered beyond asked counts as asked.
	Delivered func(a Args, r *Result) (delivered, asked int)

	per string // the parameter PerItem counts against, checked by Register
}

// PerItem meters a tool whose answer lists at most as many items as its
// integer parameter param asks for, and fewer when there are fewer to be
// found: a call is charged for the items it answered (meta.count) out of
// those asked. The parameter needs a default, so that asked is never 0.
func PerItem(param string) *Metered {
	return &Metered{
		Rule:      "items answered (meta.count) over items asked (" + param + ", its default when omitted)",
		Delivered: func(a Args, r *Result) (int, int) { return r.Count, a.Int(param) },
		per:       param,
	}
}

// Charge is what one call that answered r to a costs, in atomic units: the
// price, or for a metered tool its delivered share of it.
func (t *Tool) Charge(a Args, r *Result) int64 {
	if t.Metered == nil {
		return t.atomic
	}
	delivered, asked := t.Metered.Delivered(a, r)
	switch {
	case asked < 1 || delivered >= asked:
		return t.atomic
	case delivered <= 0:
		return 0
	}
	return t.atomic * int64(delivered) / int64(asked)
}

// checkMetered refuses a metering that could not count: one without a rule
// or a count, or per a parameter that is no integer of at least 1 always
// set (a misspelt name would count nothing asked, and charge the price).
func (t *Tool) checkMetered() error {
	m := t.Metered
	if m == nil {
		return nil
	}
	if m.Rule == "" || m.Delivered == nil {
		return errors.New("metered without a rule and a count")
	}
	if m.per == "" {
		return nil
	}
	if p, ok := t.Param(m.per); !ok || p.Type != Integer || (p.Default == nil && !p.Required) || p.Min == nil || *p.Min < 1 {
		return fmt.Errorf("metered per %s, which is no integer parameter of at least 1 that is always set", m.per)
	}
	return nil
}

// upto is a metered tool as its documents state it: the most one call
// costs, in atomic units as x402 states amounts, and what it is charged by.
type upto struct {
	MaxAtomic string `json:"max_atomic"`
	Rule      string `json:"rule"`
}

// upto is nil for a tool sold at its price only, which documents then
// leave as they were.
func (t *Tool) upto() *upto {
	if t.Metered == nil {
		return nil
	}
	return &upto{strconv.FormatInt(t.atomic, 10), t.Metered.Rule}
}

// UptoNote is the rule in a sentence, for the documents people and models
// read; "" for a tool sold at its price only.
func (t *Tool) UptoNote() string {
	if t.Metered == nil {
		return ""
	}
	return "Metered under x402 upto: the price is the most a call costs, and a call is charged its share of it, " +
		t.Metered.Rule + ", rounded down to a " + AssetName + " atomic unit; a call that delivers nothing costs 0."
}

// SchemeUpto is the scheme a metered tool is also sold under.
const SchemeUpto = "upto"

// schemesFor are the schemes t is sold under on n: upto for a metered tool
// only.
func (n PayNetwork) schemesFor(t *Tool) []string {
	if t.Metered != nil {
		return n.Schemes
	}
	return slices.DeleteFunc(slices.Clone(n.Schemes), func(s string) bool { return s == SchemeUpto })
}
