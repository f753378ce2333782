package edge

import (
	"cmp"
	"encoding/json"
	"sync"

	"github.com/coinslot/coinslot/edge/x402"
	"github.com/coinslot/coinslot/registry"
	"github.com/valyala/fasthttp"
)

// servePaid is a paid route: the call is admitted as on every transport,
// then sold; this file only reads the payment headers and writes HTTP. The
// tool's answer is sent only once its payment is settled and recorded.
func (s *Server) servePaid(ctx *fasthttp.RequestCtx, t *registry.Tool) {
	allowBrowsers(ctx)
	rec := accessOf(ctx)
	rec.tool = t.Name
	switch {
	case ctx.IsOptions():
		preflight(ctx, allowedMethods)
		return
	case ctx.IsGet() || ctx.IsHead():
		rec.required()
		s.serveTerms(ctx, t)
		return
	case !ctx.IsPost():
		ctx.Response.Header.Set("Allow", allowedMethods)
		writeError(ctx, registry.CodeMethodNotAllowed, t.Path+" takes POST with a JSON body (GET shows the payment terms)", nil)
		return
	}
	if carriesPayment(ctx) {
		if f := s.guard.address(ctx.RemoteIP()); f != nil {
			rec.sold(t.Name, nil, &sale{failure: f})
			writeFailure(ctx, nil, f)
			return
		}
	}
	g := s.gen.Load()
	a, f := s.admit(g, t, ctx.PostBody(), headerPayment(ctx))
	switch {
	case f != nil:
		if f.code.Payment() {
			rec.sold(t.Name, nil, &sale{failure: f})
		}
		writeFailure(ctx, a.offer, f)
		return
	case a.payment == nil:
		if s.serveSignedIn(ctx, g.cfg, rec, a) {
			return
		}
		rec.required()
		writeTerms(ctx, a.offer, s.challengedHeader(g.cfg, a.offer))
		return
	}
	a.trace = rec.trace.header()
	if f := s.guard.payer(a.payment); f != nil {
		rec.sold(t.Name, a.payment, &sale{failure: f})
		writeFailure(ctx, a.offer, f)
		return
	}
	rec.giveTurn() // while the tool and the settlement run
	sold := s.sell(g.cfg, a)
	if sold.settlement != nil {
		setSettlement(ctx, a.payment, sold)
	}
	rec.sold(t.Name, a.payment, sold)
	if sold.failure != nil {
		writeFailure(ctx, a.offer, sold.failure)
		return
	}
	ctx.Response.Header.Set("Cache-Control", "private, no-store")
	writeJSON(ctx, fasthttp.StatusOK, sold.body)
}

// carriesPayment says whether the request has a payment header, read or not.
func carriesPayment(ctx *fasthttp.RequestCtx) bool {
	return ctx.Request.Header.Peek(x402.HeaderSignature) != nil || ctx.Request.Header.Peek(x402.HeaderPaymentV1) != nil
}

// headerPayment is the payment of PAYMENT-SIGNATURE (v2) or X-PAYMENT (v1).
func headerPayment(ctx *fasthttp.RequestCtx) carrier {
	return func() (*x402.Payment, bool, error) {
		v2, v1 := ctx.Request.Header.Peek(x402.HeaderSignature), ctx.Request.Header.Peek(x402.HeaderPaymentV1)
		switch {
		case v2 == nil && v1 == nil:
			return nil, false, nil
		case v2 != nil && v1 != nil:
			return nil, true, &x402.Refusal{Reason: x402.ReasonInvalidPayload,
				Message: "send one payment header: " + x402.HeaderSignature + " (v2) or " + x402.HeaderPaymentV1 + " (v1), not both"}
		case v2 != nil:
			p, err := x402.DecodePayment(x402.HeaderSignature, v2)
			return p, true, err
		}
		p, err := x402.DecodePayment(x402.HeaderPaymentV1, v1)
		return p, true, err
	}
}

// allowedMethods are the methods a paid route answers.
const allowedMethods = "POST, GET, OPTIONS"

// serveTerms answers a GET: the terms, so probes and catalogs can read the
// price. It never runs the tool.
func (s *Server) serveTerms(ctx *fasthttp.RequestCtx, t *registry.Tool) {
	g := s.gen.Load()
	o, f := s.offerFor(g, t)
	if f != nil {
		writeFailure(ctx, nil, f)
		return
	}
	s.askedToPay(t)
	writeTerms(ctx, o, s.challengedHeader(g.cfg, o))
}

// payHow is what an HTTP 402 says after the price.
const payHow = ": pay with an x402 " + x402.HeaderSignature + " (v2) or " + x402.HeaderPaymentV1 + " (v1) header"

// allowBrowsers lets browser agents read the payment headers: without
// Expose-Headers the 402 terms and the settlement are invisible to scripts.
func allowBrowsers(ctx *fasthttp.RequestCtx) {
	h := &ctx.Response.Header
	h.Set("Access-Control-Allow-Origin", "*")
	h.Set("Access-Control-Expose-Headers", x402.HeaderRequired+", "+x402.HeaderResponse+", "+x402.HeaderResponseV1)
}

