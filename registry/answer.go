package registry

import (
	"bytes"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/coinslot/coinslot/upstreams"
	"github.com/segmentio/encoding/json"
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
//
// Answers are encoded by segmentio's encoding/json, which the server already
// holds through the MCP SDK: it writes the bytes encoding/json writes
// (TestRenderIsEncodingJSON over every case's answer, FuzzRenderIsEncodingJSON)
// in half its time, and every paid call renders one. An object's answer and
// its meta are written into a buffer kept for the next call, and leave in
// one copy of their size. A sandbox's answer is generated at the moment
// its recorded answers describe, whatever now is (upstreams.AnswerTime).
func Render(t *Tool, r *Result, now time.Time, sandbox bool) ([]byte, error) {
	generated := upstreams.AnswerTime(sandbox, now).UTC().Format(time.RFC3339)
	m := AnswerMeta{Count: r.Count, Source: r.Source, GeneratedAt: generated, Sandbox: sandbox}
	if t.Shape == Envelope {
		return json.Marshal(envelope{true, r.Data, r.Cached, m})
	}
	buf := renderBuffers.Get().(*[]byte)
	defer renderBuffers.Put(buf)
	body, err := json.Append((*buf)[:0], r.Data, marshalFlags)
	*buf = body
	if err != nil {
		return nil, err
	}
	if len(body) < 2 || body[0] != '{' {
		return nil, fmt.Errorf("%s answered %.20s, not a JSON object", t.Name, body)
	}
	if body, err = addMember(body, "meta", m); err != nil {
		return nil, err
	}
	*buf = body
	return bytes.Clone(body), nil
}

var renderBuffers = sync.Pool{New: func() any { return new([]byte) }}

// marshalFlags are the ones json.Marshal encodes with.
const marshalFlags = json.EscapeHTML | json.SortMapKeys

// Buyer is what a receipt-backed answer says about its buyer.
type Buyer struct {
	Payer   string `json:"payer"`
	PaidUSD string `json:"paid_usd"`
	Tx      string `json:"tx"`
	Network string `json:"network"`
}

// WithPayment appends buyer and svc_receipt, in that order, as the last
// members of a rendered receipt-backed body: response_sha256 covers the body
// before them. body may be shared (a kept answer), so they go into a copy.
func WithPayment(body []byte, b Buyer, receipt any) ([]byte, error) {
	out, err := addMember(append(make([]byte, 0, len(body)+paymentSize), body...), "buyer", b)
	if err != nil {
		return nil, err
	}
	return addMember(out, "svc_receipt", receipt)
}

// paymentSize is room for the buyer and svc_receipt members: about 1,000
// bytes for an exact payment's, a little more for a channel's.
const paymentSize = 1280

// addMember adds "name":value as the last member of the JSON object obj, in
// obj's own array.
func addMember(obj []byte, name string, value any) ([]byte, error) {
	b := obj[:len(obj)-1]
	if len(bytes.TrimSpace(b[1:])) > 0 {
		b = append(b, ',')
	}
	b, err := json.Append(append(strconv.AppendQuote(b, name), ':'), value, marshalFlags)
	if err != nil {
		return nil, err
	}
	return append(b, '}'), nil
}
