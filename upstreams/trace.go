package upstreams

import (
	"context"
	"net/http"
)

type traceparentKey struct{}

// WithTraceparent has the upstream requests made under ctx carry the W3C
// traceparent tp, so a call can be followed into the sources it asks.
func WithTraceparent(ctx context.Context, tp string) context.Context {
	return context.WithValue(ctx, traceparentKey{}, tp)
}

// Traced is req with the traceparent ctx carries, or req itself when it
// carries none; req is not changed.
func Traced(ctx context.Context, req *Request) *Request {
	tp, _ := ctx.Value(traceparentKey{}).(string)
	if tp == "" {
		return req
	}
	r := *req
	r.Header = req.Header.Clone()
	if r.Header == nil {
		r.Header = http.Header{}
	}
	r.Header.Set("Traceparent", tp)
	return &r
}
