package edge

import (
	"encoding/json"

	"github.com/coinslot/coinslot/edge/x402"
	"github.com/valyala/fasthttp"
)

// allowBrowsers lets browser agents read the payment headers: without
// Expose-Headers the 402 terms and the settlement are invisible to scripts.
func allowBrowsers(ctx *fasthttp.RequestCtx) {
	h := &ctx.Response.Header
	h.Set("Access-Control-Allow-Origin", "*")
	h.Set("Access-Control-Expose-Headers", x402.HeaderRequired+", "+x402.HeaderResponse+", "+x402.HeaderResponseV1)
}

// preflight answers a CORS preflight. The x402 fetch wrappers also send
// Access-Control-Expose-Headers as a request header on the paid retry, so
// it is allowed too.
func preflight(ctx *fasthttp.RequestCtx) {
	h := &ctx.Response.Header
	h.Set("Access-Control-Allow-Methods", allowedMethods)
	h.Set("Access-Control-Allow-Headers", "Content-Type, "+x402.HeaderSignature+", "+x402.HeaderPaymentV1+", Access-Control-Expose-Headers")
	h.Set("Access-Control-Max-Age", "86400")
	h.Set("Allow", allowedMethods)
	ctx.SetStatusCode(fasthttp.StatusNoContent)
}

// writeTerms sends the tool's 402: the v2 terms in PAYMENT-REQUIRED and the
// v1 terms in the body, the same bytes for every call.
func writeTerms(ctx *fasthttp.RequestCtx, o *offer) {
	ctx.Response.Header.Set(x402.HeaderRequired, o.terms.Header)
	ctx.Response.Header.Set("Cache-Control", "no-store")
	writeJSON(ctx, fasthttp.StatusPaymentRequired, o.body)
}

// writeFailure answers a call that was not served; o is needed only for
// payment failures, which carry the terms again.
func writeFailure(ctx *fasthttp.RequestCtx, o *offer, f *failure) {
	if f.payment() {
		writeRefusal(ctx, o, f.status, f.code, f.reason, f.message)
		return
	}
	if f.code == "tool_unavailable" {
		setRetryAfter(ctx, f.retryAfter)
	}
	writeError(ctx, f.status, f.code, f.message, f.fields)
}

// writeRefusal sends a payment error. Every 402 (and the 400 for a
// malformed payment) carries the terms again, so a client can pay anew.
func writeRefusal(ctx *fasthttp.RequestCtx, o *offer, status int, code, reason, message string) {
	body, err := refusalBody(o.terms, code, reason, message)
	if err != nil {
		writeError(ctx, fasthttp.StatusInternalServerError, "internal", "the refusal could not be written", nil)
		return
	}
	ctx.Response.Header.Set(x402.HeaderRequired, o.terms.Header)
	ctx.Response.Header.Set("Cache-Control", "no-store")
	writeJSON(ctx, status, body)
}

// refusal is the error shape of decision 9 inside the v1 402 body: v1
// clients read x402Version and accepts, everyone else reads error.
type refusal struct {
	X402Version int             `json:"x402Version"`
	Error       refusalDetail   `json:"error"`
	Accepts     json.RawMessage `json:"accepts"`
}

type refusalDetail struct {
	errorDetail
	Reason string `json:"reason,omitempty"` // the x402 reason, e.g. invalid_exact_evm_payload_signature
}

func refusalBody(t *x402.Terms, code, reason, message string) ([]byte, error) {
	return json.Marshal(refusal{1, refusalDetail{errorDetail{Code: code, Message: message}, reason}, t.AcceptsV1})
}

// setSettlement sets PAYMENT-RESPONSE, or X-PAYMENT-RESPONSE for a v1 payment.
func setSettlement(ctx *fasthttp.RequestCtx, p *x402.Payment, r *x402.SettleResponse) {
	if v, err := x402.EncodeHeader(r); err == nil {
		ctx.Response.Header.Set(p.ResponseHeader(), v)
	}
}

// networkFor names the network as the payment's version does.
func networkFor(p *x402.Payment, t *x402.Terms) string {
	if p.Version() == 1 {
		return t.Network.V1Name
	}
	return t.Network.ID
}
