package edge

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/coinslot/coinslot/edge/ledger"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
	"github.com/coinslot/coinslot/upstreams"
)

// meta describes where a response's data came from.
type meta struct {
	Count       int    `json:"count"`
	Source      string `json:"source"`
	GeneratedAt string `json:"generated_at"`
	Sandbox     bool   `json:"sandbox,omitempty"` // the in-process chain and recorded upstreams
}

type envelope struct {
	Success bool `json:"success"`
	Data    any  `json:"data"`
	Cached  bool `json:"cached"`
	Meta    meta `json:"meta"`
}

// shape renders a result in the tool's 200 form. For receipt-backed tools
// this is the body before its buyer and svc_receipt members are appended.
func shape(t *registry.Tool, r *registry.Result, now time.Time, sandbox bool) ([]byte, error) {
	m := meta{Count: r.Count, Source: r.Source, GeneratedAt: now.UTC().Format(time.RFC3339), Sandbox: sandbox}
	if t.Shape == registry.Envelope {
		return json.Marshal(envelope{true, r.Data, r.Cached, m})
	}
	obj, err := json.Marshal(r.Data)
	if err != nil {
		return nil, err
	}
	if len(obj) < 2 || obj[0] != '{' {
		return nil, fmt.Errorf("%s answered %.20s, not a JSON object", t.Name, obj)
	}
	return appendMember(obj, "meta", m)
}

// appendMember adds "name":value as the last member of a JSON object.
func appendMember(obj []byte, name string, value any) ([]byte, error) {
	v, err := json.Marshal(value)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.Write(obj[:len(obj)-1])
	if !bytes.Equal(bytes.TrimSpace(obj[1:len(obj)-1]), nil) {
		b.WriteByte(',')
	}
	fmt.Fprintf(&b, "%q:", name)
	b.Write(v)
	b.WriteByte('}')
	return b.Bytes(), nil
}

// buyerBlock is what a receipt-backed answer says about its buyer.
type buyerBlock struct {
	Payer   string `json:"payer"`
	PaidUSD string `json:"paid_usd"`
	Tx      string `json:"tx"`
	Network string `json:"network"`
}

// withReceipt appends buyer and svc_receipt, in that order, as the body's
// last members: response_sha256 covers the body before them.
func withReceipt(out []byte, r *ledger.Receipt) []byte {
	out, _ = appendMember(out, "buyer", buyerBlock{r.Payer, r.AmountUSD, r.Tx, r.Network})
	out, _ = appendMember(out, "svc_receipt", r)
	return out
}

// outputFrame is the part of a 200 body that every call of the tool has,
// whatever its data; the tool's Expected text describes the rest.
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
