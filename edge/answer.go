package edge

import (
	"strings"

	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
)

// withReceipt appends buyer and svc_receipt, in that order, as the body's
// last members: response_sha256 covers the body before them. Both marshal
// from plain strings and a struct of them, so appending cannot fail.
func withReceipt(out []byte, r *ledger.Receipt) []byte {
	out, _ = registry.WithPayment(out, registry.Buyer{Payer: r.Payer, PaidUSD: r.AmountUSD, Tx: r.Tx, Network: r.Network}, r)
	return out
}

// answerTerms is what the discovery extension says of the tool's answer:
// the sample answer /docs and OpenAPI show, and the schema they publish,
// which a facilitator validating the extension checks the sample against.
func answerTerms(site registry.Site, t *registry.Tool) (x402.Output, error) {
	// A metered tool's rule goes with its answer into the bazaar
	// extension, which catalogs index.
	out := x402.Output{Format: t.Shape.String(), Description: strings.TrimSpace(t.Expected + " " + t.UptoNote()), Schema: registry.OutputSchema(t)}
	sample, err := registry.ToolSample(site, t)
	if sample != nil {
		out.Example = sample.Body
	}
	return out, err
}
