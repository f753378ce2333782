package edge

import (
	"strings"

	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
)

// withReceipt appends buyer and svc_receipt, in that order, as the body's
// last members: response_sha256 covers the body before them. Both marshal
// from plain strings and a struct of them, so appending cannot fail.
func withReceipt(out []byte, r *ledger.Receipt) []byte {
	out, _ = registry.WithPayment(out, registry.Buyer{Payer: r.Payer, PaidUSD: r.AmountUSD, Tx: r.Tx, Network: r.Network}, r)
	return out
}

// outputFrame is the part of a 200 body that every call of the tool has,
// whatever its data; the tool's output schema describes the rest.
// meta.source names the sources as answers do, by their titles.
func outputFrame(net x402.Network, t *registry.Tool) map[string]any {
	titles := make([]string, len(t.Sources))
	for i, name := range t.Sources {
		titles[i] = name
		if src, ok := upstreams.LookupSource(name); ok {
			titles[i] = src.Title
		}
	}
	meta := map[string]any{"source": strings.Join(titles, ", ")}
	if len(t.Sources) == 0 {
		meta["source"] = "local analysis"
	}
	switch t.Shape {
	case registry.Envelope:
		return map[string]any{"success": true, "data": []any{}, "cached": false, "meta": meta}
	case registry.ReceiptBacked:
		return map[string]any{"meta": meta,
			"buyer":       map[string]any{"paid_usd": t.Price, "network": net.ID},
			"svc_receipt": map[string]any{"schema": "svc.receipt.v1", "tool": t.Name, "amount_usd": t.Price, "network": net.ID}}
	}
	return map[string]any{"meta": meta}
}
