package edge

import (
	"encoding/json"
	"strconv"
	"time"

	"github.com/coinslot/coinslot/registry"
	"github.com/valyala/fasthttp"
)

// errorBody is the one error shape: {"error":{"code","message","fields"}}.
type errorBody struct {
	Error errorDetail `json:"error"`
}

type errorDetail struct {
	Code    registry.ErrorCode    `json:"code"`
	Message string                `json:"message"`
	Reason  string                `json:"reason,omitempty"` // the x402 reason of a payment_invalid or a refused sign-in
	Fields  []registry.FieldError `json:"fields,omitempty"`
}

// writeError answers with the one error shape, in the code's status.
func writeError(ctx *fasthttp.RequestCtx, code registry.ErrorCode, message string, fields []registry.FieldError) {
	body, _ := json.Marshal(errorBody{errorDetail{Code: code, Message: message, Fields: fields}})
	accessOf(ctx).code = code
	ctx.SetStatusCode(code.Status())
	ctx.SetContentType("application/json")
	ctx.Response.Header.Set("Cache-Control", "no-store")
	ctx.SetBody(body)
}

func setRetryAfter(ctx *fasthttp.RequestCtx, d time.Duration) {
	secs := int(d.Round(time.Second) / time.Second)
	if secs < 1 {
		secs = 1
	}
	ctx.Response.Header.Set("Retry-After", strconv.Itoa(secs))
}

// writeJSON sends body without copying it: it must not change afterwards
// (a prebuilt document, or one built for this answer alone).
func writeJSON(ctx *fasthttp.RequestCtx, status int, body []byte) {
	ctx.SetStatusCode(status)
	ctx.SetContentType("application/json")
	ctx.Response.SetBodyRaw(body)
}
