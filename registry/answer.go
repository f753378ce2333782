package registry

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"time"
)

// AnswerMeta describes where an answer's data came from.
type AnswerMeta struct {
	Count       int    `json:"count"`
	Source      string `json:"source"`
	GeneratedAt string `json:"generated_at"`
	Sandbox     bool   `json:"sandbox,omitempty"` // the in-process chain and recorded upstreams
}

type envelope struct {
	Success bool       `json:"success"`
	Data    any        `json:"data"`
	Cached  bool       `json:"cached"`
	Meta    AnswerMeta `json:"meta"`
}

// Render is a result in the tool's 200 form, as the edge sends it and as the
// documents show their samples. For receipt-backed tools this is the body
// before WithPayment appends its buyer and svc_receipt members.
func Render(t *Tool, r *Result, now time.Time, sandbox bool) ([]byte, error) {
	m := AnswerMeta{Count: r.Count, Source: r.Source, GeneratedAt: now.UTC().Format(time.RFC3339), Sandbox: sandbox}
	if t.Shape == Envelope {
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

// Buyer is what a receipt-backed answer says about its buyer.
type Buyer struct {
	Payer   string `json:"payer"`
	PaidUSD string `json:"paid_usd"`
	Tx      string `json:"tx"`
	Network string `json:"network"`
}

// WithPayment appends buyer and svc_receipt, in that order, as the last
// members of a rendered receipt-backed body: response_sha256 covers the body
// before them.
func WithPayment(body []byte, b Buyer, receipt any) ([]byte, error) {
	out, err := appendMember(body, "buyer", b)
	if err != nil {
		return nil, err
	}
	return appendMember(out, "svc_receipt", receipt)
}

// appendMember adds "name":value as the last member of a JSON object, in
// a new slice sized once: obj may be shared.
func appendMember(obj []byte, name string, value any) ([]byte, error) {
	v, err := json.Marshal(value)
	if err != nil {
		return nil, err
	}
	b := append(make([]byte, 0, len(obj)+len(name)+len(v)+4), obj[:len(obj)-1]...)
	if len(bytes.TrimSpace(obj[1:len(obj)-1])) > 0 {
		b = append(b, ',')
	}
	b = append(strconv.AppendQuote(b, name), ':')
	return append(append(b, v...), '}'), nil
}
