package edge

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"

	"github.com/coinslot/coinslot/config"
	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
	"github.com/valyala/fasthttp"
)

// servePaid is the paid-route pipeline. Nobody pays for a call that cannot
// succeed: input and readiness are checked before payment is asked for, and
// the payment before the tool runs (sell). The tool's answer is buffered and
// sent only once its payment is settled and recorded.
func (s *Server) servePaid(ctx *fasthttp.RequestCtx, t *registry.Tool) {
	allowBrowsers(ctx)
	switch {
	case ctx.IsOptions():
		preflight(ctx)
		return
	case ctx.IsGet() || ctx.IsHead():
		s.serveTerms(ctx, t)
		return
	case !ctx.IsPost():
		ctx.Response.Header.Set("Allow", allowedMethods)
		writeError(ctx, fasthttp.StatusMethodNotAllowed, "method_not_allowed", t.Path+" takes POST with a JSON body (GET shows the payment terms)", nil)
		return
	}
	cfg := s.cfg.Load()
	body := ctx.PostBody()
	if len(body) > cfg.MaxBodyBytes {
		writeError(ctx, fasthttp.StatusRequestEntityTooLarge, "body_too_large", fmt.Sprintf("the body is %d bytes; at most %d are accepted", len(body), cfg.MaxBodyBytes), nil)
		return
	}
	in, problem := parseObject(body, t.BodyRequired)
	if problem != "" {
		writeError(ctx, fasthttp.StatusBadRequest, "invalid_json", problem, nil)
		return
	}
	args, f := validate(t, in)
	if f != nil {
		writeFailure(ctx, nil, f)
		return
	}
	o, f := s.offerFor(t)
	if f != nil {
		writeFailure(ctx, nil, f)
		return
	}
	s.payFor(ctx, cfg, o, body, args)
}

// payFor asks for payment, or sells the call for the payment header sent.
func (s *Server) payFor(ctx *fasthttp.RequestCtx, cfg *config.Config, o *offer, body []byte, args registry.Args) {
	v2, v1 := ctx.Request.Header.Peek(x402.HeaderSignature), ctx.Request.Header.Peek(x402.HeaderPaymentV1)
	var header, value string
	switch {
	case v2 == nil && v1 == nil:
		s.metrics.payments.WithLabelValues(o.terms.Tool.Name, outcomeRequired).Inc()
		writeTerms(ctx, o)
		return
	case v2 != nil && v1 != nil:
		writeFailure(ctx, o, s.refused(o, fasthttp.StatusBadRequest, &x402.Refusal{Reason: x402.ReasonInvalidPayload,
			Message: "send one payment header: " + x402.HeaderSignature + " (v2) or " + x402.HeaderPaymentV1 + " (v1), not both"}))
		return
	case v2 != nil:
		header, value = x402.HeaderSignature, string(v2)
	default:
		header, value = x402.HeaderPaymentV1, string(v1)
	}
	payment, err := x402.DecodePayment(header, value)
	if err != nil {
		writeFailure(ctx, o, s.refused(o, fasthttp.StatusBadRequest, err))
		return
	}
	sold := s.sell(cfg, o, payment, body, args)
	if sold.settlement != nil {
		setSettlement(ctx, payment, sold.settlement)
	}
	if sold.failure != nil {
		writeFailure(ctx, o, sold.failure)
		return
	}
	ctx.Response.Header.Set("Cache-Control", "private, no-store")
	writeJSON(ctx, fasthttp.StatusOK, sold.body)
}

// allowedMethods are the methods a paid route answers.
const allowedMethods = "POST, GET, OPTIONS"

// serveTerms answers a GET: the terms, so probes and catalogs can read the
// price. It never runs the tool.
func (s *Server) serveTerms(ctx *fasthttp.RequestCtx, t *registry.Tool) {
	o, f := s.offerFor(t)
	if f != nil {
		writeFailure(ctx, nil, f)
		return
	}
	s.metrics.payments.WithLabelValues(t.Name, outcomeRequired).Inc()
	writeTerms(ctx, o)
}

// parseObject reads the body as one JSON object, numbers kept exact.
func parseObject(body []byte, required bool) (map[string]any, string) {
	if len(bytes.TrimSpace(body)) == 0 {
		if required {
			return nil, "this route needs a JSON object body"
		}
		return map[string]any{}, ""
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.UseNumber()
	var in any
	if err := dec.Decode(&in); err != nil {
		return nil, "the body is not valid JSON"
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, "the body has data after its JSON value"
	}
	obj, ok := in.(map[string]any)
	if !ok {
		return nil, "the body must be a JSON object"
	}
	return obj, ""
}

func digest(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}
