package registry

import (
	"bytes"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"strings"
	"time"

	"github.com/coinslot/coinslot/upstreams"
)

// samples/<tool>.json is a copy of one golden answer of each tool, the
// Result its handler gave on the recorded upstream answers; the catalog test
// in registry/all keeps each equal to its golden file.
//
//go:embed samples
var embeddedSamples embed.FS

// sampleFiles is where samples are read from; the registry's own tests point
// it at samples for their made-up tools.
var sampleFiles, _ = fs.Sub(embeddedSamples, "samples")

// sampleItems is how many items of a list a sample keeps, so a tool with a
// long answer does not make the documents long.
const sampleItems = 3

// Sample is one recorded answer of a tool as a buyer receives it.
type Sample struct {
	Body json.RawMessage // the 200 body, compact
	Cut  string          // which lists were cut, "" when none was
}

// Label is what the documents call the sample.
func (s *Sample) Label() string {
	if s.Cut == "" {
		return "Sample answer"
	}
	return "Sample answer, " + s.Cut
}

// goldenResult is a Result as the golden files hold it, its data kept as
// written so the sample lists members in the order the handler's type does.
type goldenResult struct {
	Data   json.RawMessage
	Count  int
	Source string
	Cached bool
}

// samplePayment is the example payment receipt-backed samples carry: the
// payer is the well-known first development account, and the transaction
// and receipt id are those of the receipt schema's example.
const (
	samplePayer     = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
	sampleTx        = "0x1f6a0c0b8f4d2e3a9c7b5d1e0f2a4c6e8b0d2f4a6c8e0b2d4f6a8c0e2b4d6f8a"
	sampleReceiptID = "rcpt_5b0f3c1e9a7d2c4b8e6f1a3d5c7b9e0f"
)

// ToolSample is the tool's recorded answer rendered as the edge renders a
// live one, at the moment the recordings describe, with long lists cut to
// their first items. Receipt-backed samples carry an example payment on
// site, its hashes computed over the example request and the body shown.
// It is nil for a tool with no recorded answer.
func ToolSample(s Site, t *Tool) (*Sample, error) {
	b, err := fs.ReadFile(sampleFiles, t.Name+".json")
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var g goldenResult
	if err := json.Unmarshal(b, &g); err != nil {
		return nil, fmt.Errorf("sample of %s: %w", t.Name, err)
	}
	data, cut, err := clipLists(g.Data)
	if err != nil {
		return nil, fmt.Errorf("sample of %s: %w", t.Name, err)
	}
	body, err := Render(t, &Result{Data: data, Count: g.Count, Source: g.Source, Cached: g.Cached}, upstreams.RecordedAt, s.Sandbox)
	if err != nil {
		return nil, err
	}
	if t.Shape == ReceiptBacked {
		if body, err = WithPayment(body, Buyer{samplePayer, FormatUSD(t.PriceAtomic()), sampleTx, s.Network},
			sampleReceipt(s, t, body)); err != nil {
			return nil, err
		}
	}
	return &Sample{Body: body, Cut: cut.String()}, nil
}

// sampleReceipt is the svc_receipt of the example payment for body.
func sampleReceipt(s Site, t *Tool, body []byte) object {
	request, _ := compact(example(t)) // a map of JSON values always encodes
	values := map[string]any{
		"schema": ReceiptVersion, "receipt_id": sampleReceiptID, "tx": sampleTx, "network": s.Network,
		"asset": s.AssetContract, "payer": samplePayer, "pay_to": s.PayTo,
		"amount_atomic": strconv.FormatInt(t.PriceAtomic(), 10), "amount_usd": FormatUSD(t.PriceAtomic()),
		"tool": t.Name, "endpoint": s.Endpoint(t), "request_sha256": sha256Hex([]byte(request)),
		"response_sha256": sha256Hex(body), "settled_at": upstreams.RecordedAt.Format(time.RFC3339),
		"receipt_url": s.URL(PathReceipt + sampleTx),
	}
	out := make(object, 0, len(receiptFields))
	for _, f := range receiptFields {
		if !f.Batch { // the example is an exact payment
			out = append(out, field{f.Name, values[f.Name]})
		}
	}
	return out
}

func sha256Hex(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// listCut is what clipLists did: the length of the answer's own list when
// it was cut (0 when not), and whether lists inside it were cut.
type listCut struct {
	top    int
	nested bool
}

func (c listCut) String() string {
	var parts []string
	if c.top > 0 {
		parts = append(parts, fmt.Sprintf("first %d of %d items", sampleItems, c.top))
	}
	if c.nested {
		parts = append(parts, fmt.Sprintf("lists inside cut to their first %d items", sampleItems))
	}
	return strings.Join(parts, ", ")
}

// clipLists is data with every list longer than sampleItems cut to its
// first items, members kept in their order.
func clipLists(data json.RawMessage) (json.RawMessage, listCut, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var c listCut
	v, err := readClipped(dec, 0, &c)
	if err != nil {
		return nil, c, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, c, errors.New("data has more than one JSON value")
	}
	out, err := json.Marshal(v)
	return out, c, err
}

// readClipped reads one JSON value at depth, cutting its lists.
func readClipped(dec *json.Decoder, depth int, c *listCut) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch tok {
	case json.Delim('{'):
		o := object{}
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				return nil, err
			}
			v, err := readClipped(dec, depth+1, c)
			if err != nil {
				return nil, err
			}
			o = append(o, field{k.(string), v})
		}
		_, err := dec.Token()
		return o, err
	case json.Delim('['):
		items := []any{}
		n := 0
		for ; dec.More(); n++ {
			v, err := readClipped(dec, depth+1, c)
			if err != nil {
				return nil, err
			}
			if n < sampleItems {
				items = append(items, v)
			}
		}
		if n > sampleItems {
			if depth == 0 {
				c.top = n
			} else {
				c.nested = true
			}
		}
		_, err := dec.Token()
		return items, err
	}
	return tok, nil
}
