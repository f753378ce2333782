// Package registry holds what is sold: the Tool declaration, parameter schemas
// and their validation, and the catalog that every discovery document is built
// from. Tools declare themselves in registry/<family> and register in init().
package registry

import (
	"context"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

// Shape is the form of a tool's 200 body.
type Shape int

const (
	// Envelope: {success, data, cached, meta}.
	Envelope Shape = iota
	// Object: the tool's own JSON object, carrying meta.
	Object
	// ReceiptBacked: an object carrying meta, the buyer block and svc_receipt.
	ReceiptBacked
)

func (s Shape) String() string {
	return [...]string{"envelope", "object", "receipt-backed"}[s]
}

// Categories is the closed list of categories, in the order documents show them.
var Categories = []string{
	"x402 Market Intel", "Tool Safety", "Prediction Markets", "Agent Security", "OSINT",
	"Finance", "Government", "Legal", "Academic", "Health", "Environment", "Social",
	"Utility", "Gen-Video Intel", "Web & Leads",
}

// Tool is one product, declared once in its own file.
type Tool struct {
	Name         string
	Path         string // empty for the tools sold over MCP only
	Price        string // dollars with two decimals, e.g. "0.05"
	Category     string
	Description  string
	Params       []Param
	BodyRequired bool           // a POST without a body is refused
	Example      map[string]any // a request that validates
	Expected     string         // what a buyer gets back, in one sentence (fields: Result)
	// Synonyms are what people call the tool when they ask for it, in
	// their words rather than the catalog's: "lawsuits" for court
	// opinions, "whales" for profitable wallets. The route finder reads
	// them beside the name and description.
	Synonyms []string
	Shape    Shape
	// Result is a zero value of the type the handler answers with in
	// Result.Data; the answer's published schema is derived from it, and
	// registrytest.Run refuses a handler whose Data has another type.
	Result   any
	Sources  []string      // upstream source names; empty for local analysis
	CacheTTL time.Duration // overrides the sources' TTL for this tool's requests when set
	Handler  Handler       // nil until the tool is implemented: it answers 503 and is never sold
	// Check refuses, before any payment, input the parameters admit but the
	// tool cannot serve (a mistyped ISBN, an end date before the start). It
	// may put a field in the form the handler reads (an ISBN without
	// hyphens, a parsed date), so the handler holds no second copy of the
	// rule. Nil when the parameters say it all.
	Check func(Args) []FieldError
	// Metered, when set, also sells the tool under upto: its price is the
	// most one call costs, and a call is charged the share of it that it
	// delivered. Nil: the tool is sold at its price only.
	Metered *Metered

	atomic int64 // Price in USDC atomic units (6 decimals), set by Register
}

// Handler runs one validated call.
type Handler func(ctx context.Context, c *Call) (*Result, error)

// Call is what a handler gets: validated input with defaults filled in, and
// the way to its upstreams.
type Call struct {
	Tool     *Tool
	Args     Args
	Upstream upstreams.Doer
	Now      time.Time // when the call was accepted; analyses of dates use it
	Sandbox  bool
	Seller   Seller
}

// Seller is this service as buyers see it, for tools that audit the seller
// itself (its own rank in the x402 catalog, for instance).
type Seller struct {
	BaseURL string // the configured base_url, without a trailing slash
	PayTo   string // the wallet payments go to
}

// Result is a handler's answer; the edge wraps it in the tool's shape.
type Result struct {
	Data   any    // a slice or object for envelopes; an object for the other shapes
	Count  int    // items in Data, reported as meta.count
	Source string // the real upstream(s) the data came from, or "local analysis"
	Cached bool   // true only when every upstream answer came from cache
}

// PriceAtomic is the price in USDC atomic units.
func (t *Tool) PriceAtomic() int64 { return t.atomic }

// Paid reports whether the tool has an HTTP route (the rest are MCP-only).
func (t *Tool) Paid() bool { return t.Path != "" }

// Param returns the declared parameter called name.
func (t *Tool) Param(name string) (Param, bool) {
	for _, p := range t.Params {
		if p.Name == name {
			return p, true
		}
	}
	return Param{}, false
}

// paramNames are the names of t's parameters, in declaration order.
func (t *Tool) paramNames() []string {
	names := make([]string, len(t.Params))
	for i, p := range t.Params {
		names[i] = p.Name
	}
	return names
}