// preflight answers a CORS preflight for a route taking methods. The x402
// fetch wrappers also send Access-Control-Expose-Headers as a request
// header on the paid retry, so it is allowed too.
func preflight(ctx *fasthttp.RequestCtx, methods string) {
	h := &ctx.Response.Header
	h.Set("Access-Control-Allow-Methods", methods)
	h.Set("Access-Control-Allow-Headers", "Content-Type, "+x402.HeaderSignature+", "+x402.HeaderPaymentV1+", "+x402.HeaderSignInWithX+", Access-Control-Expose-Headers")
	h.Set("Access-Control-Max-Age", "86400")
	h.Set("Allow", methods)
	ctx.SetStatusCode(fasthttp.StatusNoContent)
}

// writeTerms sends the tool's 402: the v2 terms in PAYMENT-REQUIRED (the
// same bytes for every call, but for a sign-in-with-x challenge) and the
// v1 terms in the body.
func writeTerms(ctx *fasthttp.RequestCtx, o *offer, header string) {
	ctx.Response.Header.Set(x402.HeaderRequired, header)
	ctx.Response.Header.Set("Cache-Control", "no-store")
	writeJSON(ctx, fasthttp.StatusPaymentRequired, o.body)
}

// writeFailure answers a call that was not served; o is needed only for
// payment failures, which carry the terms again.
func writeFailure(ctx *fasthttp.RequestCtx, o *offer, f *failure) {
	if f.code.Payment() {
		writeRefusal(ctx, o, f)
		return
	}
	if f.code == registry.CodeToolUnavailable || f.code == registry.CodeSettlementPending || f.code == registry.CodePaymentInProgress || f.code == registry.CodeRateLimited {
		setRetryAfter(ctx, f.retryAfter)
	}
	writeError(ctx, f.code, f.message, f.fields)
}

// writeRefusal sends a payment error. It carries the terms again, so a
// client can pay anew: in PAYMENT-REQUIRED always, whose error names the
// reason (the x402 reason, or the code when there is none), and as the v1
// body of a 402; a malformed payment's 400 has the one error shape, with
// its reason.
func writeRefusal(ctx *fasthttp.RequestCtx, o *offer, f *failure) {
	required := f.required
	if required == nil {
		required = new(o.terms.Required)
		required.Error = cmp.Or(f.reason, string(f.code))
	}
	header, err := x402.EncodeHeader(required)
	body := []byte(nil)
	if err == nil {
		if f.status() == fasthttp.StatusPaymentRequired {
			body, err = refusalBody(o.terms, f.code, f.reason, f.message)
		} else {
			body, err = json.Marshal(errorBody{errorDetail{Code: f.code, Message: f.message, Reason: f.reason}})
		}
	}
	if err != nil {
		writeError(ctx, registry.CodeInternal, "the refusal could not be written", nil)
		return
	}
	ctx.Response.Header.Set(x402.HeaderRequired, header)
	ctx.Response.Header.Set("Cache-Control", "no-store")
	writeJSON(ctx, f.status(), body)
}

// refusal is the v1 402 body, decision 9's one exception to the error
// shape: the x402 v1 specification and its typed SDKs read error as a
// string, so it is the message, and the code and reason are its siblings.
type refusal struct {
	X402Version int                `json:"x402Version"`
	Error       string             `json:"error"`
	Code        registry.ErrorCode `json:"code"`
	Reason      string             `json:"reason,omitempty"` // the x402 reason, e.g. invalid_exact_evm_payload_signature
	Accepts     json.RawMessage    `json:"accepts"`
	Extensions  json.RawMessage    `json:"extensions,omitempty"`
}

func refusalBody(t *x402.Terms, code registry.ErrorCode, reason, message string) ([]byte, error) {
	return json.Marshal(refusal{1, message, code, reason, t.AcceptsV1, t.ExtensionsV1})
}

// setSettlement sets PAYMENT-RESPONSE, or X-PAYMENT-RESPONSE for a v1
// payment, from the sale's settlement as it encoded it, if it did.
func setSettlement(ctx *fasthttp.RequestCtx, p *x402.Payment, sold *sale) {
	if sold.settled != nil {
		buf := headerBuffers.Get().(*[]byte)
		*buf = x402.AppendHeader((*buf)[:0], sold.settled)
		ctx.Response.Header.SetBytesV(p.ResponseHeader(), *buf)
		headerBuffers.Put(buf)
	} else if v, err := x402.EncodeHeader(sold.settlement); err == nil {
		ctx.Response.Header.Set(p.ResponseHeader(), v)
	}
}

// headerBuffers lend setSettlement the buffer it encodes into: the header
// keeps a copy.
var headerBuffers = sync.Pool{New: func() any { return new([]byte) }}
