package edge

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"time"
	"unicode/utf8"

	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
)

// admission is a call that passed every check decision 8 makes before a
// payment is spent on it, the same for every transport.
type admission struct {
	offer   *offer        // set once the tool is ready: refusals carry its terms
	request []byte        // the input as sent: what the receipt's request digest covers
	args    registry.Args // the validated input, defaults filled in
	payment *x402.Payment // nil: none was sent, so the answer asks for one
	trace   string        // the traceparent the tool's upstream calls carry
}

// carrier is a transport's payment, still encoded: whether one was sent,
// and the payment or why it cannot be decoded.
type carrier func() (p *x402.Payment, sent bool, err error)

// admit checks a call in the order of decision 8: size, JSON, the tool's
// parameters, readiness, then the payment's encoding. Nobody pays for a
// call that cannot succeed. On failure the admission still holds the offer
// when the tool is ready, for a payment refusal to carry. The call reads
// its limits and its terms from one generation, g, and is sold under g's
// configuration, so a reload never mixes two.
func (s *Server) admit(g *Generation, t *registry.Tool, request []byte, pay carrier) (*admission, *failure) {
	cfg := g.cfg
	a := &admission{request: request}
	if len(request) > cfg.MaxBodyBytes {
		return a, &failure{code: registry.CodeBodyTooLarge,
			message: fmt.Sprintf("the body is %d bytes; at most %d are accepted", len(request), cfg.MaxBodyBytes)}
	}
	in, problem := parseObject(request, t)
	if problem != "" {
		return a, &failure{code: registry.CodeInvalidJSON, message: "the body " + problem,
			fields: []registry.FieldError{{Name: "body", Problem: problem}}}
	}
	var f *failure
	if a.args, f = validate(t, in); f != nil {
		return a, f
	}
	if a.offer, f = s.offerFor(g, t); f != nil {
		return a, f
	}
	p, sent, err := pay()
	switch {
	case !sent:
		s.askedToPay(t)
	case err != nil:
		f = s.refused(a.offer, err)
		f.malformed = true
		return a, f
	}
	a.payment = p
	return a, nil
}

// askedToPay counts an answer that asks for payment.
func (s *Server) askedToPay(t *registry.Tool) {
	s.metrics.payments.WithLabelValues(t.Name, outcomeRequired).Inc()
}

// price says what a call costs; each transport adds how to pay.
func (s *Server) price(t *registry.Tool) string {
	return fmt.Sprintf("%s costs %s USD in USDC on %s", t.Name, t.Price, s.networkNames())
}

// parseObject reads the body of a call to t as one JSON object, numbers
// kept exact, or says what is wrong with the body.
func parseObject(body []byte, t *registry.Tool) (map[string]any, string) {
	if len(bytes.TrimSpace(body)) == 0 {
		if t.BodyRequired {
			return nil, "is required on this route: a JSON object"
		}
		return map[string]any{}, ""
	}
	if !utf8.Valid(body) { // the decoder would take it, replacing what it cannot read
		return nil, "is not valid UTF-8"
	}
	if in, ok := plainObject(body, t.Params); ok {
		return in, ""
	}
	return decodeObject(body)
}

// decodeObject reads body with encoding/json, and says what is wrong with
// it, and where, when it is not one JSON object.
func decodeObject(body []byte) (map[string]any, string) {
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var in any
	if err := dec.Decode(&in); err != nil {
		return nil, "is not valid JSON: " + syntaxError(body)
	}
	end := int(dec.InputOffset())
	if _, err := dec.Token(); err != io.EOF {
		rest := bytes.TrimLeft(body[end:], " \t\r\n")
		return nil, "has data after its JSON value, " + where(body, len(body)-len(rest))
	}
	obj, ok := in.(map[string]any)
	if !ok {
		return nil, "must be a JSON object"
	}
	return obj, ""
}

// validate checks a call's input against the tool's parameters, building
// the arguments in in.
func validate(t *registry.Tool, in map[string]any) (registry.Args, *failure) {
	args, fields := t.ValidateOwned(in)
	if len(fields) > 0 {
		return nil, &failure{code: registry.CodeInvalidParams,
			message: fmt.Sprintf("%d field(s) of the request are invalid", len(fields)), fields: fields}
	}
	return args, nil
}

// offerFor is the tool's offer in g, or why it cannot be sold now.
func (s *Server) offerFor(g *Generation, t *registry.Tool) (*offer, *failure) {
	if ok, why, retry := s.runtime.Ready(t); !ok {
		return nil, &failure{code: registry.CodeToolUnavailable, message: t.Name + " is unavailable: " + why, retryAfter: retry}
	}
	o := g.offers[t.Name]
	if o == nil { // registered after the last reload
		return nil, &failure{code: registry.CodeToolUnavailable, message: t.Name + " has no payment terms until the next reload", retryAfter: time.Minute}
	}
	return o, nil
}
